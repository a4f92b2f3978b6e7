import type { HttpClient } from './http-client';
import { taxId } from './sales';
import { newKey, type OrgFixture, type TestApp } from './test-app';

/**
 * A GST-complete sales setup for PDF tests, samples and benchmarks: a customer with address
 * and GSTIN, and invoice lines over several GST rates with HSN/SAC, units and discounts.
 */
export const SUPPLIER_GSTIN = '29AABCB1234F1Z4';
export const CUSTOMER_GSTIN = '29AAACR5055K1Z3';
export const OTHER_STATE_GSTIN = '27AAPFU0939F1ZV';
export const SUPPLIER_ADDRESS = '42, 1st Main Road, Koramangala\nBengaluru - 560034';

export async function gstCustomer(api: HttpClient, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await api.post('/contacts', {
    contact_name: 'Raman Traders', contact_type: 'CUSTOMER', gst_no: CUSTOMER_GSTIN, email: 'accounts@raman.example',
    billing_address: { address: '14, 2nd Cross, Indiranagar', city: 'Bengaluru', state_code: 'IN-KA', zip: '560038', country: 'India' },
    ...fields,
  });
  if (res.status !== 201) throw new Error(`gstCustomer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.contact.contact_id;
}

export async function gstVendor(api: HttpClient, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await api.post('/contacts', {
    contact_name: 'Udyog Supplies', contact_type: 'VENDOR', gst_no: OTHER_STATE_GSTIN,
    billing_address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' },
    ...fields,
  });
  if (res.status !== 201) throw new Error(`gstVendor: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.contact.contact_id;
}

/** Four lines over 18%, 12% and 5%, one with a discount; `count` repeats them (20 lines for the benchmark). */
export async function gstLines(api: HttpClient, count = 4) {
  const [t18, t12, t5] = await Promise.all([taxId(api, 18), taxId(api, 12), taxId(api, 5)]);
  const base = [
    { name: 'Laptop stand, aluminium', description: 'Adjustable height, silver finish', hsn_or_sac: '8473', quantity: 2, unit: 'pcs', rate: 1499.5, discount: 100, tax_id: t18 },
    { name: 'Wireless mouse', hsn_or_sac: '8471', quantity: 5, unit: 'pcs', rate: 799, tax_id: t18 },
    { name: 'Installation service', hsn_or_sac: '998713', quantity: 3, unit: 'hrs', rate: 1200, tax_id: t12 },
    { name: 'Printed user manuals', hsn_or_sac: '4901', quantity: 10, unit: 'nos', rate: 150.25, tax_id: t5 },
  ];
  return Array.from({ length: count }, (_, i) => base[i % base.length]!);
}

export async function gstInvoice(api: HttpClient, customerId: string, extra: Record<string, unknown> = {}, lineCount = 4) {
  const res = await api.post('/invoices', {
    customer_id: customerId, date: '2026-06-10', due_date: '2026-07-10', place_of_supply: 'IN-KA',
    reference_number: 'PO-7781', notes: 'Thank you for your business. Goods once sold will not be taken back.',
    line_items: await gstLines(api, lineCount), ...extra,
  }, { idempotencyKey: newKey() });
  if (res.status !== 201) throw new Error(`gstInvoice: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.invoice;
}

/** An organisation registered for GST (its GSTIN and head-office address set at creation), its owner and a full-access client. */
export async function gstOrg(t: TestApp, options: { name?: string; scopes?: string[]; address?: unknown } = {}): Promise<OrgFixture> {
  const created = await t.admin.post('/orgs', {
    name: options.name ?? 'Bahi Demo Traders Pvt. Ltd.', state_code: 'IN-KA', gstin: SUPPLIER_GSTIN, address: options.address ?? SUPPLIER_ADDRESS,
  });
  if (created.status !== 201) throw new Error(`gstOrg: ${created.status} ${JSON.stringify(created.body)}`);
  const orgId: string = created.body.org.org_id;
  const user = await t.admin.post(`/orgs/${orgId}/users`, { name: 'Owner', email: 'owner@example.com' });
  const { token, tokenId } = await t.given.token([orgId], { scopes: options.scopes, user_id: user.body.user.user_id });
  return { orgId, userId: user.body.user.user_id, token, tokenId, defaultBranchId: created.body.org.default_branch_id, api: t.api.withToken(token) };
}
