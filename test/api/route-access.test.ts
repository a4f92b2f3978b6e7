import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fullPath, PUBLIC_PREFIX, type RouteDef } from '../../src/http/route';
import { ALL_SCOPES, FULL_ACCESS } from '../../src/platform/auth/scopes';
import { HttpClient, type ApiResponse } from '../support/http-client';
import { fetchOpenApi, sampleOf, type JsonSchema } from '../support/openapi-doc';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Deny by default, proven over the whole route table rather than route by route, so a
 * route added later is covered without touching this file:
 *  (a) every route declares who may call it, and a token without the route's scope is refused;
 *  (b) every public operation taking an id refuses another organisation's id with 404.
 */

let t: TestApp;
const UNLIMITED = 1_000_000;
// Webhook endpoints of the tenancy makers point at a closed loopback port, which the SSRF guard allows only so.
beforeAll(async () => { t = await startTestApp({ BAHI_WEBHOOK_ALLOW_PRIVATE: '1' }); });
afterAll(async () => { await t.close(); });

const DUMMY_ID = 'zz_dummy_0000000000';
const withDummyIds = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, DUMMY_ID);
const describeRoute = (r: RouteDef) => `${r.method} ${fullPath(r)} (${r.operationId})`;
// Bearer-token routes: not open, not admin, and not those whose URL carries its own signature.
const publicRoutes = () => t.app.routes.filter((r) => r.access !== 'open' && r.access !== 'admin' && r.access !== 'signed-url');
const scopedRoutes = () => publicRoutes().filter((r) => r.access !== 'any-token');

function call(client: HttpClient, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const mutating = method !== 'GET';
  return client.request(method, path, body, { headers, ...(mutating && { idempotencyKey: newKey() }) });
}

const openApi = () => fetchOpenApi(t.baseUrl);

