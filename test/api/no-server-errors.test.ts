/**
 * No input gives a 500. Where test/api/fuzz.test.ts mutates bodies derived
 * from the route schemas, this drives bodies a client would send, valid and invalid, built
 * around the amounts that trouble money code: zero rates, 100% discounts, quantities whose
 * product rounds to 0.00, tiny and huge exchange rates, amounts at the bound and just past it.
 * Random sequences of creates, updates, approvals, conversions, applications and voids run
 * against one organisation, so later steps act on what earlier ones made; any 5xx fails, and
 * the books balance at the end.
 *
 * Knobs, as the schema fuzz: FUZZ_SEED, FUZZ_TIME_MS (the random part's budget, default 20 s).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import type { ApiResponse } from '../support/http-client';
import { customer, taxId, vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20_250_401);
const TIME_BUDGET_MS = Number(process.env.FUZZ_TIME_MS ?? 20_000);

let t: TestApp;
let org: OrgFixture;
/** What the sequences act on: the organisation's fixtures, then every document a step made. */
const ids = {
  customers: [] as string[], vendors: [] as string[], foreignCustomers: [] as string[], foreignVendors: [] as string[],
  taxes: [] as string[], bank: '', expenseAccount: '',
  invoices: [] as string[], bills: [] as string[], creditNotes: [] as string[], debitNotes: [] as string[],
  payments: [] as string[], expenses: [] as string[], salesOrders: [] as string[], purchaseOrders: [] as string[], estimates: [] as string[],
};
type Pool = keyof typeof ids;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  org = await t.given.org({ state_code: 'IN-KA', rate_limit_per_minute: 1_000_000 });
  ids.customers.push(await customer(org.api, { place_of_contact: 'IN-KA' }), await customer(org.api, { place_of_contact: 'IN-MH' }));
  ids.vendors.push(await vendor(org.api, { place_of_contact: 'IN-KA' }), await vendor(org.api, { place_of_contact: 'IN-MH' }));
  ids.foreignCustomers.push(await customer(org.api, { currency_code: 'USD' }));
  ids.foreignVendors.push(await vendor(org.api, { currency_code: 'USD' }));
  for (const rate of [0, 5, 18, 28]) ids.taxes.push(await taxId(org.api, rate));
  ids.bank = await accountId(org.api, 'Bank');
  ids.expenseAccount = await accountId(org.api, 'General Expenses');
}, 60_000);
afterAll(async () => {
  if (process.env.FUZZ_STATS) for (const [route, n] of [...statuses].sort()) console.log(`${String(n).padStart(5)}  ${route}`);
  await t?.close();
});

// ---------------------------------------------------------------- amounts that trouble money code

/** Rupees: exact zero, the smallest amounts, amounts around half a rupee, the bound; sometimes past what the schema takes. */
const money = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(0, 0.01, 0.02, 0.49, 0.5, 0.99, 1, 100, 99_999.99, 1e12) },
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 10_000_000 }).map((paise) => paise / 100) },
  { weight: 1, arbitrary: fc.constantFrom(-0.01, 0.001, 1e12 + 0.01) },
);
/** Quantities whose product with a small rate rounds to 0.00, or to one paisa; large ones; sometimes invalid ones. */
const quantity = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(0.001, 0.004, 0.005, 0.499, 0.5, 1, 2.5, 1_000, 123_456.789, 1e9) },
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 100_000 }).map((milli) => milli / 1000) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 0.0001) },
);
/** Rates of a foreign currency, down to where amounts vanish in rupees; 0 is invalid. */
const exchangeRate = fc.constantFrom(0.000001, 0.001, 0.003, 0.3, 0.5, 1, 83.005, 1_000_000, 0);
/** A line's discount: none, all of quantity × rate (100%), half of it, a paisa more than all of it, or any amount. */
const discount = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('none', 'full', 'half') },
  { weight: 1, arbitrary: fc.constantFrom('over') },
  { weight: 1, arbitrary: money },
);

const line = fc.record({
  rate: money, quantity, discount, tax: fc.option(fc.nat(), { nil: undefined }), name: fc.constantFrom('Goods', 'Free sample', 'Service'),
});
type LineSpec = typeof line extends fc.Arbitrary<infer L> ? L : never;

