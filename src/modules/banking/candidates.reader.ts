import type { ExpressionBuilder } from 'kysely';
import type { Db, Tx } from '../../db/database';
import type { Tables } from '../../db/schema';
import type { LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';
import { partyText, type PartyText } from './match-score.rules';

/**
 * The book entries a bank line may be (docs/rules/banking.md, "Suggestions and matching"). An
 * entry is a journal source and its id (a payment, an expense, a manual journal, …); what it is
 * to an account is Σ(debit − credit) of its standing lines there: postings not reversed, so a
 * deleted or voided document, an edited one's earlier version and a deleted journal are not
 * entries. A payment's line on the bank is its amount less bank charges and TDS, an expense's
 * its paid-through line, a journal's its line on the account.
 */
export interface BookEntry {
  source: string;
  sourceId: string;
  date: LocalDate;
  /** + into the account, − out of it. */
  amount: Paise;
  /** PAYMENT, EXPENSE, JOURNAL, TRANSFER (a manual journal between BANK and CASH accounts only), or the source's own name. */
  kind: string;
  /** A payment's INCOMING or OUTGOING; null for any other entry. */
  flow: string | null;
  reference: string | null;
  contactId: string | null;
  partyName: string | null;
  description: string | null;
  party: PartyText;
}

export const entryKey = (source: string, sourceId: string) => `${source}:${sourceId}`;

/** Money that moves between the organisation's own accounts: a manual journal touching only these is a transfer. */
const MONEY_ACCOUNT_TYPES = new Set(['BANK', 'CASH']);
/** Rows looked up per IN list: well under either engine's limit on bound parameters. */
const CHUNK = 500;

type Reader = Db | Tx;
type Scope =
  | { kind: 'window'; from: LocalDate; to: LocalDate }
  | { kind: 'entries'; keys: ReadonlyArray<{ source: string; sourceId: string }> };

async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...await read(ids.slice(i, i + CHUNK)));
  return out;
}

/** An entry matched to a line of this account already (an entry between two accounts may be matched once on each). */
const matchedOnAccount = (orgId: string, accountId: string) => (eb: ExpressionBuilder<Tables, 'journals'>) => eb.exists(
  eb.selectFrom('bank_matches as m')
    .innerJoin('bank_transactions as b', (join) => join.onRef('b.org_id', '=', 'm.org_id').onRef('b.bank_transaction_id', '=', 'm.bank_transaction_id'))
    .select('m.bank_match_id')
    .whereRef('m.org_id', '=', 'journals.org_id').whereRef('m.source', '=', 'journals.source').whereRef('m.source_id', '=', 'journals.source_id')
    .where('b.account_id', '=', accountId).where('m.org_id', '=', orgId),
);

/** Each entry's standing postings to the account, summed: one row per source and id. */
async function postings(reader: Reader, orgId: string, accountId: string, scope: Scope) {
  let q = reader.selectFrom('journal_lines as l')
    .innerJoin('journals', (join) => join.onRef('journals.org_id', '=', 'l.org_id').onRef('journals.journal_id', '=', 'l.journal_id'))
    .select(({ fn }) => [
      'journals.source', 'journals.source_id',
      fn.min<string>('journals.entry_date').as('entry_date'), fn.max<string>('journals.journal_id').as('journal_id'),
      fn.max<string | null>('journals.source_ref').as('source_ref'), fn.max<string | null>('journals.memo').as('memo'),
      fn.max<string | null>('journals.contact_id').as('contact_id'),
      fn.sum<number>('l.debit').as('debit'), fn.sum<number>('l.credit').as('credit'),
    ])
    .where('l.org_id', '=', orgId).where('l.account_id', '=', accountId)
    .where('journals.kind', '=', 'POSTING').where('journals.reversed_by_journal_id', 'is', null);
  if (scope.kind === 'window') {
    q = q.where('l.entry_date', '>=', scope.from).where('l.entry_date', '<=', scope.to).where((eb) => eb.not(matchedOnAccount(orgId, accountId)(eb)));
  } else {
    const keys = scope.keys;
    q = q.where((eb) => eb.or(keys.map((k) => eb.and([eb('journals.source', '=', k.source), eb('journals.source_id', '=', k.sourceId)]))));
  }
  const rows = await q.groupBy(['journals.source', 'journals.source_id']).execute();
  return rows.map((r) => ({ ...r, amount: Number(r.debit) - Number(r.credit) })).filter((r) => r.amount !== 0);
}

