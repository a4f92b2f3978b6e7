import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { customer, postedBill, vendor } from '../support/sales';
import { newKey, startSecondApp, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

let t: TestApp;
let org: OrgFixture;
let other: OrgFixture;
let buyer: string;

/** 2026-06-15 08:00 IST: before the 09:00 scheduler. */
const BEFORE_NINE = '2026-06-15T02:30:00.000Z';
const AT_NINE = '2026-06-15T03:30:00.000Z';

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date(BEFORE_NINE));
  org = await t.given.org({ state_code: 'IN-KA' });
  other = await t.given.org({ state_code: 'IN-KA' });
  buyer = await customer(org.api);
});
afterAll(async () => { await t.close(); });

const invoicePayload = () => ({ customer_id: buyer, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Retainer', hsn_or_sac: '998311', rate: 1000, quantity: 1 }] });

async function schedule(body: Record<string, unknown>, o: OrgFixture = org) {
  return o.api.post('/recurring', { entity_type: 'INVOICE', name: 'Retainer', frequency: 'MONTHLY', start_date: '2026-06-15', template_payload: invoicePayload(), ...body }, { idempotencyKey: newKey() });
}

async function created(body: Record<string, unknown>, o: OrgFixture = org) {
  const res = await schedule(body, o);
  if (res.status !== 201) throw new Error(`recurring: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.recurring;
}

const runJobs = async () => {
  const res = await t.admin.post('/jobs/run', {});
  expect(res.status).toBe(200);
  return res.body.jobs.recurring_scheduler as number;
};
async function invoicesOf(scheduleId: string) {
  const rows = await t.app.database.db.selectFrom('recurring_runs').selectAll().where('recurring_id', '=', scheduleId).orderBy('run_date').execute();
  return rows;
}

describe('recurring schedules: create', () => {
  it('creates with defaults and a first run at 09:00 IST on start_date', async () => {
    const res = await schedule({});
    expect(res.status).toBe(201);
    const r = res.body.recurring;
    expect(r).toMatchObject({
      entity_type: 'INVOICE', frequency: 'MONTHLY', interval: 1, start_date: '2026-06-15', end_date: null, is_active: true,
      run_count: 0, max_runs: null, auto_charge: false, next_run_at: '2026-06-15T03:30:00Z', last_run_at: null, template_entity_id: null,
    });
    expect(r.recurring_id).toMatch(/^rec_/);
    const later = await created({ start_date: '2026-07-31', frequency: 'WEEKLY', interval: 2 });
    expect(later.next_run_at).toBe('2026-07-31T03:30:00Z');
  });

  it.each([
    ['unknown entity_type', { entity_type: 'RECEIPT' }, 'validation.invalid_value'],
    ['unknown frequency', { frequency: 'HOURLY' }, 'validation.invalid_value'],
    ['neither template', { template_payload: undefined }, 'validation.required_field'],
    ['both templates', { template_entity_id: 'inv_x' }, 'validation.invalid_value'],
    ['payload not a create body', { template_payload: { place_of_supply: 'IN-KA' } }, 'validation.required_field'],
    // (The table is built before beforeAll names a customer; the dates are judged before any look-up.)
    ['payload due before its date', { template_payload: { ...invoicePayload(), customer_id: 'con_x', date: '2026-06-10', due_date: '2026-06-09' } }, 'validation.invalid_value'],
    ['auto_charge without a UPI VPA', { auto_charge: true }, 'validation.invalid_value'],
    ['auto_charge on a bill schedule', { entity_type: 'BILL', auto_charge: true, template_payload: undefined, template_entity_id: 'bill_x' }, 'validation.invalid_value'],
    ['end before start', { end_date: '2026-06-01' }, 'validation.invalid_value'],
    ['interval 0', { interval: 0 }, 'validation.invalid_value'],
  ])('refuses %s', async (_name, body, code) => {
    const res = await schedule(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });

  it('clones a template document; a voided one is refused, a foreign one is not found', async () => {
    const inv = await org.api.post('/invoices', { ...invoicePayload(), date: '2026-06-10' }, { idempotencyKey: newKey() });
    expect(inv.status).toBe(201);
    const r = await created({ template_payload: undefined, template_entity_id: inv.body.invoice.invoice_id });
    expect(r.template_entity_id).toBe(inv.body.invoice.invoice_id);
    expect(r.template_payload).toMatchObject({ customer_id: buyer, auto_approve: true, line_items: [{ name: 'Retainer', rate: 1000, quantity: 1 }] });

    const voided = await org.api.post('/invoices', { ...invoicePayload(), date: '2026-06-10' }, { idempotencyKey: newKey() });
    expect((await org.api.post(`/invoices/${voided.body.invoice.invoice_id}/void`, {}, { idempotencyKey: newKey() })).status).toBe(200);
    const refused = await schedule({ template_payload: undefined, template_entity_id: voided.body.invoice.invoice_id });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('validation.invalid_value');

    const foreign = await schedule({ template_payload: undefined, template_entity_id: inv.body.invoice.invoice_id }, other);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('not_found.resource');
  });
});

describe('recurring schedules: template documents and dates', () => {
  const fromDocument = (entityType: string, id: string, o: OrgFixture = org) =>
    schedule({ entity_type: entityType, template_payload: undefined, template_entity_id: id }, o);

  it('a deleted template document is 400 on template_entity_id; an id that never named a document here is 404', async () => {
    const o = await t.given.org();
    const c = await customer(o.api);
    const v = await vendor(o.api);
    const invoice = await o.api.post('/invoices', { customer_id: c, date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [{ name: 'Retainer', hsn_or_sac: '998311', rate: 1000 }] }, { idempotencyKey: newKey() });
    const bill = await o.api.post('/bills', { vendor_id: v, date: '2026-06-10', place_of_supply: 'IN-KA', line_items: [{ name: 'Rent', rate: 500 }] }, { idempotencyKey: newKey() });
    const journal = await o.api.post('/journals', {
      date: '2026-06-10', lines: [{ account_id: await accountId(o.api, 'Bank'), debit: 10 }, { account_id: await accountId(o.api, "Owner's Equity"), credit: 10 }],
    });
    const gone: [string, string][] = [
      ['INVOICE', `/invoices/${invoice.body.invoice.invoice_id}`], ['BILL', `/bills/${bill.body.bill.bill_id}`], ['JOURNAL', `/journals/${journal.body.journal.journal_id}`],
    ];
    for (const [entityType, path] of gone) {
      expect((await o.api.delete(path, { idempotencyKey: newKey() })).status).toBe(200);
      const res = await fromDocument(entityType, path.split('/')[2]!, o);
      expect(res.status, entityType).toBe(400);
      expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'template_entity_id' });
    }
    // Another organisation's deleted invoice, and an id no one minted, name nothing here.
    for (const [entityType, id] of [['INVOICE', invoice.body.invoice.invoice_id], ['BILL', 'bill_01JZZZZZZZZZZZZZZZZZZZZZZZ']]) {
      const res = await fromDocument(entityType, id, entityType === 'INVOICE' ? other : o);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found.resource', field: 'template_entity_id' });
    }
    await expectBooksBalanced(o.api);
  });

  it('each run numbers from its series and is dated on its day; the due date keeps the template\'s distance, else the contact\'s terms', async () => {
    const o = await t.given.org();
    const termsOf45 = await customer(o.api, { payment_terms: 45 });
    const v = await vendor(o.api, { payment_terms: 30 });
    const line = { name: 'Retainer', hsn_or_sac: '998311', rate: 1000, quantity: 1 };
    const run = async (r: { recurring_id: string }) => {
      const res = await o.api.post(`/recurring/${r.recurring_id}/run`, {}, { idempotencyKey: newKey() });
      expect(res.status).toBe(200);
      return res.body.generated_entity_id as string;
    };
    const make = async (body: Record<string, unknown>) => {
      const res = await o.api.post('/recurring', { name: 'Monthly', frequency: 'MONTHLY', start_date: '2026-07-01', ...body }, { idempotencyKey: newKey() });
      expect(res.status).toBe(201);
      return res.body.recurring;
    };
    t.clock.set(new Date('2026-06-16T06:00:00.000Z')); // 11:30 IST on 16 June: every run is dated 2026-06-16
    try {
      // Invoice due 20 days after its date (1 → 21 May), numbered A-1 in the template.
      const withDue = await make({
        entity_type: 'INVOICE',
        template_payload: { customer_id: termsOf45, invoice_number: 'A-1', date: '2026-05-01', due_date: '2026-05-21', place_of_supply: 'IN-KA', auto_approve: true, line_items: [line] },
      });
      expect(withDue.template_payload).toEqual({ customer_id: termsOf45, date: '2026-05-01', due_date: '2026-05-21', place_of_supply: 'IN-KA', auto_approve: true, line_items: [line] });
      const first = (await o.api.get(`/invoices/${await run(withDue)}`)).body.invoice;
      const second = (await o.api.get(`/invoices/${await run(withDue)}`)).body.invoice;
      for (const invoice of [first, second]) {
        // 16 June + 20 days = 6 July.
        expect([invoice.date.slice(0, 10), invoice.due_date.slice(0, 10)]).toEqual(['2026-06-16', '2026-07-06']);
        expect(invoice.invoice_number).toMatch(/^INV-26-27-\d{5}$/);
        expect(invoice).toMatchObject({ status: 'SENT', total: 1000 });
      }
      expect(second.invoice_number).not.toBe(first.invoice_number);

      // No due_date: the customer's 45 days from 16 June (14 days to 30 June, 31 in July) = 31 July.
      const byTerms = await make({ entity_type: 'INVOICE', template_payload: { customer_id: termsOf45, due_date: '2026-05-21', place_of_supply: 'IN-KA', line_items: [line] } });
      expect(byTerms.template_payload).not.toHaveProperty('due_date');
      const termed = (await o.api.get(`/invoices/${await run(byTerms)}`)).body.invoice;
      expect([termed.date.slice(0, 10), termed.due_date.slice(0, 10)]).toEqual(['2026-06-16', '2026-07-31']);

      // A bill recorded under the vendor's number V/88, due 10 days after its date (25 Dec 2025 → 4 Jan 2026): 16 June + 10 = 26 June.
      const billed = await make({
        entity_type: 'BILL',
        template_payload: { vendor_id: v, bill_number: 'V/88', date: '2025-12-25', due_date: '2026-01-04', place_of_supply: 'IN-KA', auto_approve: true, line_items: [line] },
      });
      expect(billed.template_payload).not.toHaveProperty('bill_number');
      const bill = (await o.api.get(`/bills/${await run(billed)}`)).body.bill;
      expect([bill.date.slice(0, 10), bill.due_date.slice(0, 10)]).toEqual(['2026-06-16', '2026-06-26']);
      expect(bill.bill_number).not.toBe('V/88');
      expect(bill).toMatchObject({ status: 'OPEN', total: 1000 });

      // A cloned invoice dated 10 June, due 17 June: its runs are due 7 days after their day, 23 June.
      const source = await o.api.post('/invoices', {
        customer_id: termsOf45, date: '2026-06-10', due_date: '2026-06-17', place_of_supply: 'IN-KA', auto_approve: true, line_items: [line],
      }, { idempotencyKey: newKey() });
      const cloned = await make({ entity_type: 'INVOICE', template_entity_id: source.body.invoice.invoice_id });
      expect(cloned.template_payload).toMatchObject({ date: '2026-06-10', due_date: '2026-06-17' });
      const copy = (await o.api.get(`/invoices/${await run(cloned)}`)).body.invoice;
      expect([copy.date.slice(0, 10), copy.due_date.slice(0, 10)]).toEqual(['2026-06-16', '2026-06-23']);
      expect(copy.invoice_number).not.toBe(source.body.invoice.invoice_number);
      expect(await t.app.reports.verify(o.orgId)).toEqual([]);
      await expectBooksBalanced(o.api);
    } finally {
      t.clock.set(new Date(BEFORE_NINE));
    }
  });
});

describe('recurring schedules: list, read, update, pause, resume, delete', () => {
  it('lists by next_run_at in page form with filters', async () => {
    const o = await t.given.org();
    const bank = await accountId(o.api, 'Bank');
    const equity = await accountId(o.api, "Owner's Equity");
    const journal = { memo: 'Capital', lines: [{ account_id: bank, debit: 5 }, { account_id: equity, credit: 5 }] };
    const mk = (start: string, extra: Record<string, unknown> = {}) => o.api.post('/recurring', {
      entity_type: 'JOURNAL', name: `J ${start}`, frequency: 'DAILY', start_date: start, template_payload: journal, ...extra,
    }, { idempotencyKey: newKey() });
    for (const start of ['2026-09-01', '2026-07-01', '2026-08-01']) expect((await mk(start)).status).toBe(201);
    expect((await mk('2026-06-20', { is_active: false })).status).toBe(201);

    const all = await o.api.get('/recurring');
    expect(all.status).toBe(200);
    expect(all.body.recurring.map((r: { start_date: string }) => r.start_date)).toEqual(['2026-06-20', '2026-07-01', '2026-08-01', '2026-09-01']);
    expect(all.body.page_context).toEqual({ page: 1, per_page: 50, has_more_page: false });

    const p1 = await o.api.get('/recurring?per_page=3&page=1');
    expect(p1.body.page_context).toEqual({ page: 1, per_page: 3, has_more_page: true });
    const p2 = await o.api.get('/recurring?per_page=3&page=2');
    expect(p2.body.recurring.map((r: { start_date: string }) => r.start_date)).toEqual(['2026-09-01']);
    expect(p2.body.page_context).toEqual({ page: 2, per_page: 3, has_more_page: false });

    const active = await o.api.get('/recurring?is_active=true&entity_type=JOURNAL');
    expect(active.body.recurring).toHaveLength(3);
    expect((await o.api.get('/recurring?entity_type=INVOICE')).body.recurring).toHaveLength(0);
    expect((await o.api.get('/recurring?entity_type=NOPE')).body.code).toBe('validation.invalid_value');
    // Another organisation sees none of them.
    expect((await other.api.get('/recurring')).body.recurring.every((r: { name: string }) => !r.name.startsWith('J '))).toBe(true);
  });

  it('PUT is partial; frequency changes recompute next_run_at; next_run_at can be set', async () => {
    const r = await created({ start_date: '2026-06-30' });
    const renamed = await org.api.put(`/recurring/${r.recurring_id}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.recurring).toMatchObject({ name: 'Renamed', next_run_at: '2026-06-30T03:30:00Z', frequency: 'MONTHLY' });
    const moved = await org.api.put(`/recurring/${r.recurring_id}`, { start_date: '2026-07-04', frequency: 'WEEKLY' });
    expect(moved.body.recurring).toMatchObject({ frequency: 'WEEKLY', next_run_at: '2026-07-04T03:30:00Z' });
    const explicit = await org.api.put(`/recurring/${r.recurring_id}`, { next_run_at: '2026-07-10T03:30:00Z' });
    expect(explicit.body.recurring.next_run_at).toBe('2026-07-10T03:30:00Z');
    expect((await org.api.put(`/recurring/${r.recurring_id}`, { is_active: false })).status).toBe(400);
    expect((await org.api.put(`/recurring/${r.recurring_id}`, { template_payload: { customer_id: buyer } })).status).toBe(400);
  });

  it('pause keeps next_run_at; resume keeps it when ahead and shifts it when past', async () => {
    const r = await created({ start_date: '2026-06-20', frequency: 'DAILY' });
    const paused = await org.api.post(`/recurring/${r.recurring_id}/pause`, {});
    expect(paused.status).toBe(200);
    expect(paused.body.recurring).toMatchObject({ is_active: false, next_run_at: '2026-06-20T03:30:00Z' });
    expect((await org.api.post(`/recurring/${r.recurring_id}/pause`, {})).body.code).toBe('conflict.invalid_state');
    const resumed = await org.api.post(`/recurring/${r.recurring_id}/resume`, {});
    expect(resumed.body.recurring).toMatchObject({ is_active: true, next_run_at: '2026-06-20T03:30:00Z' });

    await org.api.post(`/recurring/${r.recurring_id}/pause`, {});
    t.clock.set(new Date('2026-06-22T05:00:00.000Z')); // 10:30 IST on the 22nd: the 20th, 21st and 22nd are past
    try {
      const shifted = await org.api.post(`/recurring/${r.recurring_id}/resume`, {});
      expect(shifted.body.recurring.next_run_at).toBe('2026-06-23T03:30:00Z');
      await runJobs();
      expect(await invoicesOf(r.recurring_id)).toHaveLength(0);
    } finally {
      await org.api.delete(`/recurring/${r.recurring_id}`);
      t.clock.set(new Date(BEFORE_NINE));
    }
  });
});