/** quantity × rate in paise, half-up, worked out here in integers as the service must. */
const grossPaise = (l: LineSpec) => {
  const milliTimesPaise = Math.round(l.quantity * 1000) * Math.round(l.rate * 100);
  return Math.floor((milliTimesPaise + 500) / 1000);
};

function lineBody(l: LineSpec) {
  const gross = grossPaise(l);
  const discountPaise = l.discount === 'none' ? undefined : l.discount === 'full' ? gross : l.discount === 'half' ? Math.floor(gross / 2) : l.discount === 'over' ? gross + 1 : Math.round(l.discount * 100);
  return {
    name: l.name, rate: l.rate, quantity: l.quantity,
    ...(discountPaise !== undefined && { discount: discountPaise / 100 }),
    ...(l.tax !== undefined && { tax_id: ids.taxes[l.tax % ids.taxes.length] }),
  };
}

const lines = fc.array(line, { minLength: 1, maxLength: 3 });
/** INR within the state, INR across states, or USD at one of the troubling rates. */
const currency = fc.oneof(
  fc.constantFrom({ kind: 'intra' as const }, { kind: 'inter' as const }),
  exchangeRate.map((rate) => ({ kind: 'foreign' as const, rate })),
);
const DATE = '2026-06-15';

// ---------------------------------------------------------------- steps

