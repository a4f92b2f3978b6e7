import type { LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';

/** A journal as the export reads it. `pairedInRange`: it and the entry reversing it (or reversed by it) both fall in the range. */
export interface OutJournal {
  journal_id: string;
  entry_date: LocalDate;
  source: string;
  source_id: string;
  source_ref: string | null;
  kind: string;
  memo: string | null;
  contact_id: string | null;
  pairedInRange: boolean;
  lines: readonly { account_id: string; contact_id: string | null; debit: Paise; credit: Paise }[];
}

/** A goods line of an invoice or bill: what becomes an inventory entry. */
export interface ItemLine { source_id: string; item: string; unit: string | null; quantity_milli: number; rate: Paise; item_total: Paise; account_id: string }

/** Where lines go: each account's ledger, each contact's party ledger, and the accounts that hold parties' balances. */
export interface LedgerBook {
  accountLedger: ReadonlyMap<string, string>;
  partyLedger: ReadonlyMap<string, string>;
  /** Receivable and payable accounts (advances included): a line on one with a contact is the party's. */
  partyAccounts: ReadonlySet<string>;
  /** The receivable and payable control accounts: what an allocation settles. */
  controlAccounts: ReadonlySet<string>;
  /** An ALLOCATION's payment. */
  paymentOfAllocation: ReadonlyMap<string, string>;
  /** An invoice's, bill's or note's place of supply (IN-KA), by its id. */
  placeOfSupply: ReadonlyMap<string, string>;
}

export type VoucherType = 'Sales' | 'Purchase' | 'Credit Note' | 'Debit Note' | 'Receipt' | 'Payment' | 'Journal';
export interface BillAllocation { type: 'New Ref' | 'Agst Ref' | 'On Account'; name: string | null; amount: Paise }
/** Amounts in Tally's sign: negative a debit, positive a credit. */
export interface LedgerEntry { ledger: string; amount: Paise; isParty: boolean; bills: BillAllocation[] }
export interface InventoryEntry { item: string; unit: string | null; quantity_milli: number; rate: Paise; amount: Paise; ledger: string }
export interface TallyVoucher {
  guid: string; date: LocalDate; type: VoucherType; number: string | null; narration: string | null; party: string | null;
  /** A document's place of supply (IN-KA); null on receipts, payments and journals. */
  placeOfSupply: string | null;
  inventory: InventoryEntry[]; entries: LedgerEntry[];
}

const DOCUMENT_TYPES: Readonly<Record<string, VoucherType>> = { INVOICE: 'Sales', BILL: 'Purchase' };
/** The voucher types of documents, which carry a party's bill and a place of supply. */
const isDocument = (type: VoucherType) => type !== 'Journal' && type !== 'Receipt' && type !== 'Payment';

/**
 * A day's journals as Tally vouchers (docs/rules/tally.md, "Vouchers"). An entry and its reversal
 * that both fall in the range cancel and are left out. A payment takes in its allocations of the
 * same day, so a receipt credits the party once with its bills "Agst Ref". Lines are summed per
 * ledger (a receivable and an advance of one party are one party ledger); a voucher whose
 * ledgers all sum to nothing (an advance applied later: party to party) is left out.
 */
export function dayVouchers(journals: readonly OutJournal[], book: LedgerBook, itemLines: readonly ItemLine[]): TallyVoucher[] {
  const groups: OutJournal[][] = [];
  const paymentGroup = new Map<string, OutJournal[]>();
  for (const j of journals) {
    if (j.pairedInRange) continue;
    const payment = j.source === 'ALLOCATION' && j.kind === 'POSTING' ? book.paymentOfAllocation.get(j.source_id) : undefined;
    const host = payment === undefined ? undefined : paymentGroup.get(payment);
    if (host) { host.push(j); continue; }
    const group = [j];
    groups.push(group);
    if (j.source === 'PAYMENT' && j.kind === 'POSTING') paymentGroup.set(j.source_id, group);
  }
  return groups.flatMap((g) => {
    const v = voucherOf(g, book, itemLines);
    return v ? [v] : [];
  });
}

function ledgerOfLine(line: OutJournal['lines'][number], book: LedgerBook): { ledger: string; isParty: boolean } {
  const party = line.contact_id !== null && book.partyAccounts.has(line.account_id) ? book.partyLedger.get(line.contact_id) : undefined;
  if (party !== undefined) return { ledger: party, isParty: true };
  const ledger = book.accountLedger.get(line.account_id);
  if (ledger === undefined) throw new Error(`account ${line.account_id} has no ledger in the export`);
  return { ledger, isParty: false };
}

/** The voucher type: documents by their kind, notes and payments by the side the party is on, the rest journals. */
function typeOf(head: OutJournal, partyAmount: Paise | null): VoucherType {
  if (head.kind !== 'POSTING') return 'Journal';
  const document = DOCUMENT_TYPES[head.source];
  if (document) return document;
  if (partyAmount === null) return 'Journal';
  if (head.source === 'CREDIT_NOTE' || head.source === 'DEBIT_NOTE') return partyAmount > 0 ? 'Credit Note' : 'Debit Note';
  if (head.source === 'PAYMENT') return partyAmount > 0 ? 'Receipt' : 'Payment';
  return 'Journal';
}

function voucherOf(group: readonly OutJournal[], book: LedgerBook, itemLines: readonly ItemLine[]): TallyVoucher | null {
  const head = group[0]!;
  const sums = new Map<string, LedgerEntry>();
  const settled: BillAllocation[] = [];
  for (const j of group) {
    for (const line of j.lines) {
      const { ledger, isParty } = ledgerOfLine(line, book);
      const entry = sums.get(ledger) ?? { ledger, amount: 0, isParty, bills: [] };
      entry.amount += line.credit - line.debit;
      sums.set(ledger, entry);
    }
    if (j !== head && j.source_ref !== null) {
      const amount = j.lines.filter((l) => book.controlAccounts.has(l.account_id)).reduce((s, l) => s + l.credit - l.debit, 0);
      if (amount !== 0) settled.push({ type: 'Agst Ref', name: j.source_ref, amount });
    }
  }
  const nonZero = [...sums.values()].filter((e) => e.amount !== 0);
  if (nonZero.length === 0) return null;
  const partyName = head.contact_id === null ? undefined : book.partyLedger.get(head.contact_id);
  const type = typeOf(head, nonZero.find((e) => e.isParty && e.ledger === partyName)?.amount ?? null);
  const { inventory, entries } = withInventory(type, nonZero, head, book, itemLines);
  const partyEntry = entries.find((e) => e.isParty && e.ledger === partyName) ?? null;
  for (const e of entries.filter((x) => x.isParty)) e.bills = billsOf(e, e === partyEntry ? type : 'Journal', head.source_ref, settled);
  const ordered = partyEntry ? [partyEntry, ...entries.filter((e) => e !== partyEntry)] : entries;
  return {
    guid: `bahi-${head.journal_id}`, date: head.entry_date, type, number: head.source_ref, narration: head.memo,
    party: type === 'Journal' ? null : partyEntry?.ledger ?? null, placeOfSupply: isDocument(type) ? book.placeOfSupply.get(head.source_id) ?? null : null, inventory, entries: ordered,
  };
}

/**
 * A party entry's bills: a document's own number New Ref; a payment's allocations Agst Ref each
 * invoice or bill; what is left On Account.
 */
function billsOf(entry: LedgerEntry, type: VoucherType, number: string | null, settled: readonly BillAllocation[]): BillAllocation[] {
  const own = isDocument(type) && number !== null ? [{ type: 'New Ref' as const, name: number, amount: entry.amount }] : [];
  const named = [...own, ...(type === 'Receipt' || type === 'Payment' ? settled : [])];
  const rest = entry.amount - named.reduce((s, b) => s + b.amount, 0);
  return rest === 0 ? named : [...named, { type: 'On Account', name: null, amount: rest }];
}

/**
 * An invoice's or bill's goods lines as inventory entries, each allocated to its income or
 * purchase ledger, that ledger's entry keeping only what the goods do not explain (a service line,
 * a blocked credit's tax). When the goods would take more than their ledger holds, or the other
 * way (a foreign-currency document), the voucher keeps its ledger entries alone.
 */
function withInventory(type: VoucherType, entries: LedgerEntry[], head: OutJournal, book: LedgerBook, itemLines: readonly ItemLine[]) {
  const lines = type === 'Sales' || type === 'Purchase' ? itemLines.filter((l) => l.source_id === head.source_id) : [];
  const sign = type === 'Sales' ? 1 : -1;
  const inventory = lines.map((l) => {
    const ledger = book.accountLedger.get(l.account_id) ?? '';
    return { item: l.item, unit: l.unit, quantity_milli: l.quantity_milli, rate: l.rate, amount: sign * l.item_total, ledger };
  });
  const left = entries.map((e) => ({ ...e, amount: e.amount - inventory.filter((i) => i.ledger === e.ledger).reduce((s, i) => s + i.amount, 0) }));
  const fits = inventory.every((i) => {
    const after = left.find((e) => e.ledger === i.ledger);
    return after !== undefined && after.amount * sign >= 0;
  });
  if (inventory.length === 0 || !fits) return { inventory: [], entries };
  return { inventory, entries: left.filter((e) => e.amount !== 0) };
}
