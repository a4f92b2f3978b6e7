import type { Db, Tx } from '../../db/database';
import { fromJson } from '../../db/json';
import { toRupees } from '../../kernel/money';
import type { OpeningItemRow, OpeningRow } from './opening-balances.repository';

interface StoredAccount { account_id: string; debit: number; credit: number }

const idsOf = (items: readonly OpeningItemRow[], ...kinds: string[]) => items.filter((i) => kinds.includes(i.kind)).map((i) => i.document_id);

/** The opening as answered: its accounts as given, and each item with the invoice, bill or payment it became. */
export async function presentOpening(db: Db | Tx, row: OpeningRow, items: readonly OpeningItemRow[]) {
  const none = Promise.resolve([]);
  const [invoiceIds, billIds, advanceIds] = [idsOf(items, 'INVOICE'), idsOf(items, 'BILL'), idsOf(items, 'CUSTOMER_ADVANCE', 'VENDOR_ADVANCE')];
  const [invoices, bills, advances] = await Promise.all([
    invoiceIds.length === 0 ? none : db.selectFrom('invoices')
      .select(['invoice_id as id', 'invoice_number as number', 'invoice_date as date', 'due_date', 'place_of_supply', 'total'])
      .where('org_id', '=', row.org_id).where('invoice_id', 'in', invoiceIds).execute(),
    billIds.length === 0 ? none : db.selectFrom('bills')
      .select(['bill_id as id', 'bill_number as number', 'bill_date as date', 'due_date', 'place_of_supply', 'total'])
      .where('org_id', '=', row.org_id).where('bill_id', 'in', billIds).execute(),
    advanceIds.length === 0 ? none : db.selectFrom('payments').select(['payment_id as id', 'payment_date as date', 'reference_number as reference'])
      .where('org_id', '=', row.org_id).where('payment_id', 'in', advanceIds).execute(),
  ]);
  const documents = new Map([...invoices, ...bills].map((d) => [d.id, d]));
  const payments = new Map(advances.map((p) => [p.id, p]));
  return {
    opening_balance_id: row.opening_balance_id, date: row.entry_date, journal_id: row.journal_id, version: row.version,
    accounts: (fromJson<StoredAccount[]>(row.accounts) ?? []).map((a) => ({ account_id: a.account_id, debit: toRupees(a.debit), credit: toRupees(a.credit) })),
    open_items: items.filter((i) => i.kind === 'INVOICE' || i.kind === 'BILL').map((i) => {
      const d = documents.get(i.document_id)!;
      return {
        type: i.kind as 'INVOICE' | 'BILL', invoice_id: i.kind === 'INVOICE' ? i.document_id : null, bill_id: i.kind === 'BILL' ? i.document_id : null,
        contact_id: i.contact_id, number: d.number, date: d.date, due_date: d.due_date, place_of_supply: d.place_of_supply,
        total: toRupees(Number(d.total)), open_amount: toRupees(Number(i.open_amount)),
      };
    }),
    advances: items.filter((i) => i.kind.endsWith('_ADVANCE')).map((i) => {
      const p = payments.get(i.document_id)!;
      return {
        type: i.kind === 'CUSTOMER_ADVANCE' ? 'CUSTOMER' as const : 'VENDOR' as const, payment_id: i.document_id, contact_id: i.contact_id,
        amount: toRupees(Number(i.open_amount)), date: p.date, reference: p.reference,
      };
    }),
    created_time: row.created_time, last_modified_time: row.last_modified_time,
  };
}
