import type { ActivityAlias } from '../modules/activity';
import { contactsRepository } from '../modules/contacts';

/** A service that can say whether a document of an organisation exists (its own `exists`). */
interface Existing {
  exists(orgId: string, id: string): Promise<boolean>;
}

interface AliasedDocuments {
  invoices: Existing;
  payments: Existing;
  bills: Existing;
  estimates: Existing;
  salesOrders: Existing;
  purchaseOrders: Existing;
  expenses: Existing;
  creditNotes: Existing;
  debitNotes: Existing;
}

/** A document's timeline, its existence asked of the document's own service. */
const documentAlias = (alias: Omit<ActivityAlias, 'exists'>, service: Existing): ActivityAlias =>
  ({ ...alias, exists: (_db, orgId, id) => service.exists(orgId, id) });

/** The resources whose timeline is also served under their own path, `/<collection>/{id}/activity` (activityAliasRoutes). */
export function activityAliases(d: AliasedDocuments): ActivityAlias[] {
  return [
    {
      collection: 'contacts', param: 'contact_id', entityType: 'CONTACT', operationId: 'listContactActivity',
      exists: async (db, orgId, id) => (await contactsRepository.find(db, orgId, id)) !== undefined,
    },
    documentAlias({ collection: 'invoices', param: 'invoice_id', entityType: 'INVOICE', operationId: 'listInvoiceActivity' }, d.invoices),
    documentAlias({ collection: 'payments', param: 'payment_id', entityType: 'PAYMENT', operationId: 'listPaymentActivity' }, d.payments),
    documentAlias({ collection: 'bills', param: 'bill_id', entityType: 'BILL', operationId: 'listBillActivity' }, d.bills),
    documentAlias({ collection: 'estimates', param: 'estimate_id', entityType: 'ESTIMATE', operationId: 'listEstimateActivity' }, d.estimates),
    documentAlias({ collection: 'sales_orders', param: 'sales_order_id', entityType: 'SALES_ORDER', operationId: 'listSalesOrderActivity' }, d.salesOrders),
    documentAlias({ collection: 'purchase_orders', param: 'purchase_order_id', entityType: 'PURCHASE_ORDER', operationId: 'listPurchaseOrderActivity' }, d.purchaseOrders),
    documentAlias({ collection: 'expenses', param: 'expense_id', entityType: 'EXPENSE', operationId: 'listExpenseActivity' }, d.expenses),
    documentAlias({ collection: 'credit_notes', param: 'credit_note_id', entityType: 'CREDIT_NOTE', operationId: 'listCreditNoteActivity' }, d.creditNotes),
    documentAlias({ collection: 'debit_notes', param: 'debit_note_id', entityType: 'DEBIT_NOTE', operationId: 'listDebitNoteActivity' }, d.debitNotes),
  ];
}
