import { resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';
import { roundDiv, toRupees, type Paise } from '../../kernel/money';
import type { ImportUnit, NameRef } from '../imports';
import { accountRefOf, gstHead, type TallyLedger } from './tally-in-ledgers.rules';
import { journalUnit, type VoucherBook } from './tally-in-journals.rules';
import type { TallyItem } from './tally-in-masters.rules';
import { documentNumber } from './tally-in-openings.rules';
import type { InventoryEntry, TallyVoucher } from './tally-in-voucher-read.rules';

/** The GST rates every organisation has a tax of, in hundredths of a per cent (docs/rules/gst-supply-and-tax.md, "Rates"). */
const GST_RATES_CENTI = [0, 25, 300, 500, 1200, 1800, 2800, 4000];

export interface DocumentBook extends VoucherBook {
  item(name: string): TallyItem | null;
}

type DocumentKind = 'invoices' | 'bills' | 'credit_notes' | 'debit_notes';
const KIND_OF: Readonly<Record<string, DocumentKind>> = { Sales: 'invoices', Purchase: 'bills', 'Credit Note': 'credit_notes', 'Debit Note': 'debit_notes' };

/** A line to price: an inventory entry, or a sales or purchase ledger's line in an accounting voucher. */
interface Taxable { paise: Paise; body: Record<string, unknown> }

/**
 * A sales, purchase, credit note or debit note voucher → the document through its create body
 * (docs/rules/tally.md, "Vouchers"): the party, the number kept, the date, the place of supply (the
 * voucher's, else the party's state on sales and the company's on purchases), lines from the
 * inventory entries (item, quantity, rate) or, without them, from the sales or purchase ledgers'
 * lines, each at its item's or ledger's GST rate or else the rate the voucher's tax ledgers give;
 * approved so that it posts. Its expected total is the party's amount, and its fallback the voucher
 * as a journal. A voucher without one party, or with a line on the wrong side, is a journal.
 */
export function documentUnit(voucher: TallyVoucher, book: DocumentBook): ImportUnit {
  const journal = journalUnit(voucher, book);
  const kind = KIND_OF[voucher.base]!;
  const ledgers = voucher.entries.map((e) => ({ entry: e, ledger: book.ledger(e.ledger, voucher) }));
  const parties = ledgers.filter((l) => l.ledger.target.to === 'contact');
  const party = parties[0];
  const sign = kind === 'invoices' || kind === 'debit_notes' ? -1 : 1; // the side a taxable line stands on, debit positive
  const taxes = ledgers.filter((l) => l.ledger.target.to === 'system_account' && l.ledger.target.keys.some((k) => gstHead(k) !== null));
  const accountLines = ledgers.filter((l) => l.ledger.target.to === 'account');
  if (parties.length !== 1 || party === undefined || party.entry.paise === 0) return journal;
  const lines: Taxable[] = voucher.inventory.length > 0
    ? voucher.inventory.map((entry) => inventoryLine(entry, book, voucher))
    : accountLines.map(({ entry, ledger }) => ({ paise: entry.paise * sign, body: ledgerLine(ledger, entry.paise * sign) }));
  if (lines.length === 0 || lines.some((l) => l.paise <= 0)) return journal;
  const taxable = lines.reduce((total, l) => total + l.paise, 0);
  const taxPaise = taxes.reduce((total, t) => total + t.entry.paise * sign, 0);
  const voucherRate = snapRate(roundDiv(BigInt(taxPaise) * 10_000n, BigInt(taxable)));
  const isNote = kind === 'credit_notes' || kind === 'debit_notes';
  const lineItems = lines.map(({ body }) => {
    const { rateCenti, account_id: account, ...rest } = body as { rateCenti: number | null; account_id?: NameRef };
    return { ...rest, ...(account === undefined ? {} : { account_id: account }), tax_id: taxRef(rateCenti ?? voucherRate) };
  });
  const place = placeOfSupply(voucher, party.ledger, kind, taxes.some((t) => t.ledger.target.to === 'system_account' && t.ledger.target.keys.some((k) => k.startsWith('cgst'))));
  return {
    kind, key: voucher.key, source: voucher.source, row: null,
    body: { ...header(voucher, kind, party.ledger.name, party.entry.bills, party.ledger), ...(place !== null ? { place_of_supply: place } : {}), line_items: lineItems },
    expectedTotal: Math.abs(party.entry.paise),
    fallback: journal,
    // Tally's Agst Ref on a note settles the bill it names there: here the note is applied to it.
    ...(isNote && party.entry.bills.some(isAgainst) ? { settlesParent: true } : {}),
  };
}

/** A bill allocation against a bill already made (Agst Ref) that names it. */
const isAgainst = (bill: TallyVoucher['entries'][number]['bills'][number]) => /agst/i.test(bill.type) && bill.name !== null;

function header(voucher: TallyVoucher, kind: DocumentKind, party: string, bills: TallyVoucher['entries'][number]['bills'], ledger: TallyLedger): Record<string, unknown> {
  const contact = { $ref: 'contact', name: party };
  const newRef = bills.find((b) => /new/i.test(b.type) && b.name !== null)?.name ?? null;
  const against = bills.find(isAgainst)?.name ?? null;
  const number = newRef ?? (kind === 'bills' ? voucher.reference ?? voucher.number : voucher.number);
  const reference = voucher.number !== null ? { reference_number: voucher.number.slice(0, 100) } : {};
  switch (kind) {
    case 'invoices':
      return { customer_id: contact, date: voucher.date, ...(number !== null ? { invoice_number: documentNumber(number) } : {}), auto_approve: true };
    case 'bills':
      return { vendor_id: contact, date: voucher.date, ...(number !== null ? { bill_number: documentNumber(number) } : {}), ...reference, auto_approve: true };
    default: {
      const vendorSide = ledger.target.to === 'contact' && ledger.target.side === 'VENDOR';
      const parent = against === null ? {} : vendorSide ? { bill_id: { $ref: 'bill', name: documentNumber(against) } } : { invoice_id: { $ref: 'invoice', name: documentNumber(against) } };
      return { [kind === 'credit_notes' ? 'customer_id' : 'vendor_id']: contact, date: voucher.date, ...parent, ...reference };
    }
  }
}

function inventoryLine(entry: InventoryEntry, book: DocumentBook, voucher: TallyVoucher): Taxable {
  const item = book.item(entry.item);
  const milli = entry.quantity?.milli ?? 1000;
  // The stated rate when quantity × rate is the amount; else the amount over the quantity (a discount, a finer rate).
  const exact = entry.rate !== null && roundDiv(BigInt(entry.rate) * BigInt(milli), 1000n) === entry.paise;
  const rate = exact ? entry.rate! : roundDiv(BigInt(entry.paise) * 1000n, BigInt(milli));
  const account = entry.ledger === null ? undefined : accountRefOf(book.ledger(entry.ledger, voucher), false);
  return {
    paise: entry.paise,
    body: {
      item_id: { $ref: 'item', name: entry.item }, quantity: milli / 1000, rate: toRupees(rate), rateCenti: item?.rateCenti ?? null,
      ...(item?.hsn ? { hsn_or_sac: item.hsn } : {}), ...(account?.$ref === 'account' ? { account_id: account } : {}),
    },
  };
}

function ledgerLine(ledger: TallyLedger, paise: Paise): Record<string, unknown> {
  return {
    name: ledger.name.slice(0, 200), quantity: 1, rate: toRupees(paise), rateCenti: ledger.taxCenti,
    ...(ledger.hsn !== null ? { hsn_or_sac: ledger.hsn } : {}), account_id: { $ref: 'account', name: ledger.name },
  };
}

/** The organisation's rate nearest to the rate the voucher's tax gives: per-line rounding moves it a hair off. */
function snapRate(centi: number): number {
  return GST_RATES_CENTI.reduce((best, rate) => (Math.abs(rate - centi) < Math.abs(best - centi) ? rate : best), GST_RATES_CENTI[0]!);
}

const taxRef = (centi: number): NameRef => ({ $ref: 'tax', name: String(centi / 100) });

function placeOfSupply(voucher: TallyVoucher, party: TallyLedger, kind: DocumentKind, intraState: boolean): string | null {
  const stated = voucher.placeOfSupply === null ? null : resolvePlaceOfSupply(voucher.placeOfSupply);
  if (stated !== null) return stated;
  const sale = kind === 'invoices' || kind === 'credit_notes';
  if (sale) return party.place;
  const company = voucher.companyState === null ? null : resolvePlaceOfSupply(voucher.companyState);
  return company ?? (intraState ? party.place : null);
}