type Posting = Awaited<ReturnType<typeof postings>>[number];

/** What each kind of source adds: its party, reference, description and flow. */
async function describe(reader: Reader, orgId: string, rows: readonly Posting[]): Promise<BookEntry[]> {
  const idsOf = (source: string) => rows.filter((r) => r.source === source).map((r) => r.source_id);
  const paymentIds = idsOf('PAYMENT');
  const [payments, refunds, expenses] = await Promise.all([
    inChunks(paymentIds, (chunk) => reader.selectFrom('payments').select(['payment_id', 'flow', 'contact_id', 'contact_name', 'reference_number', 'voucher_number', 'description'])
      .where('org_id', '=', orgId).where('payment_id', 'in', chunk).execute()),
    // An advance's refund posts under PAYMENT with the refund's id.
    inChunks(paymentIds, (chunk) => reader.selectFrom('advance_refunds as r')
      .innerJoin('payments as p', (join) => join.onRef('p.org_id', '=', 'r.org_id').onRef('p.payment_id', '=', 'r.payment_id'))
      .select(['r.refund_id', 'r.reference', 'r.voucher_number', 'p.contact_id', 'p.contact_name', 'p.payment_id'])
      .where('r.org_id', '=', orgId).where('r.refund_id', 'in', chunk).execute()),
    inChunks(idsOf('EXPENSE'), (chunk) => reader.selectFrom('expenses').select(['expense_id', 'vendor_id', 'vendor_name', 'reference_number', 'notes'])
      .where('org_id', '=', orgId).where('expense_id', 'in', chunk).execute()),
  ]);
  const manualJournals = rows.filter((r) => r.source === 'MANUAL').map((r) => r.journal_id);
  const accountTypes = await inChunks(manualJournals, (chunk) => reader.selectFrom('journal_lines as l')
    .innerJoin('accounts as a', (join) => join.onRef('a.org_id', '=', 'l.org_id').onRef('a.account_id', '=', 'l.account_id'))
    .select(['l.journal_id', 'a.account_type']).where('l.org_id', '=', orgId).where('l.journal_id', 'in', chunk).execute());
  const notTransfers = new Set(accountTypes.filter((r) => !MONEY_ACCOUNT_TYPES.has(r.account_type)).map((r) => r.journal_id));

  const paymentById = new Map(payments.map((p) => [p.payment_id, p]));
  const refundById = new Map(refunds.map((r) => [r.refund_id, r]));
  const expenseById = new Map(expenses.map((e) => [e.expense_id, e]));
  const described = rows.map((r) => {
    const base = { source: r.source, sourceId: r.source_id, date: r.entry_date, amount: r.amount, flow: null as string | null };
    const payment = r.source === 'PAYMENT' ? paymentById.get(r.source_id) : undefined;
    if (payment) {
      return { ...base, kind: 'PAYMENT', flow: payment.flow, reference: payment.reference_number ?? payment.voucher_number, contactId: payment.contact_id, partyName: payment.contact_name, description: payment.description };
    }
    const refund = r.source === 'PAYMENT' ? refundById.get(r.source_id) : undefined;
    if (refund) {
      return { ...base, kind: 'PAYMENT', flow: 'OUTGOING', reference: refund.reference ?? refund.voucher_number, contactId: refund.contact_id, partyName: refund.contact_name, description: `Refund of the advance of payment ${refund.payment_id}` };
    }
    const expense = r.source === 'EXPENSE' ? expenseById.get(r.source_id) : undefined;
    if (expense) {
      return { ...base, kind: 'EXPENSE', reference: expense.reference_number, contactId: expense.vendor_id, partyName: expense.vendor_name, description: expense.notes };
    }
    const kind = r.source !== 'MANUAL' ? r.source : notTransfers.has(r.journal_id) ? 'JOURNAL' : 'TRANSFER';
    return { ...base, kind, reference: r.source_ref, contactId: r.contact_id, partyName: null as string | null, description: r.memo };
  });

  const contactIds = [...new Set(described.map((e) => e.contactId).filter((id): id is string => id !== null))];
  const contacts = await inChunks(contactIds, (chunk) => reader.selectFrom('contacts')
    .select(['contact_id', 'contact_name', 'display_name', 'legal_name', 'company_name', 'upi_vpa'])
    .where('org_id', '=', orgId).where('contact_id', 'in', chunk).execute());
  const contactById = new Map(contacts.map((c) => [c.contact_id, c]));
  return described.map((e) => {
    const c = e.contactId ? contactById.get(e.contactId) : undefined;
    const names = [e.partyName, c?.contact_name, c?.display_name, c?.legal_name, c?.company_name];
    return { ...e, partyName: e.partyName ?? c?.contact_name ?? null, party: partyText([...new Set(names)], c?.upi_vpa ?? null) };
  });
}