describe('recurring schedules: runs', () => {
  it('run now makes an invoice dated today with a new number, INVOICE_CREATED and RECURRING activity', async () => {
    t.clock.set(new Date('2026-06-16T06:00:00.000Z'));
    try {
      const r = await created({ start_date: '2026-07-01' });
      const res = await org.api.post(`/recurring/${r.recurring_id}/run`, {}, { idempotencyKey: newKey() });
      expect(res.status).toBe(200);
      expect(res.body.recurring).toMatchObject({ run_count: 1, next_run_at: '2026-08-01T03:30:00Z', last_run_at: '2026-06-16T06:00:00Z' });
      const id = res.body.generated_entity_id as string;
      const again = await org.api.post(`/recurring/${r.recurring_id}/run`, {}, { idempotencyKey: newKey() });
      expect(again.body.recurring).toMatchObject({ run_count: 2, next_run_at: '2026-09-01T03:30:00Z' });
      const first = (await org.api.get(`/invoices/${id}`)).body.invoice;
      const second = (await org.api.get(`/invoices/${again.body.generated_entity_id}`)).body.invoice;
      expect(first.date.slice(0, 10)).toBe('2026-06-16');
      expect(first.status).toBe('SENT');
      expect(first.invoice_number).not.toBe(second.invoice_number);
      const events = await t.app.database.db.selectFrom('outbox_events').selectAll().where('org_id', '=', org.orgId).where('event_type', '=', 'INVOICE_CREATED').execute();
      expect(events.some((e) => e.payload.includes(id))).toBe(true);
      const activity = await org.api.get(`/activity?entity_type=RECURRING&entity_id=${r.recurring_id}`);
      expect(activity.status).toBe(200);
      const created_ = await t.app.database.db.selectFrom('activity').selectAll().where('org_id', '=', org.orgId).where('entity_id', '=', id).executeTakeFirstOrThrow();
      expect(JSON.parse(created_.metadata ?? '{}').source).toBe('RECURRING');
      await expectBooksBalanced(org.api);
    } finally {
      t.clock.set(new Date(BEFORE_NINE));
    }
  });

  it('the scheduler runs at 09:00 IST, once per date, and stops at max_runs', async () => {
    const o = await t.given.org();
    const c = await customer(o.api);
    const r = (await o.api.post('/recurring', {
      entity_type: 'INVOICE', name: 'Daily', frequency: 'DAILY', start_date: '2026-06-15', max_runs: 2,
      template_payload: { customer_id: c, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Milk', hsn_or_sac: '0401', rate: 50 }] },
    }, { idempotencyKey: newKey() })).body.recurring;
    try {
      t.clock.set(new Date(BEFORE_NINE));
      await runJobs();
      expect((await o.api.get(`/recurring/${r.recurring_id}`)).body.recurring.run_count).toBe(0);
      t.clock.set(new Date(AT_NINE));
      await runJobs();
      await runJobs();
      let now = (await o.api.get(`/recurring/${r.recurring_id}`)).body.recurring;
      expect(now).toMatchObject({ run_count: 1, next_run_at: '2026-06-16T03:30:00Z', is_active: true });
      const invoices = (await o.api.get('/invoices')).body.invoices;
      expect(invoices).toHaveLength(1);
      expect(invoices[0].date.slice(0, 10)).toBe('2026-06-15');
      t.clock.set(new Date('2026-06-16T04:00:00.000Z'));
      await runJobs();
      now = (await o.api.get(`/recurring/${r.recurring_id}`)).body.recurring;
      expect(now).toMatchObject({ run_count: 2, is_active: false, next_run_at: null });
      t.clock.set(new Date('2026-06-17T04:00:00.000Z'));
      await runJobs();
      expect((await o.api.get('/invoices')).body.invoices).toHaveLength(2);
      expect((await o.api.post(`/recurring/${r.recurring_id}/resume`, {})).body.code).toBe('conflict.invalid_state');
      await expectBooksBalanced(o.api);
    } finally {
      t.clock.set(new Date(BEFORE_NINE));
    }
  });

  it('catches up with the latest missed run only, and auto-pauses after end_date', async () => {
    const o = await t.given.org();
    const bank = await accountId(o.api, 'Bank');
    const equity = await accountId(o.api, "Owner's Equity");
    const r = (await o.api.post('/recurring', {
      entity_type: 'JOURNAL', name: 'Weekly capital', frequency: 'WEEKLY', start_date: '2026-06-15', end_date: '2026-07-10',
      template_payload: { memo: 'Capital', lines: [{ account_id: bank, debit: 100 }, { account_id: equity, credit: 100 }] },
    }, { idempotencyKey: newKey() })).body.recurring;
    try {
      // Down from before the first run until 1 July 10:00 IST: slots 15, 22 and 29 June were missed.
      t.clock.set(new Date('2026-07-01T04:30:00.000Z'));
      expect(await runJobs()).toBeGreaterThanOrEqual(1);
      let now = (await o.api.get(`/recurring/${r.recurring_id}`)).body.recurring;
      expect(now).toMatchObject({ run_count: 1, next_run_at: '2026-07-06T03:30:00Z' });
      expect((await invoicesOf(r.recurring_id)).map((x) => x.run_date)).toEqual(['2026-06-29']);
      const journals = (await o.api.get('/journals?source=MANUAL')).body.journals;
      expect(journals).toHaveLength(1);
      expect(journals[0].date).toBe('2026-07-01');
      // The 6 July run is the last before end_date (10 July): the schedule then pauses itself.
      t.clock.set(new Date('2026-07-06T03:30:00.000Z'));
      await runJobs();
      now = (await o.api.get(`/recurring/${r.recurring_id}`)).body.recurring;
      expect(now).toMatchObject({ run_count: 2, is_active: false, next_run_at: null });
      await expectBooksBalanced(o.api);
    } finally {
      t.clock.set(new Date(BEFORE_NINE));
    }
  });

  it('DELETE removes the schedule and keeps its documents; foreign ids are not found', async () => {
    const r = await created({ start_date: '2026-06-20' });
    const ran = await org.api.post(`/recurring/${r.recurring_id}/run`, {}, { idempotencyKey: newKey() });
    expect(ran.status).toBe(200);
    for (const [method, path] of [['get', ''], ['post', '/run'], ['post', '/pause'], ['put', ''], ['delete', '']] as const) {
      const res = method === 'get' || method === 'delete' ? await other.api[method](`/recurring/${r.recurring_id}${path}`)
        : await other.api[method](`/recurring/${r.recurring_id}${path}`, method === 'put' ? { name: 'x' } : {});
      expect(res.status).toBe(404);
    }
    expect((await org.api.delete(`/recurring/${r.recurring_id}`)).status).toBe(200);
    expect((await org.api.get(`/recurring/${r.recurring_id}`)).status).toBe(404);
    expect((await org.api.get(`/invoices/${ran.body.generated_entity_id}`)).status).toBe(200);
    await expectBooksBalanced(org.api);
  });
});

describe('recurring schedules: bills and expenses through the scheduler', () => {
  const at = (iso: string) => t.clock.set(new Date(iso));
  const eventsOf = async (orgId: string, type: string) => (await t.app.database.db.selectFrom('outbox_events').selectAll()
    .where('org_id', '=', orgId).where('event_type', '=', type).execute()).map((e) => JSON.parse(e.payload).data);

  it('a BILL schedule cloned from a bill: each run is an OPEN bill dated that day with BILL_CREATED; catch-up runs only the latest missed slot', async () => {
    const o = await t.given.org();
    const v = await vendor(o.api);
    try {
      at(BEFORE_NINE);
      const template = await postedBill(o.api, v, 2500);
      const r = (await o.api.post('/recurring', {
        entity_type: 'BILL', name: 'Rent', frequency: 'MONTHLY', start_date: '2026-06-30', end_date: '2026-10-15', template_entity_id: template.bill_id,
      }, { idempotencyKey: newKey() })).body.recurring;
      expect(r).toMatchObject({ template_entity_id: template.bill_id, next_run_at: '2026-06-30T03:30:00Z' });
      expect(r.template_payload).toMatchObject({ vendor_id: v, auto_approve: true, line_items: [{ name: 'Supplies', rate: 2500, quantity: 1 }] });

      at('2026-06-30T03:30:00.000Z');
      await runJobs();
      let now = (await o.api.get(`/recurring/${r.recurring_id}`)).body.recurring;
      expect(now).toMatchObject({ run_count: 1, next_run_at: '2026-07-30T03:30:00Z' });
      const first = (await o.api.get(`/bills/${(await invoicesOf(r.recurring_id))[0]!.generated_entity_id}`)).body.bill;
      expect(first).toMatchObject({ vendor_id: v, status: 'OPEN', total: template.total });
      expect(first.date.slice(0, 10)).toBe('2026-06-30');
      expect(first.bill_id).not.toBe(template.bill_id);

      // Down from 30 July to 2 October 10:00 IST: the 30 July and 30 August slots were missed; only 30 September runs, dated today.
      at('2026-10-02T04:30:00.000Z');
      await runJobs();
      await runJobs();
      expect((await invoicesOf(r.recurring_id)).map((x) => x.run_date)).toEqual(['2026-06-30', '2026-09-30']);
      now = (await o.api.get(`/recurring/${r.recurring_id}`)).body.recurring;
      // The next slot (30 October) is past end_date: the schedule paused itself.
      expect(now).toMatchObject({ run_count: 2, is_active: false, next_run_at: null });
      const caughtUp = (await o.api.get(`/bills/${(await invoicesOf(r.recurring_id))[1]!.generated_entity_id}`)).body.bill;
      expect(caughtUp.date.slice(0, 10)).toBe('2026-10-02');
      const created = await eventsOf(o.orgId, 'BILL_CREATED');
      expect(created.map((d) => d.id)).toEqual(expect.arrayContaining([first.bill_id, caughtUp.bill_id]));
      await expectBooksBalanced(o.api);
    } finally {
      at(BEFORE_NINE);
    }
  });

  it('an EXPENSE schedule on the 31st: month ends clamp (31 Jan → 28 Feb → 31 Mar → 30 Apr) and max_runs ends it', async () => {
    const o = await t.given.org();
    const bank = await accountId(o.api, 'Bank');
    const expenseAccount = await accountId(o.api, 'General Expenses');
    try {
      at('2027-01-20T06:00:00.000Z');
      const r = (await o.api.post('/recurring', {
        entity_type: 'EXPENSE', name: 'Internet', frequency: 'MONTHLY', start_date: '2027-01-31', max_runs: 4,
        template_payload: { paid_through_account_id: bank, account_id: expenseAccount, amount: 1180, reference_number: 'ISP' },
      }, { idempotencyKey: newKey() })).body.recurring;
      const seen: string[] = [];
      for (const day of ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']) {
        expect((await o.api.get(`/recurring/${r.recurring_id}`)).body.recurring.next_run_at).toBe(`${day}T03:30:00Z`);
        at(`${day}T03:29:00.000Z`);
        await runJobs();
        expect((await invoicesOf(r.recurring_id))).toHaveLength(seen.length);
        at(`${day}T03:30:00.000Z`);
        await runJobs();
        seen.push(day);
        expect((await invoicesOf(r.recurring_id)).map((x) => x.run_date)).toEqual(seen);
      }
      expect((await o.api.get(`/recurring/${r.recurring_id}`)).body.recurring).toMatchObject({ run_count: 4, is_active: false, next_run_at: null });
      const expenses = await Promise.all((await invoicesOf(r.recurring_id)).map(async (x) => (await o.api.get(`/expenses/${x.generated_entity_id}`)).body.expense));
      expect(expenses.map((e) => e.date.slice(0, 10))).toEqual(seen);
      expect(expenses.every((e) => e.total === 1180 && e.reference_number === 'ISP')).toBe(true);
      expect((await eventsOf(o.orgId, 'EXPENSE_CREATED')).map((d) => d.id).sort()).toEqual(expenses.map((e) => e.expense_id).sort());
      await expectBooksBalanced(o.api);
    } finally {
      at(BEFORE_NINE);
    }
  });

  it('a template that no longer makes a document pauses its schedule, keeps next_run_at and says why', async () => {
    const o = await t.given.org();
    const c = await customer(o.api);
    try {
      at(BEFORE_NINE);
      const r = (await o.api.post('/recurring', {
        entity_type: 'INVOICE', name: 'Orphan', frequency: 'WEEKLY', start_date: '2026-06-15',
        template_payload: { customer_id: c, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'X', hsn_or_sac: '8471', rate: 10 }] },
      }, { idempotencyKey: newKey() })).body.recurring;
      expect((await o.api.delete(`/contacts/${c}`)).status).toBe(200);
      at(AT_NINE);
      await runJobs();
      const now = (await o.api.get(`/recurring/${r.recurring_id}`)).body.recurring;
      expect(now).toMatchObject({ is_active: false, run_count: 0, next_run_at: '2026-06-15T03:30:00Z' });
      const paused = await t.app.database.db.selectFrom('activity').selectAll().where('org_id', '=', o.orgId).where('entity_id', '=', r.recurring_id)
        .where('action', 'like', '%PAUSED').executeTakeFirstOrThrow();
      expect(JSON.parse(paused.metadata ?? '{}').reason).toMatch(/^not_found\.resource: /);
      expect((await o.api.get('/invoices')).body.invoices).toHaveLength(0);
    } finally {
      at(BEFORE_NINE);
    }
  });
});

