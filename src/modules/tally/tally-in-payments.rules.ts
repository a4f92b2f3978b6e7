import { toRupees } from '../../kernel/money';
import type { ImportUnit } from '../imports';
import { accountRefOf } from './tally-in-ledgers.rules';
import { journalUnit, type VoucherBook } from './tally-in-journals.rules';
import { documentNumber } from './tally-in-openings.rules';
import type { TallyVoucher } from './tally-in-voucher-read.rules';

/**
 * A receipt or payment between one party and one bank or cash ledger → a payment
 * (docs/rules/tally.md, "Vouchers"): money in when the party is credited, out when debited; each
 * Agst Ref bill allocation an allocation to the invoice (a customer) or bill (a vendor) of that
 * number; New Ref, Advance and On Account amounts stay unallocated, the party's advance. Any other
 * shape (several parties, bank charges, a loan received) is a journal.
 */
export function paymentUnit(voucher: TallyVoucher, book: VoucherBook): ImportUnit {
  const ledgers = voucher.entries.map((e) => ({ entry: e, ledger: book.ledger(e.ledger, voucher) }));
  const parties = ledgers.filter((l) => l.ledger.target.to === 'contact');
  const others = ledgers.filter((l) => l.ledger.target.to !== 'contact');
  const party = parties[0];
  const money = others[0];
  const incoming = voucher.base === 'Receipt';
  if (parties.length !== 1 || others.length !== 1 || party === undefined || money === undefined || money.ledger.target.to !== 'account'
    || (party.entry.paise < 0) !== incoming || party.entry.paise === 0) {
    return journalUnit(voucher, book);
  }
  const target = party.ledger.target.to === 'contact' && party.ledger.target.side === 'VENDOR' ? 'bill' : 'invoice';
  const allocations = party.entry.bills.filter((b) => /agst/i.test(b.type) && b.name !== null && b.paise > 0)
    .map((b) => ({ [`${target}_id`]: { $ref: target, name: documentNumber(b.name!) }, amount: toRupees(b.paise) }));
  const body = {
    flow: incoming ? 'INCOMING' : 'OUTGOING',
    contact_id: { $ref: 'contact', name: party.ledger.name },
    date: voucher.date,
    amount: toRupees(Math.abs(party.entry.paise)),
    mode: money.ledger.group === 'Cash-in-Hand' ? 'CASH' : 'BANK_TRANSFER',
    bank_account_id: accountRefOf(money.ledger, incoming),
    ...(voucher.number !== null ? { reference_number: voucher.number.slice(0, 100) } : {}),
    ...(voucher.narration !== null ? { description: voucher.narration.slice(0, 1000) } : {}),
    ...(allocations.length > 0 ? { allocations } : {}),
  };
  return { kind: 'payments', key: voucher.key, source: voucher.source, row: null, body };
}
