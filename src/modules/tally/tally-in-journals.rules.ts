import { toRupees } from '../../kernel/money';
import type { ImportUnit } from '../imports';
import { accountRefOf, type TallyLedger } from './tally-in-ledgers.rules';
import type { TallyVoucher } from './tally-in-voucher-read.rules';

/** How a voucher's mapping finds what its names stand for. */
export interface VoucherBook {
  ledger(name: string, voucher: TallyVoucher): TallyLedger;
}

/**
 * A voucher as a journal, its ledger lines as they are (docs/rules/tally.md, "Vouchers"): a party's
 * line on the receivable or payable account with the journal naming the party (when one party),
 * a GST ledger's on its system account. Journals and contras are written so, and a document whose
 * total Bahi cannot reach within ₹1 falls back to it.
 */
export function journalUnit(voucher: TallyVoucher, book: VoucherBook): ImportUnit {
  const lines = voucher.entries.filter((e) => e.paise !== 0).map((e) => ({
    account_id: accountRefOf(book.ledger(e.ledger, voucher), e.paise > 0),
    ...(e.paise > 0 ? { debit: toRupees(e.paise) } : { credit: toRupees(-e.paise) }),
  }));
  const parties = [...new Set(voucher.entries.map((e) => book.ledger(e.ledger, voucher)).filter((l) => l.target.to === 'contact').map((l) => l.name))];
  const body = {
    date: voucher.date,
    ...(voucher.narration !== null ? { memo: voucher.narration.slice(0, 1000) } : {}),
    ...(parties.length === 1 ? { contact_id: { $ref: 'contact', name: parties[0]! } } : {}),
    lines,
  };
  return { kind: 'journals', key: voucher.key, source: voucher.source, row: null, body };
}