describe('recurring schedules: auto_charge payment links', () => {
  const vpa = 'asha.traders@okhdfc';

  it('needs the organisation\'s UPI VPA; the preference is format-checked', async () => {
    const o = await t.given.org({ name: 'Asha & Sons' });
    const c = await customer(o.api);
    const body = { entity_type: 'INVOICE', name: 'Charged', frequency: 'MONTHLY', start_date: '2026-07-01', auto_charge: true,
      template_payload: { customer_id: c, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Plan', hsn_or_sac: '998311', rate: 499 }] } };
    const refused = await o.api.post('/recurring', body, { idempotencyKey: newKey() });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'auto_charge' });
    expect(refused.body.message).toContain('upiVpa');
    expect((await o.api.get('/recurring')).body.recurring).toHaveLength(0);

    for (const bad of ['asha', 'asha@', 'asha@ok hdfc', 'asha@okhdfc&am=1', 42]) {
      const res = await t.admin.put(`/orgs/${o.orgId}/preferences`, { upiVpa: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(res.body, String(bad)).toMatchObject({ code: 'validation.invalid_value', field: 'upiVpa' });
    }
    const set = await t.admin.put(`/orgs/${o.orgId}/preferences`, { upiVpa: vpa });
    expect(set.status).toBe(200);
    expect(set.body.preferences.upiVpa).toBe(vpa);

    // UPI moves rupees only: a USD template is refused, on create and when PUT switches auto_charge on.
    const usd = await o.api.post('/recurring', { ...body, template_payload: { ...body.template_payload, currency_code: 'USD', exchange_rate: 83 } }, { idempotencyKey: newKey() });
    expect(usd.body).toMatchObject({ code: 'validation.invalid_value', field: 'auto_charge' });
    const plainUsd = (await o.api.post('/recurring', { ...body, auto_charge: false, template_payload: { ...body.template_payload, currency_code: 'USD', exchange_rate: 83 } }, { idempotencyKey: newKey() })).body.recurring;
    expect((await o.api.put(`/recurring/${plainUsd.recurring_id}`, { auto_charge: true })).body).toMatchObject({ code: 'validation.invalid_value', field: 'auto_charge' });

    const ok = await o.api.post('/recurring', body, { idempotencyKey: newKey() });
    expect(ok.status).toBe(201);
    expect(ok.body.recurring.auto_charge).toBe(true);
    // Not on other entity types, with or without a VPA.
    const bank = await accountId(o.api, 'Bank');
    const equity = await accountId(o.api, "Owner's Equity");
    const journal = await o.api.post('/recurring', {
      entity_type: 'JOURNAL', name: 'J', frequency: 'DAILY', start_date: '2026-07-01', auto_charge: true,
      template_payload: { memo: 'x', lines: [{ account_id: bank, debit: 1 }, { account_id: equity, credit: 1 }] },
    }, { idempotencyKey: newKey() });
    expect(journal.body).toMatchObject({ code: 'validation.invalid_value', field: 'auto_charge' });
  });

  it('each generated invoice carries a UPI link for its balance; it follows payments and goes when paid', async () => {
    const o = await t.given.org({ name: 'Asha & Sons, Pune' });
    expect((await t.admin.put(`/orgs/${o.orgId}/preferences`, { upiVpa: vpa })).status).toBe(200);
    const c = await customer(o.api);
    const template = { customer_id: c, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Plan', hsn_or_sac: '998311', rate: 1000.5 }] };
    const charged = (await o.api.post('/recurring', {
      entity_type: 'INVOICE', name: 'Charged', frequency: 'MONTHLY', start_date: '2026-07-01', auto_charge: true, template_payload: template,
    }, { idempotencyKey: newKey() })).body.recurring;
    const plain = (await o.api.post('/recurring', {
      entity_type: 'INVOICE', name: 'Plain', frequency: 'MONTHLY', start_date: '2026-07-01', template_payload: template,
    }, { idempotencyKey: newKey() })).body.recurring;

    const run = await o.api.post(`/recurring/${charged.recurring_id}/run`, {}, { idempotencyKey: newKey() });
    expect(run.status).toBe(200);
    const invoice = (await o.api.get(`/invoices/${run.body.generated_entity_id}`)).body.invoice;
    expect(invoice.balance).toBe(1000.5);
    expect(invoice.payment_link).toBe(`upi://pay?pa=${vpa}&pn=Asha%20%26%20Sons%2C%20Pune&am=1000.50&cu=INR&tn=${encodeURIComponent(invoice.invoice_number)}`);
    const link = new URL(invoice.payment_link);
    expect(Object.fromEntries(link.searchParams)).toEqual({ pa: vpa, pn: 'Asha & Sons, Pune', am: '1000.50', cu: 'INR', tn: invoice.invoice_number });
    // In lists too; a schedule without auto_charge (and any other invoice) has none.
    const plainRun = await o.api.post(`/recurring/${plain.recurring_id}/run`, {}, { idempotencyKey: newKey() });
    expect((await o.api.get(`/invoices/${plainRun.body.generated_entity_id}`)).body.invoice.payment_link).toBeNull();
    const listed = (await o.api.get('/invoices')).body.invoices as Array<{ invoice_id: string; payment_link: string | null }>;
    expect(listed.find((i) => i.invoice_id === invoice.invoice_id)!.payment_link).toBe(invoice.payment_link);

    // A later VPA change leaves the link the customer already has alone.
    expect((await t.admin.put(`/orgs/${o.orgId}/preferences`, { upiVpa: 'other@ybl' })).status).toBe(200);
    const pay = (amount: number) => o.api.post('/payments', {
      flow: 'INCOMING', contact_id: c, date: '2026-06-16', amount, allocations: [{ invoice_id: invoice.invoice_id, amount }],
    }, { idempotencyKey: newKey() });
    expect((await pay(400)).status).toBe(201);
    const partly = (await o.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice;
    expect(Object.fromEntries(new URL(partly.payment_link).searchParams)).toMatchObject({ pa: vpa, am: '600.50' });
    expect((await pay(600.5)).status).toBe(201);
    const paid = (await o.api.get(`/invoices/${invoice.invoice_id}`)).body.invoice;
    expect(paid).toMatchObject({ status: 'PAID', balance: 0, payment_link: null });
    await expectBooksBalanced(o.api);
  });

  it('a scheduled run without a VPA pauses the schedule and says why; run now refuses', async () => {
    const o = await t.given.org();
    expect((await t.admin.put(`/orgs/${o.orgId}/preferences`, { upiVpa: vpa })).status).toBe(200);
    const c = await customer(o.api);
    const r = (await o.api.post('/recurring', {
      entity_type: 'INVOICE', name: 'Charged', frequency: 'DAILY', start_date: '2026-06-15', auto_charge: true,
      template_payload: { customer_id: c, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Milk', hsn_or_sac: '0401', rate: 50 }] },
    }, { idempotencyKey: newKey() })).body.recurring;
    expect((await t.admin.put(`/orgs/${o.orgId}/preferences`, { upiVpa: null })).status).toBe(200);
    const now = await o.api.post(`/recurring/${r.recurring_id}/run`, {}, { idempotencyKey: newKey() });
    expect(now.body).toMatchObject({ code: 'validation.invalid_value', field: 'auto_charge' });
    try {
      t.clock.set(new Date(AT_NINE));
      await runJobs();
      const after = (await o.api.get(`/recurring/${r.recurring_id}`)).body.recurring;
      expect(after).toMatchObject({ is_active: false, run_count: 0, next_run_at: '2026-06-15T03:30:00Z' });
      expect((await o.api.get('/invoices')).body.invoices).toHaveLength(0);
      const paused = await t.app.database.db.selectFrom('activity').selectAll().where('org_id', '=', o.orgId).where('entity_id', '=', r.recurring_id)
        .where('action', 'like', '%PAUSED').executeTakeFirstOrThrow();
      expect(JSON.parse(paused.metadata ?? '{}').reason).toContain('upiVpa');
    } finally {
      t.clock.set(new Date(BEFORE_NINE));
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('recurring schedules on PostgreSQL', () => {
  it('two apps running jobs at once never run a schedule twice for one date', async () => {
    const second = await startSecondApp(t);
    const o = await t.given.org();
    const c = await customer(o.api);
    try {
      t.clock.set(new Date('2026-06-14T00:00:00.000Z'));
      const ids: string[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await o.api.post('/recurring', {
          entity_type: 'INVOICE', name: `Race ${i}`, frequency: 'DAILY', start_date: '2026-06-15',
          template_payload: { customer_id: c, place_of_supply: 'IN-KA', auto_approve: true, line_items: [{ name: 'Item', hsn_or_sac: '8471', rate: 10 + i }] },
        }, { idempotencyKey: newKey() });
        ids.push(res.body.recurring.recurring_id);
      }
      t.clock.set(new Date(AT_NINE));
      const results = await Promise.all([t.admin.post('/jobs/run', {}), second.admin.post('/jobs/run', {}), t.admin.post('/jobs/run', {}), second.admin.post('/jobs/run', {})]);
      for (const res of results) expect(res.status).toBe(200);
      expect(results.reduce((sum, res) => sum + (res.body.jobs.recurring_scheduler as number), 0)).toBe(8);
      for (const id of ids) {
        expect(await invoicesOf(id)).toHaveLength(1);
        expect((await o.api.get(`/recurring/${id}`)).body.recurring.run_count).toBe(1);
      }
      expect((await o.api.get('/invoices?per_page=200')).body.invoices).toHaveLength(8);
      await expectBooksBalanced(o.api);
    } finally {
      await second.close();
      t.clock.set(new Date(BEFORE_NINE));
    }
  });
});