describe('(a) access rules', () => {
  it('every route declares an access rule: a known scope, any-token, admin, open or signed-url', () => {
    const valid = new Set<string>(['open', 'admin', 'any-token', 'signed-url', ...ALL_SCOPES.filter((s) => s !== FULL_ACCESS)]);
    const missing = t.app.routes.filter((r) => typeof r.access !== 'string' || !valid.has(r.access)).map(describeRoute);
    expect(missing, 'routes without a valid `access`').toEqual([]);
    expect(t.app.routes.length).toBeGreaterThan(10);
  });

  it('every route in the OpenAPI document comes from the route table, and vice versa', async () => {
    const doc = await openApi();
    const served = new Set<string>();
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const method of Object.keys(ops)) served.add(`${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`);
    }
    const declared = new Set(t.app.routes.map((r) => `${r.method} ${fullPath(r)}`));
    expect([...served].filter((k) => !declared.has(k)), 'served but not in app.routes (no access rule)').toEqual([]);
    expect([...declared].filter((k) => !served.has(k)), 'in app.routes but missing from OpenAPI').toEqual([]);
  });

  it('every route but the open ones refuses a request without credentials with 401', async () => {
    const failures: string[] = [];
    const root = new HttpClient(t.baseUrl);
    // A signed-url route needs no token, but without its signature it serves nothing: 400 (the signature is required).
    const refusedStatus = (r: RouteDef) => (r.access === 'signed-url' ? 400 : 401);
    for (const r of t.app.routes) {
      const res = await root.request(r.method, withDummyIds(fullPath(r)));
      const ok = r.access === 'open' ? res.status < 400
        : r.access === 'signed-url' ? res.status === 400 && res.body?.code === 'validation.required_field'
          : res.status === 401 && res.body?.code === 'authn.token_invalid';
      if (!ok) failures.push(`${describeRoute(r)}: ${res.status} ${JSON.stringify(res.body)}`);
      // Fastify answers HEAD for every GET route: it must go through the same gate.
      if (r.method === 'GET' && r.access !== 'open') {
        const head = await root.request('HEAD', withDummyIds(fullPath(r)));
        if (head.status !== refusedStatus(r)) failures.push(`HEAD ${fullPath(r)} (${r.operationId}): ${head.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('admin routes refuse a public full-access token with 401', async () => {
    const org = await t.given.org({ rate_limit_per_minute: UNLIMITED });
    const failures: string[] = [];
    for (const r of t.app.routes.filter((x) => x.access === 'admin')) {
      const res = await new HttpClient(t.baseUrl, org.token).request(r.method, withDummyIds(fullPath(r)));
      if (res.status !== 401 || res.body?.code !== 'authn.token_invalid') failures.push(`${describeRoute(r)}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(failures).toEqual([]);
  });

  it('every scoped public route refuses a token holding only an unrelated scope with 403', async () => {
    const org = await t.given.org({ rate_limit_per_minute: UNLIMITED });
    // Two single-scope tokens, so each route can be tried with a scope other than its own.
    const holders = await Promise.all(['Svc.comments.DELETE', 'Svc.debitnotes.READ'].map(async (scope) => ({
      scope, api: t.api.withToken((await t.given.token([org.orgId], { scopes: [scope], rate_limit_per_minute: UNLIMITED })).token),
    })));
    const routes = scopedRoutes();
    expect(routes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const r of routes) {
      const holder = holders.find((h) => h.scope !== r.access)!;
      const res = await call(holder.api, r.method, withDummyIds(r.url));
      const code = r.scopeErrorCode ?? 'authz.scope_missing';
      if (res.status !== 403 || res.body?.code !== code) {
        failures.push(`${describeRoute(r)} with ${holder.scope}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/* ------------------------------------------------------------------------------------------ */

/**
 * How to get an id of organisation A for each path parameter. A maker creates the resource;
 * parameters without one are looked up in A's data (see idOfA). When a route's parameter can
 * be neither made nor found, the test fails naming the route: add a maker here.
 */
type Maker = (a: OrgFixture) => Promise<string>;

async function created(res: ApiResponse, key: string, idField: string): Promise<string> {
  const id = res.body?.[key]?.[idField];
  if (res.status !== 201 || typeof id !== 'string') throw new Error(`maker for ${idField}: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}

async function accountOfA(a: OrgFixture, name: string): Promise<string> {
  const accounts = (await a.api.get('/accounts?per_page=200')).body.accounts as { account_id: string; account_name: string }[];
  const found = accounts.find((x) => x.account_name === name);
  if (!found) throw new Error(`org A has no account named ${name}`);
  return found.account_id;
}

/** A GSTIN of org A: a branch registered in Maharashtra, made once per organisation. */
const branchGstins = new WeakMap<OrgFixture, Promise<string>>();
function gstinOfA(a: OrgFixture): Promise<string> {
  let gstin = branchGstins.get(a);
  if (!gstin) {
    gstin = t.admin.post(`/orgs/${a.orgId}/branches`, { name: 'Tenant A Pune', state_code: 'IN-MH', gstin: '27AABCB1234F1Z8' })
      .then((res) => created(res, 'branch', 'gstin'));
    branchGstins.set(a, gstin);
  }
  return gstin;
}

/** A BANK account of org A, made once per organisation: the account of every /bank_accounts/{account_id} route. */
const bankAccounts = new WeakMap<OrgFixture, Promise<string>>();
function bankAccountOfA(a: OrgFixture): Promise<string> {
  let account = bankAccounts.get(a);
  if (!account) {
    account = t.admin.post(`/orgs/${a.orgId}/accounts`, { account_name: 'Tenant A Current Account', account_type: 'BANK' }).then((res) => created(res, 'account', 'account_id'));
    bankAccounts.set(a, account);
  }
  return account;
}

/** A period of org A's with a return marked filed: April 2025, before anything the makers create, so it refuses none of them. */
const FILED_PERIOD = '042025';
const FILING = { return: 'GSTR1', arn: 'AA270525000123X', filed_on: '2025-05-10' };

const MAKERS: Record<string, Maker> = {
  gstin: gstinOfA,
  period: async (a) => {
    const res = await a.api.put(`/gst/returns/${await gstinOfA(a)}/${FILED_PERIOD}/filed`, FILING, { idempotencyKey: newKey() });
    if (res.status !== 200) throw new Error(`maker for period: ${res.status} ${JSON.stringify(res.body)}`);
    return FILED_PERIOD;
  },
  contact_id: async (a) => created(await a.api.post('/contacts', { contact_name: 'Tenant A Customer' }, { idempotencyKey: newKey() }), 'contact', 'contact_id'),
  item_id: async (a) => created(await a.api.post('/items', { name: 'Tenant A Widget', rate: 250 }, { idempotencyKey: newKey() }), 'item', 'item_id'),
  // A BANK account: an account read, and a bank account's statements and reconciliations, leaking across organisations would answer.
  account_id: bankAccountOfA,
  journal_id: async (a) => {
    const [bank, equity] = [await accountOfA(a, 'Bank'), await accountOfA(a, "Owner's Equity")];
    const today = t.clock.now().toISOString().slice(0, 10);
    const res = await a.api.post('/journals', {
      date: today, memo: 'Tenant A capital',
      lines: [{ account_id: bank, debit: 1000 }, { account_id: equity, credit: 1000 }],
    }, { idempotencyKey: newKey() });
    return created(res, 'journal', 'journal_id');
  },
  // A DRAFT, so every invoice action (update, approve, void, delete) would succeed if tenancy leaked.
  invoice_id: async (a) => {
    const customerId = await created(await a.api.post('/contacts', { contact_name: 'Tenant A Buyer', contact_type: 'CUSTOMER' }, { idempotencyKey: newKey() }), 'contact', 'contact_id');
    const res = await a.api.post('/invoices', {
      customer_id: customerId, date: t.clock.now().toISOString().slice(0, 10), place_of_supply: 'IN-KA',
      line_items: [{ name: 'Consulting', hsn_or_sac: '998311', rate: 1000, quantity: 1 }],
    }, { idempotencyKey: newKey() });
    return created(res, 'invoice', 'invoice_id');
  },
  // DRAFTs too: accept, status moves and delete would succeed if tenancy leaked, and anything but 404 fails.
  estimate_id: async (a) => {
    const customerId = await created(await a.api.post('/contacts', { contact_name: 'Tenant A Prospect', contact_type: 'CUSTOMER' }, { idempotencyKey: newKey() }), 'contact', 'contact_id');
    const res = await a.api.post('/estimates', {
      customer_id: customerId, date: t.clock.now().toISOString().slice(0, 10), line_items: [{ name: 'Consulting', rate: 1000, quantity: 1 }],
    }, { idempotencyKey: newKey() });
    return created(res, 'estimate', 'estimate_id');
  },
  sales_order_id: async (a) => {
    const customerId = await created(await a.api.post('/contacts', { contact_name: 'Tenant A Orderer', contact_type: 'CUSTOMER' }, { idempotencyKey: newKey() }), 'contact', 'contact_id');
    const res = await a.api.post('/sales_orders', {
      customer_id: customerId, date: t.clock.now().toISOString().slice(0, 10), line_items: [{ name: 'Rods', rate: 100, quantity: 5 }],
    }, { idempotencyKey: newKey() });
    return created(res, 'sales_order', 'sales_order_id');
  },
  // A receipt partly applied to an invoice: apply, update, unapply and delete would all succeed if
  // tenancy leaked; its allocation is found through GET /payments/{payment_id}.
  payment_id: async (a) => {
    const customerId = await created(await a.api.post('/contacts', { contact_name: 'Tenant A Payer', contact_type: 'CUSTOMER' }, { idempotencyKey: newKey() }), 'contact', 'contact_id');
    const today = t.clock.now().toISOString().slice(0, 10);
    const invoiceId = await created(await a.api.post('/invoices', {
      customer_id: customerId, date: today, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Work', hsn_or_sac: '9983', rate: 500 }],
    }, { idempotencyKey: newKey() }), 'invoice', 'invoice_id');
    const res = await a.api.post('/payments', {
      flow: 'INCOMING', contact_id: customerId, date: today, amount: 100, allocations: [{ invoice_id: invoiceId, amount: 50 }],
    }, { idempotencyKey: newKey() });
    return created(res, 'payment', 'payment_id');
  },
  // A DRAFT bill: approve, update, void and delete would all succeed if tenancy leaked.
  bill_id: async (a) => {
    const vendorId = await created(await a.api.post('/contacts', { contact_name: 'Tenant A Supplier', contact_type: 'VENDOR' }, { idempotencyKey: newKey() }), 'contact', 'contact_id');
    const res = await a.api.post('/bills', {
      vendor_id: vendorId, date: t.clock.now().toISOString().slice(0, 10), place_of_supply: 'IN-KA', line_items: [{ name: 'Paper', rate: 100, quantity: 1 }],
    }, { idempotencyKey: newKey() });
    return created(res, 'bill', 'bill_id');
  },
  // A DRAFT purchase order: an update or delete leaking across organisations would succeed (convert would be 409, not 404).
  purchase_order_id: async (a) => {
    const vendorId = await created(await a.api.post('/contacts', { contact_name: 'Tenant A Mill', contact_type: 'VENDOR', place_of_contact: 'IN-KA' }, { idempotencyKey: newKey() }), 'contact', 'contact_id');
    const res = await a.api.post('/purchase_orders', {
      vendor_id: vendorId, date: t.clock.now().toISOString().slice(0, 10), line_items: [{ name: 'Yarn', rate: 100, quantity: 5 }],
    }, { idempotencyKey: newKey() });
    return created(res, 'purchase_order', 'purchase_order_id');
  },
  // A posted expense: an update or delete leaking across organisations would re-post or reverse it.
  expense_id: async (a) => {
    const [bank, general] = [await accountOfA(a, 'Bank'), await accountOfA(a, 'General Expenses')];
    const res = await a.api.post('/expenses', {
      date: t.clock.now().toISOString().slice(0, 10), paid_through_account_id: bank, account_id: general, amount: 100,
    }, { idempotencyKey: newKey() });
    return created(res, 'expense', 'expense_id');
  },
  // An ISSUED on-approval challan: a void or an invoice link leaking across organisations would succeed.
  delivery_challan_id: async (a) => {
    const customerId = await created(await a.api.post('/contacts', { contact_name: 'Tenant A Approver', contact_type: 'CUSTOMER', place_of_contact: 'IN-KA' }, { idempotencyKey: newKey() }), 'contact', 'contact_id');
    const res = await a.api.post('/delivery_challans', {
      reason: 'ON_APPROVAL', contact_id: customerId, date: t.clock.now().toISOString().slice(0, 10), line_items: [{ name: 'Saree', hsn_or_sac: '5007', rate: 5000, quantity: 1 }],
    }, { idempotencyKey: newKey() });
    return created(res, 'delivery_challan', 'delivery_challan_id');
  },
  // A posted Bill of Entry: reading it across organisations would leak its customs figures.
  bill_of_entry_id: async (a) => {
    const res = await a.api.post('/bills_of_entry', {
      number: '1000001', date: t.clock.now().toISOString().slice(0, 10), port_code: 'INMAA1', assessable_value: 1000, igst: 180, paid_through_account_id: await accountOfA(a, 'Bank'),
    }, { idempotencyKey: newKey() });
    return created(res, 'bill_of_entry', 'bill_of_entry_id');
  },
  // A statement of one line on the bank account: its line is what an exclude or restore leaking across organisations would change.
  statement_id: async (a) => {
    const form = new FormData();
    form.set('file', new Blob(['Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n01/06/26,UPI-TENANT A,1,01/06/26,,100.00,100.00\n']), 'tenant-a.csv');
    return created(await a.api.postForm(`/bank_accounts/${await bankAccountOfA(a)}/statements`, form, { idempotencyKey: newKey() }), 'bank_statement', 'statement_id');
  },
  bank_transaction_id: async (a) => {
    await MAKERS.statement_id!(a);
    const res = await a.api.get(`/bank_transactions?account_id=${await bankAccountOfA(a)}`);
    const id = res.body?.bank_transactions?.[0]?.bank_transaction_id;
    if (typeof id !== 'string') throw new Error(`maker for bank_transaction_id: ${res.status} ${JSON.stringify(res.body)}`);
    return id;
  },
  // A reconciliation row of the books' side is named by its document's id: a linking or refusing leaking across organisations would record a decision.
  reconciliation_id: (a) => MAKERS.expense_id!(a),
  // A Tally import of org A's: its run, errors or reconciliation leaking across organisations would show A's books.
  import_id: async (a) => {
    const form = new FormData();
    form.set('kind', 'tally');
    form.set('format', 'tally_xml');
    const sample = (name: string) => new Blob([fs.readFileSync(new URL(`../fixtures/tally/samples/${name}`, import.meta.url))]);
    form.set('file', sample('masters.xml'), 'masters.xml');
    form.set('trial_balance', sample('trial-balance.xml'), 'trial-balance.xml');
    const res = await a.api.postForm('/imports', form, { idempotencyKey: newKey() });
    if (res.status !== 202) throw new Error(`maker for import_id: ${res.status} ${JSON.stringify(res.body)}`);
    const importId = res.body.import.import_id as string;
    // Its reconciliation answers once the run is over.
    for (let polls = 0; (await a.api.get(`/imports/${importId}`)).body.import.status !== 'COMPLETED'; polls++) {
      if (polls > 400) throw new Error('maker for import_id: the run did not finish');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return importId;
  },
  // An open reconciliation of a bank account: a close or reopen leaking across organisations would change it.
  bank_reconciliation_id: async (a) => {
    const res = await a.api.post(`/bank_accounts/${await bankAccountOfA(a)}/reconciliations`, { statement_date: t.clock.now().toISOString().slice(0, 10), closing_balance: 0 }, { idempotencyKey: newKey() });
    return created(res, 'reconciliation', 'reconciliation_id');
  },
  // An ISSUED note half applied to an invoice: an apply or unapply (its application is found through
  // GET /credit_notes/{credit_note_id}) leaking across organisations would succeed; an update or void would be 409, not 404.
  credit_note_id: async (a) => {
    const customerId = await created(await a.api.post('/contacts', { contact_name: 'Tenant A Returner', contact_type: 'CUSTOMER' }, { idempotencyKey: newKey() }), 'contact', 'contact_id');
    const today = t.clock.now().toISOString().slice(0, 10);
    const invoiceId = await created(await a.api.post('/invoices', {
      customer_id: customerId, date: today, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Rods', hsn_or_sac: '7214', rate: 500 }],
    }, { idempotencyKey: newKey() }), 'invoice', 'invoice_id');
    const res = await a.api.post('/credit_notes', {
      customer_id: customerId, date: today, line_items: [{ name: 'Returned rods', hsn_or_sac: '7214', rate: 100, quantity: 1 }],
    }, { idempotencyKey: newKey() });
    const noteId = await created(res, 'credit_note', 'credit_note_id');
    await a.api.post(`/credit_notes/${noteId}/apply-to-invoice`, { invoice_id: invoiceId, amount: 50 }, { idempotencyKey: newKey() });
    return noteId;
  },
  // Likewise half applied, to a bill.
  debit_note_id: async (a) => {
    const vendorId = await created(await a.api.post('/contacts', { contact_name: 'Tenant A Mill Return', contact_type: 'VENDOR' }, { idempotencyKey: newKey() }), 'contact', 'contact_id');
    const today = t.clock.now().toISOString().slice(0, 10);
    const billId = await created(await a.api.post('/bills', {
      vendor_id: vendorId, date: today, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Yarn', rate: 500 }],
    }, { idempotencyKey: newKey() }), 'bill', 'bill_id');
    const res = await a.api.post('/debit_notes', {
      vendor_id: vendorId, date: today, line_items: [{ name: 'Returned yarn', rate: 100, quantity: 1 }],
    }, { idempotencyKey: newKey() });
    const noteId = await created(res, 'debit_note', 'debit_note_id');
    await a.api.post(`/debit_notes/${noteId}/apply-to-bill`, { bill_id: billId, amount: 50 }, { idempotencyKey: newKey() });
    return noteId;
  },
  // A journal schedule: run, pause, resume, update and delete would all succeed if tenancy leaked.
  schedule_id: async (a) => {
    const [bank, equity] = [await accountOfA(a, 'Bank'), await accountOfA(a, "Owner's Equity")];
    const res = await a.api.post('/recurring', {
      entity_type: 'JOURNAL', name: 'Tenant A monthly', frequency: 'MONTHLY', start_date: t.clock.now().toISOString().slice(0, 10),
      template_payload: { memo: 'Tenant A capital', lines: [{ account_id: bank, debit: 10 }, { account_id: equity, credit: 10 }] },
    }, { idempotencyKey: newKey() });
    return created(res, 'recurring', 'recurring_id');
  },

  comment_id: async (a) => {
    const invoiceId = await MAKERS.invoice_id!(a);
    return created(await a.api.post('/comments', { entity_type: 'INVOICE', entity_id: invoiceId, body: 'Tenant A note' }, { idempotencyKey: newKey() }), 'comment', 'comment_id');
  },
  attachment_id: async (a) => {
    const form = new FormData();
    form.set('entity_type', 'INVOICE');
    form.set('entity_id', 'inv_tenant_a');
    form.set('file', new Blob(['Tenant A statement\n']), 'statement.txt');
    return created(await a.api.postForm('/attachments', form, { idempotencyKey: newKey() }), 'attachment', 'attachment_id');
  },
  // An endpoint on a closed loopback port: its deliveries stay PENDING, so a leaked delete or replay would show.
  endpoint_id: async (a) => created(await a.api.post('/webhooks/endpoints', { url: 'http://127.0.0.1:1/hook', events: ['EXPENSE_CREATED'] }), 'endpoint', 'endpoint_id'),
  rule_id: async (a) => created(await a.api.post('/bank_rules', {
    name: 'Tenant A rule', condition: { contains: 'TENANT A' }, action: 'SUGGEST', target: { type: 'JOURNAL', account_id: await accountOfA(a, 'Other Income') },
  }), 'bank_rule', 'bank_rule_id'),
  delivery_id: async (a) => {
    const endpoint = await MAKERS.endpoint_id!(a);
    await MAKERS.expense_id!(a);
    await t.admin.post('/jobs/run', {});
    const res = await a.api.get(`/webhooks/deliveries?endpoint_id=${endpoint}`);
    const id = res.body?.deliveries?.[0]?.delivery_id;
    if (typeof id !== 'string') throw new Error(`maker for delivery_id: ${res.status} ${JSON.stringify(res.body)}`);
    return id;
  },
};

const IRN_BODY = { irn: 'a'.repeat(64), ack_no: '1', ack_date: '2026-06-15T11:30:00', signed_qr_code: 'a.b.c' };

/** Bodies for operations whose minimal schema sample would not pass validation (key: operationId). */
const BODIES: Record<string, (a: OrgFixture) => unknown> = {
  excludeBankTransaction: () => ({ reason: 'Tenant B' }),
  // A valid body, so the payment lookup (404 for org B) is what answers.
  applyPayment: () => ({ invoice_id: 'inv_any', amount: 1 }),
  refundAdvance: () => ({ amount: 1, date: '2026-06-15' }),
  // The IRN's patterns (64 hex characters, a JWT) are beyond the sample: a valid body, so the document lookup answers.
  recordInvoiceIrn: () => IRN_BODY,
  recordCreditNoteIrn: () => IRN_BODY,
  recordDebitNoteIrn: () => IRN_BODY,
  markReturnFiled: () => FILING,
  // The port code's and number's patterns are beyond the sample.
  setInvoiceShippingBill: () => ({ port_code: 'INNSA1', number: '1234567', date: '2026-06-12' }),
  // The e-way bill number's pattern (12 digits) is beyond the sample.
  cancelInvoiceEWayBill: () => ({ ewaybill_no: '391000000001', cancel_reason: 2, cancel_remarks: 'Order cancelled' }),
  cancelBillEWayBill: () => ({ ewaybill_no: '391000000001', cancel_reason: 2, cancel_remarks: 'Order cancelled' }),
  cancelBillOfEntryEWayBill: () => ({ ewaybill_no: '391000000001', cancel_reason: 2, cancel_remarks: 'Order cancelled' }),
  cancelCreditNoteEWayBill: () => ({ ewaybill_no: '391000000001', cancel_reason: 2, cancel_remarks: 'Order cancelled' }),
  cancelDeliveryChallanEWayBill: () => ({ ewaybill_no: '391000000001', cancel_reason: 2, cancel_remarks: 'Order cancelled' }),
};

/** Query strings an operation needs besides its path ids (key: operationId). */
const QUERIES: Record<string, string> = { getFiledReturn: '?return=GSTR1', reopenReturn: '?return=GSTR1' };

/** The first string under `key` anywhere in a JSON value. */
function findId(value: unknown, key: string): string | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = findId(v, key);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record[key] === 'string') return record[key];
    for (const v of Object.values(record)) {
      const found = findId(v, key);
      if (found) return found;
    }
  }
  return undefined;
}

/** Reads of a GST document built from another (e-invoice, e-way bill), which refuse a draft or a document without goods. */
const GST_DOCUMENT_READS = new Set(['getInvoiceEInvoice', 'getCreditNoteEInvoice', 'getDebitNoteEInvoice', 'getInvoiceEWayBill', 'getBillEWayBill', 'getBillOfEntryEWayBill', 'getDeliveryChallanEWayBill', 'getCreditNoteEWayBill']);

/** Operations whose path parameter names no organisation's record (an import template's kind): the same for every organisation. */
const SHARED_PATHS = new Set(['getImportTemplate']);

const fill = (path: string, ids: Map<string, string>) => path.replace(/\{([^}]+)\}/g, (_, p: string) => ids.get(p) ?? `{${p}}`);

describe('(b) tenancy: another organisation\'s ids are 404 on every public operation that takes one', () => {
  let a: OrgFixture;
  let b: OrgFixture;
  const ids = new Map<string, string>();
  const made = new Set<string>();
  let operations: { method: string; path: string; operationId: string; bodySchema?: JsonSchema }[] = [];

  beforeAll(async () => {
    a = await t.given.org({ name: 'Tenant A', rate_limit_per_minute: UNLIMITED });
    b = await t.given.org({ name: 'Tenant B', rate_limit_per_minute: UNLIMITED });
    const doc = await openApi();
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.startsWith(`${PUBLIC_PREFIX}/`) || !path.includes('{')) continue;
      for (const [method, op] of Object.entries(ops)) {
        if (SHARED_PATHS.has(op.operationId)) continue;
        operations.push({
          method: method.toUpperCase(), path: path.slice(PUBLIC_PREFIX.length), operationId: op.operationId,
          bodySchema: op.requestBody?.content?.['application/json']?.schema,
        });
      }
    }
    // Reads first, deletes last: a leaking delete must not hide a leaking read.
    const rank = (m: string) => ({ GET: 0, POST: 1, PUT: 1, DELETE: 2 }[m] ?? 1);
    operations = operations.sort((x, y) => rank(x.method) - rank(y.method));
  });

  /**
   * An id of org A for `param` in `path`: made by a maker, else found by reading the
   * collection the parameter sits in (`/things` for `/things/{thing_id}`) or, for a nested
   * parameter, its parent resource; else the test cannot cover the route and says so.
   */
  async function idOfA(param: string, path: string, operationId: string): Promise<string> {
    const known = ids.get(param);
    if (known) return known;
    const maker = MAKERS[param];
    if (maker) {
      const id = await maker(a);
      ids.set(param, id);
      made.add(param);
      return id;
    }
    const at = path.indexOf(`{${param}}`);
    const collection = path.slice(0, at).replace(/\/$/, '');
    const parent = collection.replace(/\/[^/{}]+$/, '');
    for (const candidate of [collection, parent]) {
      if (!candidate || fill(candidate, ids).includes('{')) continue;
      const res = await a.api.get(`${fill(candidate, ids)}${candidate === collection ? '?per_page=200' : ''}`);
      if (res.status !== 200) continue;
      const id = findId(res.body, param);
      if (id) {
        ids.set(param, id);
        return id;
      }
    }
    throw new Error(
      `${operationId} (${path}): no way to get an id of organisation A for {${param}}. ` +
      `Add a maker for '${param}' to MAKERS in test/api/route-access.test.ts so this route's tenancy is tested.`,
    );
  }

  async function resolve(path: string, operationId: string): Promise<string> {
    for (const [, param] of path.matchAll(/\{([^}]+)\}/g)) await idOfA(param!, path, operationId);
    return fill(path, ids);
  }

  it('covers the operations this file knows of (sanity check of the enumeration)', () => {
    const names = operations.map((o) => o.operationId);
    for (const op of ['getContact', 'updateContact', 'deleteContact', 'getItem', 'getAccount']) expect(names).toContain(op);
  });

  it('answers 404 not_found.resource to org B for each of org A\'s ids, and org A still sees its data unchanged', async () => {
    const today = t.clock.now().toISOString().slice(0, 10);
    // Resolve every id up front (makers run as org A), then snapshot what A can read.
    const urls = new Map<string, string>();
    for (const op of operations) urls.set(op.operationId, (await resolve(op.path, op.operationId)) + (QUERIES[op.operationId] ?? ''));
    const reads = operations.filter((op) => op.method === 'GET');
    const before = new Map<string, unknown>();
    for (const op of reads) {
      const res = await a.api.get(urls.get(op.operationId)!);
      // A GST document of a draft or a service is refused (409, 400), but found: never 404 to A.
      const found = GST_DOCUMENT_READS.has(op.operationId) ? [200, 400, 409] : [200];
      expect(found, `${op.operationId} as org A (the id must be real) ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
      before.set(op.operationId, { status: res.status, body: res.body });
    }

    const failures: string[] = [];
    for (const op of operations) {
      const body = BODIES[op.operationId]?.(b) ?? sampleOf(op.bodySchema, today);
      const res = await call(b.api, op.method, urls.get(op.operationId)!, body);
      if (res.status !== 404 || res.body?.code !== 'not_found.resource') {
        failures.push(`${op.method} ${op.path} (${op.operationId}) as org B: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(failures).toEqual([]);

    // Nothing B did reached A's data.
    for (const op of reads) {
      const res = await a.api.get(urls.get(op.operationId)!);
      const strip = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === 'download_url' || k === 'request_id' ? undefined : v)));
      expect(strip({ status: res.status, body: res.body }), op.operationId).toEqual(strip(before.get(op.operationId)));
    }
    expect(made.size).toBeGreaterThanOrEqual(3);
  });
});
