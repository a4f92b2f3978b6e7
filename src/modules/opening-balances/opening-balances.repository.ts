import type { Db, Tx } from '../../db/database';
import { engineOf } from '../../db/engine';
import type { OpeningBalancesTable, OpeningItemsTable } from '../../db/import-schema';

export type OpeningRow = OpeningBalancesTable;
export type OpeningItemRow = OpeningItemsTable;

/** What stands against an opening item: something made after the books started that a replacement would orphan. */
export interface ItemUse { documentId: string; what: string }

/** The opening, its items, and what the items' removal touches. */
export const openingBalancesRepository = {
  async find(db: Db | Tx, orgId: string, forUpdate = false) {
    let q = db.selectFrom('opening_balances').selectAll().where('org_id', '=', orgId);
    if (forUpdate && engineOf(db) === 'postgres') q = q.forUpdate();
    return q.executeTakeFirst();
  },

  insert: (tx: Tx, row: OpeningRow) => tx.insertInto('opening_balances').values(row).execute(),

  update: (tx: Tx, row: OpeningRow) => tx.updateTable('opening_balances').set(row).where('org_id', '=', row.org_id).execute(),

  items: (db: Db | Tx, orgId: string) =>
    db.selectFrom('opening_items').selectAll().where('org_id', '=', orgId).orderBy('position').execute(),

  insertItems: async (tx: Tx, rows: readonly OpeningItemRow[]) => {
    if (rows.length > 0) await tx.insertInto('opening_items').values([...rows]).execute();
  },

  /** Payments, notes, applications and refunds made since against the items, even undone (they block a replacement: their entries name the items). */
  async uses(tx: Tx, orgId: string, items: readonly OpeningItemRow[]): Promise<ItemUse[]> {
    const ids = items.map((i) => i.document_id);
    if (ids.length === 0) return [];
    const [allocations, creditNotes, debitNotes, creditApplications, debitApplications, refunds] = await Promise.all([
      tx.selectFrom('payment_allocations').select(['invoice_id', 'bill_id', 'payment_id', 'allocation_id'])
        .where('org_id', '=', orgId)
        .where((eb) => eb.or([eb('invoice_id', 'in', ids), eb('bill_id', 'in', ids), eb('payment_id', 'in', ids)])).execute(),
      tx.selectFrom('credit_notes').select(['invoice_id', 'bill_id', 'credit_note_id']).where('org_id', '=', orgId)
        .where((eb) => eb.or([eb('invoice_id', 'in', ids), eb('bill_id', 'in', ids)])).execute(),
      tx.selectFrom('debit_notes').select(['invoice_id', 'bill_id', 'debit_note_id']).where('org_id', '=', orgId)
        .where((eb) => eb.or([eb('invoice_id', 'in', ids), eb('bill_id', 'in', ids)])).execute(),
      tx.selectFrom('credit_note_applications').select(['invoice_id', 'bill_id', 'credit_note_id']).where('org_id', '=', orgId)
        .where((eb) => eb.or([eb('invoice_id', 'in', ids), eb('bill_id', 'in', ids)])).execute(),
      tx.selectFrom('debit_note_applications').select(['bill_id', 'debit_note_id']).where('org_id', '=', orgId).where('bill_id', 'in', ids).execute(),
      tx.selectFrom('advance_refunds').select(['payment_id', 'refund_id']).where('org_id', '=', orgId).where('payment_id', 'in', ids).execute(),
    ]);
    const named = new Set(ids);
    const documentOf = (...candidates: (string | null)[]) => candidates.find((c): c is string => c !== null && named.has(c)) ?? '';
    return [
      ...allocations.map((a) => ({ documentId: documentOf(a.invoice_id, a.bill_id, a.payment_id), what: `payment ${a.payment_id} (allocation ${a.allocation_id})` })),
      ...creditNotes.map((n) => ({ documentId: documentOf(n.invoice_id, n.bill_id), what: `credit note ${n.credit_note_id}` })),
      ...debitNotes.map((n) => ({ documentId: documentOf(n.invoice_id, n.bill_id), what: `debit note ${n.debit_note_id}` })),
      ...creditApplications.map((n) => ({ documentId: documentOf(n.invoice_id, n.bill_id), what: `credit note ${n.credit_note_id}` })),
      ...debitApplications.map((n) => ({ documentId: n.bill_id, what: `debit note ${n.debit_note_id}` })),
      ...refunds.map((r) => ({ documentId: r.payment_id, what: `advance refund ${r.refund_id}` })),
    ];
  },

  /**
   * Removes the items of a replaced opening: the invoices and bills with their lines, the
   * advances' payment rows, and the invoice numbers' claims in the registry, so that the new
   * opening may give them again. None posted an entry of its own and nothing stands against them.
   */
  async removeItems(tx: Tx, orgId: string, items: readonly OpeningItemRow[]): Promise<void> {
    const ofKind = (...kinds: string[]) => items.filter((i) => kinds.includes(i.kind)).map((i) => i.document_id);
    const [invoices, bills, advances] = [ofKind('INVOICE'), ofKind('BILL'), ofKind('CUSTOMER_ADVANCE', 'VENDOR_ADVANCE')];
    if (invoices.length > 0) {
      await tx.deleteFrom('invoice_lines').where('org_id', '=', orgId).where('invoice_id', 'in', invoices).execute();
      await tx.deleteFrom('invoices').where('org_id', '=', orgId).where('invoice_id', 'in', invoices).execute();
      await tx.deleteFrom('issued_numbers').where('org_id', '=', orgId).where('document_type', '=', 'invoice').where('document_id', 'in', invoices).execute();
    }
    if (bills.length > 0) {
      await tx.deleteFrom('bill_lines').where('org_id', '=', orgId).where('bill_id', 'in', bills).execute();
      await tx.deleteFrom('bills').where('org_id', '=', orgId).where('bill_id', 'in', bills).execute();
    }
    if (advances.length > 0) {
      await tx.deleteFrom('payments').where('org_id', '=', orgId).where('payment_id', 'in', advances).execute();
    }
    await tx.deleteFrom('opening_items').where('org_id', '=', orgId).execute();
  },

  /** The organisation's TAXABLE GST rates: an open item's line keeps the tax of its rate, so notes against it find it. */
  taxableRates: (tx: Tx, orgId: string) =>
    tx.selectFrom('taxes').select(['tax_id', 'rate_centi']).where('org_id', '=', orgId).where('supply_type', '=', 'TAXABLE').orderBy('tax_id').execute(),

  /** Sets the contacts' opening_balance to what the opening gives each (0 for every contact it does not name). */
  async setContactBalances(tx: Tx, orgId: string, balances: ReadonlyMap<string, number>): Promise<void> {
    await tx.updateTable('contacts').set({ opening_balance: 0 }).where('org_id', '=', orgId).where('opening_balance', '!=', 0).execute();
    for (const [contactId, balance] of balances) {
      if (balance !== 0) await tx.updateTable('contacts').set({ opening_balance: balance }).where('org_id', '=', orgId).where('contact_id', '=', contactId).execute();
    }
  },
};
