import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ItemLine, OutJournal } from './tally-out-vouchers.rules';

export interface TallyRange { from: string; to: string }

/** The receivable and payable types: a line on one of them with a contact is that party's. */
export const PARTY_TYPES = ['ACCOUNTS_RECEIVABLE', 'ACCOUNTS_PAYABLE'] as const;

/** Journals read at a time. */
export const TALLY_PAGE = 500;

export const orgName = (db: Db, orgId: string) =>
  db.selectFrom('orgs').select('name').where('org_id', '=', orgId).executeTakeFirstOrThrow().then((o) => o.name);

/**
 * What each account and contact moved: before the range (its opening) and whether it moved in
 * it, one row per account and contact (null on a line without a party). From the lines, as a
 * party's share of a control account is not in the day balances.
 */
export async function movements(db: Db, orgId: string, range: TallyRange) {
  const rows = await db.selectFrom('journal_lines')
    .select([
      'account_id', 'contact_id',
      sql<string | number>`sum(case when entry_date < ${range.from} then debit - credit else 0 end)`.as('before'),
      sql<string | number>`sum(case when entry_date >= ${range.from} then 1 else 0 end)`.as('in_range'),
    ])
    .where('org_id', '=', orgId).where('entry_date', '<=', range.to)
    .groupBy(['account_id', 'contact_id']).execute();
  return rows.map((r) => ({ account_id: r.account_id, contact_id: r.contact_id, before: Number(r.before), inRange: Number(r.in_range) > 0 }));
}

/** The contacts with a journal line by the range's end: those that can have a balance or a voucher. */
export const contactsWithLines = (db: Db, orgId: string, range: TallyRange) =>
  db.selectFrom('contacts').select(['contact_id', 'contact_name', 'contact_type', 'gst_no', 'gst_treatment', 'place_of_contact'])
    .where('org_id', '=', orgId)
    .where('contact_id', 'in', db.selectFrom('journal_lines').select('contact_id').distinct()
      .where('org_id', '=', orgId).where('entry_date', '<=', range.to).where('contact_id', 'is not', null).$narrowType<{ contact_id: string }>())
    .orderBy('contact_name').orderBy('contact_id').execute();

/** The goods items on the invoices and bills of the range, with their GST rate. */
export async function goodsOfRange(db: Db, orgId: string, range: TallyRange) {
  const onInvoices = db.selectFrom('invoice_lines as l').innerJoin('invoices as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.invoice_id', '=', 'l.invoice_id'))
    .select('l.item_id').where('l.org_id', '=', orgId).where('d.invoice_date', '>=', range.from).where('d.invoice_date', '<=', range.to);
  const onBills = db.selectFrom('bill_lines as l').innerJoin('bills as d', (j) => j.onRef('d.org_id', '=', 'l.org_id').onRef('d.bill_id', '=', 'l.bill_id'))
    .select('l.item_id').where('l.org_id', '=', orgId).where('d.bill_date', '>=', range.from).where('d.bill_date', '<=', range.to);
  return db.selectFrom('items as i').leftJoin('taxes as t', (j) => j.onRef('t.org_id', '=', 'i.org_id').onRef('t.tax_id', '=', 'i.tax_id'))
    .select(['i.item_id', 'i.name', 'i.unit', 'i.hsn_sac', 't.rate_centi'])
    .where('i.org_id', '=', orgId).where('i.type', '=', 'GOODS')
    .where((eb) => eb.or([eb('i.item_id', 'in', onInvoices), eb('i.item_id', 'in', onBills)]))
    .orderBy('i.name').orderBy('i.item_id').execute();
}

/**
 * The journals of the range after (date, journal), `limit` + 1 at most, each marked when its
 * reversal (or the entry it reverses) is in the range too.
 */
