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