/** One request (or a short chain of them) a client might send; `pick` chooses among what exists. */
const step = fc.oneof(
  fc.record({ op: fc.constant('invoice' as const), lines, currency, autoApprove: fc.boolean(), roundOff: fc.option(money, { nil: undefined }) }),
  fc.record({ op: fc.constant('bill' as const), lines, currency, autoApprove: fc.boolean(), roundOff: fc.option(money, { nil: undefined }) }),
  fc.record({ op: fc.constant('creditNote' as const), lines, pick: fc.option(fc.nat(), { nil: undefined }) }),
  fc.record({ op: fc.constant('debitNote' as const), lines, pick: fc.option(fc.nat(), { nil: undefined }) }),
  fc.record({ op: fc.constantFrom('estimate' as const, 'salesOrder' as const, 'purchaseOrder' as const), lines }),
  fc.record({ op: fc.constant('convert' as const), kind: fc.constantFrom('salesOrders' as const, 'purchaseOrders' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('recurring' as const), lines }),
  fc.record({ op: fc.constant('expense' as const), amount: money, tax: fc.option(fc.nat(), { nil: undefined }), inclusive: fc.boolean(), rcm: fc.boolean() }),
  fc.record({ op: fc.constant('updateExpense' as const), pick: fc.nat(), amount: money }),
  fc.record({
    op: fc.constant('payment' as const), incoming: fc.boolean(), amount: money, currency, charges: fc.option(money, { nil: undefined }),
    allocate: fc.option(fc.tuple(fc.nat(), money), { nil: undefined }),
  }),
  fc.record({ op: fc.constant('updatePayment' as const), pick: fc.nat(), exchangeRate: fc.option(exchangeRate, { nil: undefined }), amount: fc.option(money, { nil: undefined }) }),
  fc.record({ op: fc.constant('applyPayment' as const), pick: fc.nat(), target: fc.nat(), amount: money }),
  fc.record({ op: fc.constant('applyCredit' as const), pick: fc.nat(), target: fc.nat(), amount: money }),
  fc.record({ op: fc.constant('updateDocument' as const), kind: fc.constantFrom('invoices' as const, 'bills' as const), pick: fc.nat(), roundOff: money }),
  fc.record({ op: fc.constantFrom('approve' as const, 'void' as const), kind: fc.constantFrom('invoices' as const, 'bills' as const, 'creditNotes' as const, 'debitNotes' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('journal' as const), amount: money }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

const PATHS: Record<'invoices' | 'bills' | 'creditNotes' | 'debitNotes', string> = {
  invoices: '/invoices', bills: '/bills', creditNotes: '/credit_notes', debitNotes: '/debit_notes',
};
const from = (pool: Pool, pick: number): string | undefined => {
  const list = ids[pool] as string[];
  return list.length === 0 ? undefined : list[pick % list.length];
};

/** Answers by route and status, printed with FUZZ_STATS=1 to see what the sequences reach. */
const statuses = new Map<string, number>();

/** Every request of a step goes through here: a 5xx fails with the request that caused it. */
async function send(method: 'post' | 'put', path: string, body: unknown): Promise<ApiResponse> {
  const res = method === 'post' ? await org.api.post(path, body, { idempotencyKey: newKey() }) : await org.api.put(path, body, { idempotencyKey: newKey() });
  const route = `${method.toUpperCase()} ${path.replace(/\/[a-z]+_[0-9A-Z]{26}/g, '/:id')} ${res.status}`;
  statuses.set(route, (statuses.get(route) ?? 0) + 1);
  expect(res.status, `${method.toUpperCase()} ${path} ${JSON.stringify(body)}\n→ ${res.status} ${JSON.stringify(res.body)}`).toBeLessThan(500);
  return res;
}

/** Sends, and keeps the id of what was made (201) in its pool. */
async function make(path: string, body: unknown, key: string, idField: string, pool: Pool) {
  const res = await send('post', path, body);
  if (res.status === 201) (ids[pool] as string[]).push(res.body[key][idField]);
  return res;
}

function partyOf(c: Step & { currency: unknown }, sales: boolean) {
  const cur = c.currency as { kind: 'intra' | 'inter' | 'foreign'; rate?: number };
  const contact = sales ? 'customer_id' : 'vendor_id';
  if (cur.kind === 'foreign') {
    return { [contact]: (sales ? ids.foreignCustomers : ids.foreignVendors)[0], place_of_supply: 'IN-MH', currency_code: 'USD', exchange_rate: cur.rate };
  }
  const intra = cur.kind === 'intra';
  return { [contact]: (sales ? ids.customers : ids.vendors)[intra ? 0 : 1], place_of_supply: intra ? 'IN-KA' : 'IN-MH' };
}

async function run(s: Step): Promise<void> {
  switch (s.op) {
    case 'invoice':
      await make('/invoices', { ...partyOf(s, true), date: DATE, auto_approve: s.autoApprove, round_off: s.roundOff, line_items: s.lines.map(lineBody) }, 'invoice', 'invoice_id', 'invoices');
      return;
    case 'bill':
      await make('/bills', {
        ...partyOf(s, false), date: DATE, auto_approve: s.autoApprove, round_off: s.roundOff, reference_number: newKey().slice(-12), line_items: s.lines.map(lineBody),
      }, 'bill', 'bill_id', 'bills');
      return;
    case 'creditNote': {
      const invoiceId = s.pick === undefined ? undefined : from('invoices', s.pick);
      const owner = invoiceId ? (await org.api.get(`/invoices/${invoiceId}`)).body.invoice.customer_id : ids.customers[0];
      await make('/credit_notes', { customer_id: owner, invoice_id: invoiceId, date: DATE, line_items: s.lines.map(lineBody) }, 'credit_note', 'credit_note_id', 'creditNotes');
      return;
    }
    case 'debitNote': {
      const billId = s.pick === undefined ? undefined : from('bills', s.pick);
      const owner = billId ? (await org.api.get(`/bills/${billId}`)).body.bill.vendor_id : ids.vendors[0];
      await make('/debit_notes', { vendor_id: owner, bill_id: billId, date: DATE, line_items: s.lines.map(lineBody) }, 'debit_note', 'debit_note_id', 'debitNotes');
      return;
    }
    case 'estimate':
      await make('/estimates', { customer_id: ids.customers[0], date: DATE, line_items: s.lines.map(lineBody) }, 'estimate', 'estimate_id', 'estimates');
      return;
    case 'salesOrder':
      await make('/sales_orders', { customer_id: ids.customers[1], date: DATE, line_items: s.lines.map(lineBody) }, 'sales_order', 'sales_order_id', 'salesOrders');
      return;
    case 'purchaseOrder':
      await make('/purchase_orders', { vendor_id: ids.vendors[0], date: DATE, line_items: s.lines.map(lineBody) }, 'purchase_order', 'purchase_order_id', 'purchaseOrders');
      return;
    case 'convert': {
      const id = from(s.kind, s.pick);
      if (!id) return;
      const path = s.kind === 'salesOrders' ? `/sales_orders/${id}` : `/purchase_orders/${id}`;
      await send('put', path, { status: 'OPEN' });
      const converted = await send('post', `${path}/convert`, {});
      if (converted.status !== 200) return;
      const made = converted.body.invoice?.invoice_id ?? converted.body.bill?.bill_id;
      const kind = converted.body.invoice ? 'invoices' : 'bills';
      ids[kind].push(made);
      await send('post', `${PATHS[kind]}/${made}/approve`, {});
      return;
    }
    case 'recurring': {
      const schedule = await send('post', '/recurring', {
        entity_type: 'INVOICE', name: 'Fuzz', frequency: 'MONTHLY', start_date: DATE,
        template_payload: { customer_id: ids.customers[0], place_of_supply: 'IN-KA', auto_approve: true, line_items: s.lines.map(lineBody) },
      });
      if (schedule.status === 201) await send('post', `/recurring/${schedule.body.recurring.recurring_id}/run`, {});
      return;
    }
    case 'expense':
      await make('/expenses', {
        date: DATE, paid_through_account_id: ids.bank, account_id: ids.expenseAccount, amount: s.amount, vendor_id: ids.vendors[1],
        ...(s.tax !== undefined && { tax_id: ids.taxes[s.tax % ids.taxes.length] }), is_inclusive_tax: s.inclusive && !s.rcm,
        ...(s.rcm && { is_rcm: true, rcm_rate: 18 }),
      }, 'expense', 'expense_id', 'expenses');
      return;
    case 'updateExpense': {
      const id = from('expenses', s.pick);
      if (id) await send('put', `/expenses/${id}`, { amount: s.amount });
      return;
    }
    case 'payment': {
      const foreign = s.currency.kind === 'foreign';
      const contact = s.incoming ? (foreign ? ids.foreignCustomers : ids.customers)[0] : (foreign ? ids.foreignVendors : ids.vendors)[0];
      const target = s.allocate && from(s.incoming ? 'invoices' : 'bills', s.allocate[0]);
      await make('/payments', {
        flow: s.incoming ? 'INCOMING' : 'OUTGOING', contact_id: contact, date: DATE, amount: s.amount, bank_charges: s.charges,
        ...(s.currency.kind === 'foreign' && { currency_code: 'USD', exchange_rate: s.currency.rate }),
        ...(target && { allocations: [{ [s.incoming ? 'invoice_id' : 'bill_id']: target, amount: s.allocate![1] }] }),
      }, 'payment', 'payment_id', 'payments');
      return;
    }
    case 'updatePayment': {
      const id = from('payments', s.pick);
      if (id) await send('put', `/payments/${id}`, { exchange_rate: s.exchangeRate, amount: s.amount });
      return;
    }
    case 'applyPayment': {
      const id = from('payments', s.pick);
      if (!id) return;
      const incoming = (await org.api.get(`/payments/${id}`)).body.payment.flow === 'INCOMING';
      const target = from(incoming ? 'invoices' : 'bills', s.target);
      if (target) await send('post', `/payments/${id}/apply`, { [incoming ? 'invoice_id' : 'bill_id']: target, amount: s.amount });
      return;
    }
    case 'applyCredit': {
      const id = from('creditNotes', s.pick);
      const target = from('invoices', s.target);
      if (id && target) await send('post', `/credit_notes/${id}/apply-to-invoice`, { invoice_id: target, amount: s.amount });
      return;
    }
    case 'updateDocument': {
      const id = from(s.kind, s.pick);
      if (id) await send('put', `${PATHS[s.kind]}/${id}`, s.kind === 'bills' ? { round_off: s.roundOff } : { notes: `round_off ${s.roundOff}` });
      return;
    }
    case 'approve':
    case 'void': {
      const id = from(s.kind, s.pick);
      // Notes are issued when made: only invoices and bills have an approval.
      if (id && (s.op === 'void' || s.kind === 'invoices' || s.kind === 'bills')) await send('post', `${PATHS[s.kind]}/${id}/${s.op}`, {});
      return;
    }
    case 'journal':
      await send('post', '/journals', { date: DATE, lines: [{ account_id: ids.bank, debit: s.amount }, { account_id: ids.expenseAccount, credit: s.amount }] });
      return;
  }
}

describe('no input gives a 5xx', () => {
  it('survives random sequences of money-edged requests, and the books balance after them', async () => {
    const deadline = performance.now() + TIME_BUDGET_MS;
    let steps = 0;
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (sequence) => {
      // Past the budget, runs are skipped rather than interrupted, so no request is left in flight.
      if (performance.now() > deadline) return;
      for (const s of sequence) {
        await run(s);
        steps += 1;
      }
    }), { seed: SEED, numRuns: 100_000, endOnFailure: true });
    expect(steps).toBeGreaterThan(50);
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  }, TIME_BUDGET_MS + 120_000);
});
