import type { HttpClient } from './http-client';
import { newKey } from './test-app';

/** Factories for sales documents through the public API. */
export async function customer(api: HttpClient, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await api.post('/contacts', { contact_name: `Customer ${newKey().slice(-6)}`, contact_type: 'CUSTOMER', ...fields });
  if (res.status !== 201) throw new Error(`customer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.contact.contact_id;
}

export async function taxId(api: HttpClient, percentage: number): Promise<string> {
  const res = await api.get('/taxes');
  const tax = res.body.taxes.find((t: { tax_percentage: number }) => t.tax_percentage === percentage);
  if (!tax) throw new Error(`no ${percentage}% tax`);
  return tax.tax_id;
}

export async function createInvoice(api: HttpClient, body: Record<string, unknown>, key = newKey()) {
  return api.post('/invoices', body, { idempotencyKey: key });
}

export async function vendor(api: HttpClient, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await api.post('/contacts', { contact_name: `Vendor ${newKey().slice(-6)}`, contact_type: 'VENDOR', ...fields });
  if (res.status !== 201) throw new Error(`vendor: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.contact.contact_id;
}

/** An approved (SENT) invoice of one taxed or untaxed line; returns the invoice as the API shows it. */
export async function postedInvoice(api: HttpClient, customerId: string, rate: number, extra: Record<string, unknown> = {}) {
  const res = await createInvoice(api, {
    customer_id: customerId, date: '2026-06-10', due_date: '2026-07-31', place_of_supply: 'IN-KA', auto_approve: true,
    line_items: [{ name: 'Goods', hsn_or_sac: '8471', rate, quantity: 1 }], ...extra,
  });
  if (res.status !== 201) throw new Error(`postedInvoice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.invoice;
}

/** An approved (OPEN) bill; the reference keeps the anti-duplicate guard out of the way. */
export async function postedBill(api: HttpClient, vendorId: string, rate: number, extra: Record<string, unknown> = {}) {
  const res = await api.post('/bills', {
    vendor_id: vendorId, date: '2026-06-10', due_date: '2026-07-31', place_of_supply: 'IN-KA', auto_approve: true, reference_number: newKey().slice(-12),
    line_items: [{ name: 'Supplies', rate, quantity: 1 }], ...extra,
  });
  if (res.status !== 201) throw new Error(`postedBill: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.bill;
}

export async function createCreditNote(api: HttpClient, body: Record<string, unknown>, key = newKey()) {
  return api.post('/credit_notes', body, { idempotencyKey: key });
}

export async function createDebitNote(api: HttpClient, body: Record<string, unknown>, key = newKey()) {
  return api.post('/debit_notes', body, { idempotencyKey: key });
}