export const candidatesReader = {
  /**
   * The entries dated within [from, to] that post to the account and are matched to none of its
   * lines; with `amounts`, only those of one of these amounts (suggestions want no other, and
   * describing an entry costs more than summing it).
   */
  async inWindow(reader: Reader, orgId: string, accountId: string, from: LocalDate, to: LocalDate, amounts?: ReadonlySet<Paise>): Promise<BookEntry[]> {
    const rows = await postings(reader, orgId, accountId, { kind: 'window', from, to });
    return describe(reader, orgId, amounts ? rows.filter((r) => amounts.has(r.amount)) : rows);
  },

  /** The named entries as they stand on the account, whatever their date; an entry missing here does not post to it. */
  async named(reader: Reader, orgId: string, accountId: string, keys: ReadonlyArray<{ source: string; sourceId: string }>): Promise<BookEntry[]> {
    if (keys.length === 0) return [];
    return describe(reader, orgId, await postings(reader, orgId, accountId, { kind: 'entries', keys }));
  },

  /** Of the named entries, those with a standing posting anywhere in the books: an entry not among them is unknown (404). */
  async standing(reader: Reader, orgId: string, keys: ReadonlyArray<{ source: string; sourceId: string }>): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await reader.selectFrom('journals').select(['source', 'source_id'])
      .where('org_id', '=', orgId).where('kind', '=', 'POSTING').where('reversed_by_journal_id', 'is', null)
      .where((eb) => eb.or(keys.map((k) => eb.and([eb('source', '=', k.source), eb('source_id', '=', k.sourceId)]))))
      .execute();
    return new Set(rows.map((r) => entryKey(r.source, r.source_id)));
  },

  /** The entries matched already to lines of the account, among the named. */
  async matchedOnAccount(reader: Reader, orgId: string, accountId: string, keys: ReadonlyArray<{ source: string; sourceId: string }>): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await reader.selectFrom('bank_matches as m')
      .innerJoin('bank_transactions as b', (join) => join.onRef('b.org_id', '=', 'm.org_id').onRef('b.bank_transaction_id', '=', 'm.bank_transaction_id'))
      .select(['m.source', 'm.source_id'])
      .where('m.org_id', '=', orgId).where('b.account_id', '=', accountId)
      .where((eb) => eb.or(keys.map((k) => eb.and([eb('m.source', '=', k.source), eb('m.source_id', '=', k.sourceId)]))))
      .execute();
    return new Set(rows.map((r) => entryKey(r.source, r.source_id)));
  },
};
