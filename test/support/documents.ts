import { accountId } from './books';
import type { HttpClient } from './http-client';
import { customer, vendor } from './sales';
import { newKey } from './test-app';

/**
 * One document of each kind that comments and attachments sit on, made through the public
 * API, with the path that deletes it (where the API offers one).
 */
export type DocumentKind =
  | 'INVOICE' | 'BILL' | 'ESTIMATE' | 'CREDIT_NOTE' | 'DEBIT_NOTE' | 'SALES_ORDER' | 'PURCHASE_ORDER' | 'PAYMENT' | 'RECEIPT' | 'EXPENSE' | 'JOURNAL' | 'CONTACT';

export interface MadeDocument {
  kind: DocumentKind;
  id: string;
  /** DELETE path of the document; null when the API offers no delete for it. */
  deletePath: string | null;
}

const DATE = '2026-06-15';

async function made(res: { status: number; body: any }, key: string, idField: string): Promise<string> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const id = res.body?.[key]?.[idField];
  if (res.status !== 201 || typeof id !== 'string') throw new Error(`${key}: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

const post = (api: HttpClient, path: string, body: unknown) => api.post(path, body, { idempotencyKey: newKey() });
const line = { name: 'Widgets', hsn_or_sac: '8471', rate: 100, quantity: 2 };

export async function makeDocument(api: HttpClient, kind: DocumentKind): Promise<MadeDocument> {
  switch (kind) {
    case 'INVOICE': {
      const id = await made(await post(api, '/invoices', { customer_id: await customer(api), date: DATE, place_of_supply: 'IN-KA', line_items: [line] }), 'invoice', 'invoice_id');
      return { kind, id, deletePath: `/invoices/${id}` };
    }
    case 'BILL': {
      const id = await made(await post(api, '/bills', { vendor_id: await vendor(api), date: DATE, place_of_supply: 'IN-KA', reference_number: newKey().slice(-10), line_items: [line] }), 'bill', 'bill_id');
      return { kind, id, deletePath: `/bills/${id}` };
    }
    case 'ESTIMATE': {
      const id = await made(await post(api, '/estimates', { customer_id: await customer(api), date: DATE, line_items: [line] }), 'estimate', 'estimate_id');
      return { kind, id, deletePath: `/estimates/${id}` };
    }
    case 'SALES_ORDER': {
      const id = await made(await post(api, '/sales_orders', { customer_id: await customer(api), date: DATE, line_items: [line] }), 'sales_order', 'sales_order_id');
      return { kind, id, deletePath: null };
    }
    case 'PURCHASE_ORDER': {
      const id = await made(await post(api, '/purchase_orders', { vendor_id: await vendor(api, { place_of_contact: 'IN-KA' }), date: DATE, line_items: [line] }), 'purchase_order', 'purchase_order_id');
      return { kind, id, deletePath: `/purchase_orders/${id}` };
    }
    case 'CREDIT_NOTE': {
      const id = await made(await post(api, '/credit_notes', { customer_id: await customer(api), date: DATE, line_items: [line] }), 'credit_note', 'credit_note_id');
      return { kind, id, deletePath: null };
    }
    case 'DEBIT_NOTE': {
      const id = await made(await post(api, '/debit_notes', { vendor_id: await vendor(api), date: DATE, line_items: [line] }), 'debit_note', 'debit_note_id');
      return { kind, id, deletePath: null };
    }
    case 'RECEIPT':
    case 'PAYMENT': {
      const incoming = kind === 'RECEIPT';
      const contactId = incoming ? await customer(api) : await vendor(api);
      const id = await made(await post(api, '/payments', { flow: incoming ? 'INCOMING' : 'OUTGOING', contact_id: contactId, date: DATE, amount: 150 }), 'payment', 'payment_id');
      return { kind, id, deletePath: `/payments/${id}` };
    }
    case 'EXPENSE': {
      const body = { date: DATE, paid_through_account_id: await accountId(api, 'Bank'), account_id: await accountId(api, 'General Expenses'), amount: 120 };
      const id = await made(await post(api, '/expenses', body), 'expense', 'expense_id');
      return { kind, id, deletePath: `/expenses/${id}` };
    }
    case 'JOURNAL': {
      const lines = [{ account_id: await accountId(api, 'Bank'), debit: 500 }, { account_id: await accountId(api, "Owner's Equity"), credit: 500 }];
      const id = await made(await post(api, '/journals', { date: DATE, memo: 'Capital', lines }), 'journal', 'journal_id');
      return { kind, id, deletePath: `/journals/${id}` };
    }
    case 'CONTACT': {
      const id = await customer(api);
      return { kind, id, deletePath: `/contacts/${id}` };
    }
  }
}