export async function journalsAfter(db: Db, orgId: string, range: TallyRange, after: { date: string; journalId: string } | null, limit: number) {
  let q = db.selectFrom('journals as j')
    .leftJoin('journals as r', (join) => join.onRef('r.org_id', '=', 'j.org_id').onRef('r.journal_id', '=', 'j.reversed_by_journal_id'))
    .leftJoin('journals as o', (join) => join.onRef('o.org_id', '=', 'j.org_id').onRef('o.journal_id', '=', 'j.reverses_journal_id'))
    .select(['j.journal_id', 'j.entry_date', 'j.source', 'j.source_id', 'j.source_ref', 'j.kind', 'j.memo', 'j.contact_id', 'r.entry_date as reversed_on', 'o.entry_date as reverses_of'])
    .where('j.org_id', '=', orgId).where('j.entry_date', '>=', after?.date ?? range.from).where('j.entry_date', '<=', range.to);
  if (after) q = q.where(sql<boolean>`(j.entry_date, j.journal_id) > (${after.date}, ${after.journalId})`);
  const rows = await q.orderBy('j.entry_date').orderBy('j.journal_id').limit(limit + 1).execute();
  const page = rows.slice(0, limit);
  const ids = page.map((j) => j.journal_id);
  const lines = ids.length === 0 ? [] : await db.selectFrom('journal_lines').select(['journal_id', 'account_id', 'contact_id', 'debit', 'credit'])
    .where('org_id', '=', orgId).where('journal_id', 'in', ids).orderBy('journal_id').orderBy('position').execute();
  const journals: OutJournal[] = page.map(({ reversed_on, reverses_of, ...j }) => ({
    ...j,
    pairedInRange: (reversed_on !== null && reversed_on <= range.to) || (reverses_of !== null && reverses_of >= range.from),
    lines: lines.filter((l) => l.journal_id === j.journal_id).map((l) => ({ account_id: l.account_id, contact_id: l.contact_id, debit: Number(l.debit), credit: Number(l.credit) })),
  }));
  return { journals, more: rows.length > limit };
}

/** The payment of each allocation among these. */
export async function paymentsOfAllocations(db: Db, orgId: string, allocationIds: readonly string[]): Promise<Map<string, string>> {
  if (allocationIds.length === 0) return new Map();
  const rows = await db.selectFrom('payment_allocations').select(['allocation_id', 'payment_id']).where('org_id', '=', orgId).where('allocation_id', 'in', allocationIds).execute();
  return new Map(rows.map((r) => [r.allocation_id, r.payment_id]));
}

/** The goods lines of these invoices and bills, in line order. */
export async function goodsLines(db: Db, orgId: string, invoiceIds: readonly string[], billIds: readonly string[]): Promise<ItemLine[]> {
  const columns = ['i.name as item', 'l.unit', 'l.quantity_milli', 'l.rate', 'l.item_total', 'l.account_id'] as const;
  const sales = invoiceIds.length === 0 ? [] : await db.selectFrom('invoice_lines as l')
    .innerJoin('items as i', (j) => j.onRef('i.org_id', '=', 'l.org_id').onRef('i.item_id', '=', 'l.item_id'))
    .select([...columns, 'l.invoice_id as source_id']).where('l.org_id', '=', orgId).where('i.type', '=', 'GOODS').where('l.invoice_id', 'in', invoiceIds)
    .orderBy('l.invoice_id').orderBy('l.position').execute();
  const purchases = billIds.length === 0 ? [] : await db.selectFrom('bill_lines as l')
    .innerJoin('items as i', (j) => j.onRef('i.org_id', '=', 'l.org_id').onRef('i.item_id', '=', 'l.item_id'))
    .select([...columns, 'l.bill_id as source_id']).where('l.org_id', '=', orgId).where('i.type', '=', 'GOODS').where('l.bill_id', 'in', billIds)
    .orderBy('l.bill_id').orderBy('l.position').execute();
  return [...sales, ...purchases].map((l) => ({ ...l, quantity_milli: Number(l.quantity_milli), rate: Number(l.rate), item_total: Number(l.item_total) }));
}

/** The place of supply of each of these invoices, bills and notes (a document voucher's PLACEOFSUPPLY), by id. */
export async function placesOfSupply(db: Db, orgId: string, ids: { invoices: readonly string[]; bills: readonly string[]; creditNotes: readonly string[]; debitNotes: readonly string[] }) {
  const places = new Map<string, string>();
  const read = async (rows: Promise<{ id: string; place_of_supply: string }[]>) => { for (const r of await rows) places.set(r.id, r.place_of_supply); };
  if (ids.invoices.length > 0) await read(db.selectFrom('invoices').select(['invoice_id as id', 'place_of_supply']).where('org_id', '=', orgId).where('invoice_id', 'in', ids.invoices).execute());
  if (ids.bills.length > 0) await read(db.selectFrom('bills').select(['bill_id as id', 'place_of_supply']).where('org_id', '=', orgId).where('bill_id', 'in', ids.bills).execute());
  if (ids.creditNotes.length > 0) {
    await read(db.selectFrom('credit_notes').select(['credit_note_id as id', 'place_of_supply']).where('org_id', '=', orgId).where('credit_note_id', 'in', ids.creditNotes).execute());
  }
  if (ids.debitNotes.length > 0) {
    await read(db.selectFrom('debit_notes').select(['debit_note_id as id', 'place_of_supply']).where('org_id', '=', orgId).where('debit_note_id', 'in', ids.debitNotes).execute());
  }
  return places;
}
