import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import type { ItcReversalsTable } from '../../db/itc-schema';
import type { LocalDate } from '../../kernel/local-date';

export type ItcReversalRow = ItcReversalsTable;

/** Bills whose entry is posted and stands: a draft has none, a void one is reversed. */
const POSTED_BILL_STATUSES = ['OPEN', 'PARTIALLY_PAID', 'PAID'];

const BILL_COLUMNS = [
  'b.bill_id', 'b.bill_number', 'b.branch_id', 'b.status', 'b.vendor_id', 'b.vendor_name', 'b.bill_date', 'b.currency_code', 'b.exchange_rate_micro', 'b.total', 'b.balance',
  'b.is_rcm', 'b.party', 'b.supply_type', 'b.place_of_supply', 'br.state_code as branch_state',
] as const;

/** The bills Rule 37 reads, amounts in each bill's currency (paise). */
export const itcReversalsRepository = {
  /**
   * What payments, vendor credits and debit notes dated after `asOf` took off each bill: added
   * back to its balance it gives what was unpaid on `asOf` (as the payables ageing reads it).
   */
  async appliedAfter(db: Db | Tx, orgId: string, asOf: LocalDate): Promise<Map<string, number>> {
    const [payments, vendorCredits, debitNotes] = await Promise.all([
      db.selectFrom('payment_allocations as a')
        .innerJoin('payments as p', (j) => j.onRef('p.org_id', '=', 'a.org_id').onRef('p.payment_id', '=', 'a.payment_id'))
        .select(['a.bill_id', 'a.document_amount as amount'])
        .where('a.org_id', '=', orgId).where('a.bill_id', 'is not', null).where('a.released', '=', 0).where('p.deleted', '=', 0).where('p.payment_date', '>', asOf).execute(),
      db.selectFrom('credit_note_applications as a')
        .innerJoin('credit_notes as n', (j) => j.onRef('n.org_id', '=', 'a.org_id').onRef('n.credit_note_id', '=', 'a.credit_note_id'))
        .select(['a.bill_id', 'a.amount'])
        .where('a.org_id', '=', orgId).where('a.bill_id', 'is not', null).where('a.released', '=', 0).where('n.note_date', '>', asOf).execute(),
      db.selectFrom('debit_note_applications as a')
        .innerJoin('debit_notes as n', (j) => j.onRef('n.org_id', '=', 'a.org_id').onRef('n.debit_note_id', '=', 'a.debit_note_id'))
        .select(['a.bill_id', 'a.amount'])
        .where('a.org_id', '=', orgId).where('a.released', '=', 0).where('n.note_date', '>', asOf).execute(),
    ]);
    const later = new Map<string, number>();
    for (const a of [...payments, ...vendorCredits, ...debitNotes]) later.set(a.bill_id!, (later.get(a.bill_id!) ?? 0) + Number(a.amount));
    return later;
  },

  /**
   * The posted bills of the branches dated before `before` that were open on `asOf`: open now
   * (a partial index holds them) or settled by something dated after it.
   */
  openBills(db: Db | Tx, orgId: string, branches: readonly string[], before: LocalDate, settledLater: readonly string[]) {
    return db.selectFrom('bills as b')
      .innerJoin('branches as br', (j) => j.onRef('br.org_id', '=', 'b.org_id').onRef('br.branch_id', '=', 'b.branch_id'))
      .select(BILL_COLUMNS)
      .where('b.org_id', '=', orgId).where('b.branch_id', 'in', branches).where('b.status', 'in', POSTED_BILL_STATUSES).where('b.bill_date', '<', before)
      .where((eb) => (settledLater.length === 0 ? eb('b.balance', '>', 0) : eb.or([eb('b.balance', '>', 0), eb('b.bill_id', 'in', settledLater)])))
      .orderBy('b.bill_date').orderBy('b.bill_id').execute();
  },

  /** Named bills of the branches, posted or not (a reversed bill voided since is still listed by its reversal). */
  bills(db: Db | Tx, orgId: string, branches: readonly string[], billIds: readonly string[]) {
    if (billIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('bills as b')
      .innerJoin('branches as br', (j) => j.onRef('br.org_id', '=', 'b.org_id').onRef('br.branch_id', '=', 'b.branch_id'))
      .select(BILL_COLUMNS)
      .where('b.org_id', '=', orgId).where('b.branch_id', 'in', branches).where('b.bill_id', 'in', billIds)
      .orderBy('b.bill_date').orderBy('b.bill_id').execute();
  },

  /** The tax of the bills' lines with whether s.17(5) blocks it, in each bill's currency. */
  lines: (db: Db | Tx, orgId: string, billIds: readonly string[]) =>
    billIds.length === 0 ? Promise.resolve([])
      : db.selectFrom('bill_lines').select(['bill_id', 'igst', 'cgst', 'sgst', 'cess', 'itc_blocked_reason'])
        .where('org_id', '=', orgId).where('bill_id', 'in', billIds).execute(),

  /** Every reversal and reclaim of the organisation's bills, oldest first. */
  rows: (db: Db | Tx, orgId: string, billIds?: readonly string[]): Promise<ItcReversalRow[]> => {
    if (billIds?.length === 0) return Promise.resolve([]);
    let q = db.selectFrom('itc_reversals').selectAll().where('org_id', '=', orgId);
    if (billIds) q = q.where('bill_id', 'in', billIds);
    return q.orderBy('created_time').orderBy('itc_reversal_id').execute();
  },

  /**
   * Locks the bills for the rest of the transaction (PostgreSQL; SQLite runs one writer at a
   * time), so two postings at once cannot both find a bill without its reversal.
   */
  async lockBills(tx: Tx, orgId: string, billIds: readonly string[]) {
    if (billIds.length === 0 || engineOf(tx) !== 'postgres') return;
    await tx.selectFrom('bills').select('bill_id').where('org_id', '=', orgId).where('bill_id', 'in', billIds).orderBy('bill_id').forUpdate().execute();
  },

  /** Every GSTIN the organisation holds: its own and its branches'. */
  async ownGstins(db: Db | Tx, orgId: string): Promise<(string | null)[]> {
    const org = await db.selectFrom('orgs').select('gstin').where('org_id', '=', orgId).executeTakeFirstOrThrow();
    const branches = await db.selectFrom('branches').select('gstin').where('org_id', '=', orgId).execute();
    return [org.gstin, ...branches.map((b) => b.gstin)];
  },

  insert: (tx: Tx, row: ItcReversalRow) => tx.insertInto('itc_reversals').values(row).execute(),
};

export type Rule37BillRow = Awaited<ReturnType<typeof itcReversalsRepository.openBills>>[number];
