import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, type EventType } from '../../src/platform/outbox/outbox';
import { accountId, expectBooksBalanced } from '../support/books';
import { runImport } from '../support/imports';
import { createCreditNote, createDebitNote, customer, postedBill, postedInvoice, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';
import { expectValidDelivery, Receiver } from '../support/webhook-receiver';
import { documentedDeliveryCheck } from '../support/webhook-schema-check';

/*
 * Every event of the catalog (public-api.md Events → Webhooks), emitted by its real cause
 * through the public API, delivered by the worker (POST /api/admin/v1/jobs/run) to a real
 * HTTP receiver on 127.0.0.1, and checked as a receiver would: headers, body, the spec's data,
 * and the signature by hand, by the published helper and by stripe.webhooks.constructEvent,
 * and the body and headers against the event's entry in the OpenAPI document's `webhooks`.
 * CAUSES is keyed by the catalog, so a type added to EVENT_TYPES without a cause fails here.
 */

type Data = Record<string, unknown>;
type Api = OrgFixture['api'];

/** What a cause expects the receiver to get: the `data` of each delivery of the case's type, in any order. */
interface Case {
  /** How the event is caused (the test's name). */
  cause: string;
  run(o: OrgFixture): Promise<Data[]>;
}

const DAY = '2026-06-15';
const NOON_IST = '2026-06-15T06:30:00.000Z';

let t: TestApp;
let receiver: Receiver;
let expectDocumentedDelivery: Awaited<ReturnType<typeof documentedDeliveryCheck>>;
beforeAll(async () => {
  t = await startTestApp({ BAHI_WEBHOOK_ALLOW_PRIVATE: '1' });
  t.clock.set(new Date(NOON_IST));
  receiver = new Receiver(() => t.clock.now());
  await receiver.start();
  expectDocumentedDelivery = await documentedDeliveryCheck(t.baseUrl);
});
afterAll(async () => {
  await receiver.stop();
  await t.close();
});

async function ok(res: Promise<{ status: number; body: any }>, status = 201) { // eslint-disable-line @typescript-eslint/no-explicit-any
  const r = await res;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

const post = (api: Api, path: string, body: unknown, status = 201) => ok(api.post(path, body, { idempotencyKey: newKey() }), status);

// The `data` the spec (INVOICE_CREATED, bulk) and docs/rules/documents-and-notes.md, "Event data" (the rest) give each event, from the resource as the API shows it.
const invoiceData = (i: Data) => ({ id: i.invoice_id, number: i.invoice_number, customer_id: i.customer_id, total: i.total, status: i.status });
const billData = (b: Data) => ({ id: b.bill_id, number: b.bill_number, vendor_id: b.vendor_id, total: b.total, status: b.status, document_type: b.document_type, original_bill_id: b.original_bill_id });
const paymentData = (p: Data) => ({ id: p.payment_id, number: p.reference_number ?? null, contact_id: p.contact_id, amount: p.amount, status: 'RECORDED' });
const estimateData = (e: Data) => ({ id: e.estimate_id, number: e.estimate_number, customer_id: e.customer_id, total: e.total, status: e.status });

const lines = [{ name: 'Goods', hsn_or_sac: '8471', rate: 1000, quantity: 2 }];
const draftInvoice = async (api: Api) => (await post(api, '/invoices', { customer_id: await customer(api), date: DAY, place_of_supply: 'IN-KA', line_items: lines })).invoice;
const draftBill = async (api: Api) => (await post(api, '/bills', {
  vendor_id: await vendor(api), date: DAY, place_of_supply: 'IN-KA', reference_number: newKey().slice(-10), line_items: lines,
})).bill;
const draftEstimate = async (api: Api) => (await post(api, '/estimates', { customer_id: await customer(api), date: DAY, line_items: lines })).estimate;
const pay = (api: Api, body: Data) => post(api, '/payments', { date: DAY, ...body });

const CAUSES: Record<EventType, Case[]> = {
  INVOICE_CREATED: [
    {
      cause: 'POST /invoices',
      run: async (o) => [invoiceData(await postedInvoice(o.api, await customer(o.api), 1000))],
    },
    {
      cause: 'a recurring schedule run by the scheduler at 09:00 IST',
      run: async (o) => {
        const c = await customer(o.api);
        const r = (await post(o.api, '/recurring', {
          entity_type: 'INVOICE', name: 'Monthly', frequency: 'MONTHLY', start_date: '2026-06-16',
          template_payload: { customer_id: c, place_of_supply: 'IN-KA', auto_approve: true, line_items: lines },
        })).recurring;
        t.clock.set(new Date('2026-06-16T03:30:00.000Z'));
        try {
          expect((await t.admin.post('/jobs/run', {})).body.jobs.recurring_scheduler).toBeGreaterThanOrEqual(1);
        } finally {
          t.clock.set(new Date(NOON_IST));
        }
        const run = await t.app.database.db.selectFrom('recurring_runs').selectAll().where('recurring_id', '=', r.recurring_id).executeTakeFirstOrThrow();
        const invoice = (await ok(o.api.get(`/invoices/${run.generated_entity_id}`), 200)).invoice;
        expect(invoice.date.slice(0, 10)).toBe('2026-06-16');
        return [invoiceData(invoice)];
      },
    },
  ],
  INVOICE_UPDATED: [
    {
      cause: 'PUT /invoices/{id} on a DRAFT',
      run: async (o) => {
        const draft = await draftInvoice(o.api);
        return [invoiceData((await ok(o.api.put(`/invoices/${draft.invoice_id}`, { notes: 'Updated' }), 200)).invoice)];
      },
    },
    {
      cause: 'POST /invoices/{id}/approve',
      run: async (o) => {
        const draft = await draftInvoice(o.api);
        return [invoiceData((await post(o.api, `/invoices/${draft.invoice_id}/approve`, {}, 200)).invoice)];
      },
    },
  ],
  INVOICE_VOIDED: [{
    cause: 'POST /invoices/{id}/void',
    run: async (o) => {
      const invoice = await postedInvoice(o.api, await customer(o.api), 500);
      return [invoiceData((await post(o.api, `/invoices/${invoice.invoice_id}/void`, {}, 200)).invoice)];
    },
  }],
  INVOICE_PAID: [
    {
      cause: 'an INCOMING payment that clears the balance (a partial one before it emits nothing)',
      run: async (o) => {
        const c = await customer(o.api);
        const invoice = await postedInvoice(o.api, c, 1000);
        await pay(o.api, { flow: 'INCOMING', contact_id: c, amount: 400, allocations: [{ invoice_id: invoice.invoice_id, amount: 400 }] });
        await pay(o.api, { flow: 'INCOMING', contact_id: c, amount: 600, allocations: [{ invoice_id: invoice.invoice_id, amount: 600 }] });
        const paid = (await ok(o.api.get(`/invoices/${invoice.invoice_id}`), 200)).invoice;
        expect(paid.status).toBe('PAID');
        return [invoiceData(paid)];
      },
    },
    {
      cause: 'a credit note applied for the whole balance',
      run: async (o) => {
        const c = await customer(o.api);
        const invoice = await postedInvoice(o.api, c, 100);
        const note = (await ok(createCreditNote(o.api, { customer_id: c, date: DAY, line_items: [{ name: 'Return', hsn_or_sac: '8471', rate: 100, quantity: 1 }] }))).credit_note;
        await post(o.api, `/credit_notes/${note.credit_note_id}/apply-to-invoice`, { invoice_id: invoice.invoice_id, amount: 100 }, 200);
        const cleared = (await ok(o.api.get(`/invoices/${invoice.invoice_id}`), 200)).invoice;
        expect(cleared.balance).toBe(0);
        return [invoiceData(cleared)];
      },
    },
  ],
  INVOICE_BULK_CREATED: [{
    cause: 'POST /bulk/invoices: one INVOICE_CREATED per row that succeeds, then the aggregate',
    run: async (o) => {
      const c = await customer(o.api);
      const row = { customer_id: c, date: DAY, place_of_supply: 'IN-KA', auto_approve: true, line_items: lines };
      const res = await ok(o.api.post('/bulk/invoices', { invoices: [row, { ...row, customer_id: 'con_missing' }, row] }), 200);
      expect(res.summary).toEqual({ total: 3, succeeded: 2, failed: 1 });
      const made = res.results.filter((r: { ok: boolean }) => r.ok).map((r: { invoice: Data }) => r.invoice);
      await deliver();
      const perRow = receiver.ofOrg(o.orgId).filter((r) => r.body.event_type === 'INVOICE_CREATED');
      expect(perRow.map((r) => r.body.data).sort(byId)).toEqual(made.map(invoiceData).sort(byId));
      // The aggregate comes after the rows it sums up.
      const aggregate = receiver.ofOrg(o.orgId).find((r) => r.body.event_type === 'INVOICE_BULK_CREATED')!;
      for (const r of perRow) expect(r.body.occurred_at <= aggregate.body.occurred_at).toBe(true);
      return [{ count: 2, failed: 1, batch_size: 3 }];
    },
  }],
  BILL_CREATED: [{
    cause: 'POST /bills',
    run: async (o) => [billData(await postedBill(o.api, await vendor(o.api), 700))],
  }],
  BILL_UPDATED: [
    {
      cause: 'PUT /bills/{id} on a DRAFT',
      run: async (o) => {
        const draft = await draftBill(o.api);
        return [billData((await ok(o.api.put(`/bills/${draft.bill_id}`, { notes: 'Updated' }), 200)).bill)];
      },
    },
    {
      cause: 'POST /bills/{id}/approve',
      run: async (o) => {
        const draft = await draftBill(o.api);
        return [billData((await post(o.api, `/bills/${draft.bill_id}/approve`, {}, 200)).bill)];
      },
    },
  ],
  BILL_VOIDED: [{
    cause: 'POST /bills/{id}/void',
    run: async (o) => {
      const bill = await postedBill(o.api, await vendor(o.api), 300);
      return [billData((await post(o.api, `/bills/${bill.bill_id}/void`, {}, 200)).bill)];
    },
  }],
  BILL_PAID: [{
    cause: 'an OUTGOING payment that clears the balance (a partial one before it emits nothing)',
    run: async (o) => {
      const v = await vendor(o.api);
      const bill = await postedBill(o.api, v, 1000);
      await pay(o.api, { flow: 'OUTGOING', contact_id: v, amount: 250, allocations: [{ bill_id: bill.bill_id, amount: 250 }] });
      await pay(o.api, { flow: 'OUTGOING', contact_id: v, amount: 750, allocations: [{ bill_id: bill.bill_id, amount: 750 }] });
      const paid = (await ok(o.api.get(`/bills/${bill.bill_id}`), 200)).bill;
      expect(paid.status).toBe('PAID');
      return [billData(paid)];
    },
  }],
  BILL_BULK_CREATED: [{
    cause: 'POST /bulk/bills: one BILL_CREATED per row that succeeds, then the aggregate',
    run: async (o) => {
      const v = await vendor(o.api);
      const row = (ref: string) => ({ vendor_id: v, date: DAY, place_of_supply: 'IN-KA', auto_approve: true, reference_number: ref, line_items: lines });
      const res = await ok(o.api.post('/bulk/bills', { bills: [row('B-1'), { ...row('B-2'), line_items: [] }, row('B-3'), row('B-4')] }), 200);
      expect(res.summary).toEqual({ total: 4, succeeded: 3, failed: 1 });
      const made = res.results.filter((r: { ok: boolean }) => r.ok).map((r: { bill: Data }) => r.bill);
      await deliver();
      const perRow = receiver.ofOrg(o.orgId).filter((r) => r.body.event_type === 'BILL_CREATED');
      expect(perRow.map((r) => r.body.data).sort(byId)).toEqual(made.map(billData).sort(byId));
      return [{ count: 3, failed: 1, batch_size: 4 }];
    },
  }],
  PAYMENT_RECEIVED: [{
    cause: 'POST /payments with flow INCOMING',
    run: async (o) => [paymentData((await pay(o.api, { flow: 'INCOMING', contact_id: await customer(o.api), amount: 1500, reference_number: 'UTR-1' })).payment)],
  }],
  PAYMENT_MADE: [{
    cause: 'POST /payments with flow OUTGOING',
    run: async (o) => [paymentData((await pay(o.api, { flow: 'OUTGOING', contact_id: await vendor(o.api), amount: 90.5 })).payment)],
  }],
  CREDIT_NOTE_CREATED: [{
    cause: 'POST /credit_notes',
    run: async (o) => {
      const n = (await ok(createCreditNote(o.api, { customer_id: await customer(o.api), date: DAY, line_items: lines }))).credit_note;
      return [{ id: n.credit_note_id, number: n.credit_note_number, customer_id: n.customer_id, total: n.total, status: 'ISSUED' }];
    },
  }],
  CREDIT_NOTE_VOIDED: [{
    cause: 'POST /credit_notes/{id}/void',
    run: async (o) => {
      const n = (await ok(createCreditNote(o.api, { customer_id: await customer(o.api), date: DAY, line_items: lines }))).credit_note;
      const voided = (await post(o.api, `/credit_notes/${n.credit_note_id}/void`, {}, 200)).credit_note;
      return [{ id: n.credit_note_id, number: n.credit_note_number, customer_id: n.customer_id, total: n.total, status: voided.status }];
    },
  }],
  DEBIT_NOTE_CREATED: [{
    cause: 'POST /debit_notes',
    run: async (o) => {
      const n = (await ok(createDebitNote(o.api, { vendor_id: await vendor(o.api), date: DAY, line_items: lines }))).debit_note;
      return [{ id: n.debit_note_id, number: n.debit_note_number, vendor_id: n.vendor_id, total: n.total, status: 'ISSUED' }];
    },
  }],
  ESTIMATE_CREATED: [{
    cause: 'POST /estimates',
    run: async (o) => [estimateData(await draftEstimate(o.api))],
  }],
  ESTIMATE_ACCEPTED: [{
    cause: 'POST /estimates/{id}/accept',
    run: async (o) => {
      const e = await draftEstimate(o.api);
      return [estimateData((await post(o.api, `/estimates/${e.estimate_id}/accept`, {}, 200)).estimate)];
    },
  }],
  ESTIMATE_CONVERTED: [{
    cause: 'POST /estimates/{id}/convert',
    run: async (o) => {
      const e = await draftEstimate(o.api);
      await post(o.api, `/estimates/${e.estimate_id}/accept`, {}, 200);
      return [estimateData((await post(o.api, `/estimates/${e.estimate_id}/convert`, {}, 200)).estimate)];
    },
  }],
  SALES_ORDER_CREATED: [{
    cause: 'POST /sales_orders',
    run: async (o) => {
      const so = (await post(o.api, '/sales_orders', { customer_id: await customer(o.api), date: DAY, line_items: lines })).sales_order;
      return [{ id: so.sales_order_id, number: so.sales_order_number, customer_id: so.customer_id, total: so.total, status: so.status }];
    },
  }],
  PURCHASE_ORDER_CREATED: [{
    cause: 'POST /purchase_orders',
    run: async (o) => {
      const po = (await post(o.api, '/purchase_orders', { vendor_id: await vendor(o.api), date: DAY, line_items: lines })).purchase_order;
      return [{ id: po.purchase_order_id, number: po.purchase_order_number, vendor_id: po.vendor_id, total: po.total, status: po.status }];
    },
  }],
  EXPENSE_CREATED: [{
    cause: 'POST /expenses',
    run: async (o) => {
      const e = (await post(o.api, '/expenses', {
        date: DAY, paid_through_account_id: await accountId(o.api, 'Bank'), account_id: await accountId(o.api, 'General Expenses'),
        amount: 250, vendor_id: await vendor(o.api), reference_number: 'EXP-1',
      })).expense;
      return [{ id: e.expense_id, reference_number: 'EXP-1', vendor_id: e.vendor_id, total: e.total, status: e.status }];
    },
  }],
  BILL_OF_ENTRY_CREATED: [{
    cause: 'POST /bills_of_entry',
    run: async (o) => {
      const b = (await post(o.api, '/bills_of_entry', {
        number: '4417391', date: DAY, port_code: 'INMAA1', assessable_value: 1000, igst: 180, paid_through_account_id: await accountId(o.api, 'Bank'),
      })).bill_of_entry;
      return [{ id: b.bill_of_entry_id, number: '4417391', port_code: 'INMAA1', total: 180, status: 'RECORDED' }];
    },
  }],
  DELIVERY_CHALLAN_CREATED: [{
    cause: 'POST /delivery_challans',
    run: async (o) => {
      const c = (await post(o.api, '/delivery_challans', { reason: 'JOB_WORK', contact_id: await vendor(o.api), date: DAY, place_of_supply: 'IN-KA', line_items: lines })).delivery_challan;
      // 2 × 1,000, no tax on the lines.
      return [{ id: c.delivery_challan_id, number: c.delivery_challan_number, contact_id: c.contact_id, reason: 'JOB_WORK', total: 2000, status: 'ISSUED' }];
    },
  }],
  DELIVERY_CHALLAN_VOIDED: [{
    cause: 'POST /delivery_challans/{id}/void',
    run: async (o) => {
      const c = (await post(o.api, '/delivery_challans', { reason: 'ON_APPROVAL', contact_id: await customer(o.api), date: DAY, place_of_supply: 'IN-KA', line_items: lines })).delivery_challan;
      await post(o.api, `/delivery_challans/${c.delivery_challan_id}/void`, {}, 200);
      return [{ id: c.delivery_challan_id, number: c.delivery_challan_number, contact_id: c.contact_id, reason: 'ON_APPROVAL', total: 2000, status: 'CANCELLED' }];
    },
  }],
  BANK_STATEMENT_IMPORTED: [{
    cause: 'POST /bank_accounts/{account_id}/statements',
    run: async (o) => {
      const bank = await accountId(o.api, 'Bank');
      const form = new FormData();
      // Two lines, the second a withdrawal: 10,000 + 500 − 200 = 10,300.
      form.set('file', new Blob(['Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance\n15/06/26,UPI-IN,1,15/06/26,,500.00,"10,500.00"\n15/06/26,CHQ PAID,2,15/06/26,200.00,,"10,300.00"\n']), 'june.csv');
      const res = await o.api.postForm(`/bank_accounts/${bank}/statements`, form, { idempotencyKey: newKey() });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return [{ account_id: bank, statement_id: res.body.bank_statement.statement_id, lines: 2, new_lines: 2, matched: 0 }];
    },
  }],
  IMPORT_COMPLETED: [{
    cause: 'POST /imports, once its run has finished',
    run: async (o) => {
      // One item row written, none refused.
      const run = await runImport(o.api, 'name,rate\nConsulting,"1,500"\n', 'items.csv', { kind: 'items' });
      return [{ import_id: run.import_id, kind: 'items', format: 'csv', status: 'COMPLETED', created: 1, already_imported: 0, failed: 0 }];
    },
  }],
  BANK_RECONCILIATION_CLOSED: [{
    cause: 'POST /bank_accounts/{id}/reconciliations/{id}/close',
    run: async (o) => {
      // A new current account: nothing in its books or its bank, so the reconciliation to ₹0 closes at a difference of 0.
      const account = (await ok(t.admin.post(`/orgs/${o.orgId}/accounts`, { account_name: 'Current Account', account_type: 'BANK' }))).account;
      const r = (await post(o.api, `/bank_accounts/${account.account_id}/reconciliations`, { statement_date: DAY, closing_balance: 0 })).reconciliation;
      await post(o.api, `/bank_accounts/${account.account_id}/reconciliations/${r.reconciliation_id}/close`, {}, 200);
      return [{ account_id: account.account_id, reconciliation_id: r.reconciliation_id, date: DAY, closing_balance: 0 }];
    },
  }],
  OPENING_BALANCES_SET: [{
    cause: 'POST /opening_balances',
    run: async (o) => {
      // The organisation's books start on 1 April 2020 (the default): the opening entry is dated the day before.
      const opening = (await post(o.api, '/opening_balances', {
        accounts: [{ account_id: await accountId(o.api, 'Bank'), debit: 5000 }, { account_id: await accountId(o.api, "Owner's Equity"), credit: 5000 }],
      })).opening_balances;
      return [{ opening_balance_id: opening.opening_balance_id, date: '2020-03-31', journal_id: opening.journal_id, open_items: 0 }];
    },
  }],
  JOURNAL_POSTED: [{
    cause: 'POST /journals',
    run: async (o) => {
      const j = (await post(o.api, '/journals', {
        date: DAY, memo: 'Capital', lines: [{ account_id: await accountId(o.api, 'Bank'), debit: 5000 }, { account_id: await accountId(o.api, "Owner's Equity"), credit: 5000 }],
      })).journal;
      return [{ id: j.journal_id, source: 'MANUAL', contact_id: null, total: 5000, status: 'POSTED' }];
    },
  }],
  SERIES_NEARLY_EXHAUSTED: [{
    cause: 'the invoice that takes a series past 90% of its room, once a year',
    run: async (o) => {
      // ABCD2026-27-0001: 4 digits, room for 9,999 numbers; 90% is passed at the 9,000th.
      const series = (await post(o.api, '/invoices/series', { series_name: 'tight', prefix: 'ABCD', padding: 4, transaction_date: DAY })).series;
      const c = await customer(o.api);
      const invoice = () => post(o.api, '/invoices', { customer_id: c, date: DAY, place_of_supply: 'IN-KA', series_name: 'tight', line_items: lines });
      await invoice();
      // 8,999 issued, as a busy year would leave it: moved in the database, not by 8,998 creates.
      await t.app.database.db.updateTable('document_counters').set({ next_value: 9000 })
        .where('org_id', '=', o.orgId).where('counter_key', '=', `series:${series.id}:2026-27`).execute();
      expect((await invoice()).invoice.invoice_number).toBe('ABCD2026-27-9000');
      await invoice();
      return [{ series_id: series.id, series_name: 'tight', branch_id: o.defaultBranchId, gstin: null, financial_year: '2026-27', used: 9000, remaining: 999 }];
    },
  }],
};

const byId = (a: Data, b: Data) => String(a.id).localeCompare(String(b.id));

async function deliver() {
  const res = await t.admin.post('/jobs/run', {});
  expect(res.status).toBe(200);
}

describe('the event catalog', () => {
  it('has a cause for every type, and no cause for a type outside it', () => {
    expect(Object.keys(CAUSES).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) expect(CAUSES[type]?.length ?? 0, `${type} has no cause`).toBeGreaterThan(0);
  });
});

const cases = EVENT_TYPES.flatMap((type) => (CAUSES[type] ?? []).map((c) => [type, c.cause, c] as const));

describe.each(cases)('%s, caused by %s', (type, _cause, c) => {
  it('is delivered once, signed, with the spec\'s body and data, as the OpenAPI document\'s webhooks describe it', async () => {
    const o = await t.given.org();
    const endpoint = (await ok(o.api.post('/webhooks/endpoints', { url: receiver.url, events: [...EVENT_TYPES] }))).endpoint;
    const expected = await c.run(o);
    await deliver();
    const got = receiver.ofOrg(o.orgId).filter((r) => r.body.event_type === type);
    expect(got.map((r) => r.body.data).sort(byId)).toEqual([...expected].sort(byId));
    for (const r of got) {
      expect(r.headers['x-svc-event']).toBe(type);
      expectValidDelivery(r, endpoint.secret, o.orgId);
      expectDocumentedDelivery(r);
    }
    // Every delivery of this organisation, of any type, is distinct and acknowledged; nothing is sent again.
    const all = receiver.ofOrg(o.orgId);
    expect(new Set(all.map((r) => r.body.delivery_id)).size).toBe(all.length);
    const log = (await ok(o.api.get('/webhooks/deliveries?per_page=200'), 200)).deliveries as Array<{ delivery_id: string; status: string }>;
    expect(log.map((d) => d.delivery_id).sort()).toEqual(all.map((r) => r.body.delivery_id).sort());
    expect(log.every((d) => d.status === 'SUCCEEDED')).toBe(true);
    await deliver();
    expect(receiver.ofOrg(o.orgId)).toHaveLength(all.length);
    await expectBooksBalanced(o.api);
  });
});
