/**
 * A recurring run makes what a create of the same body makes: over bodies drawn from every
 * create field of invoices, bills and expenses, a document is created directly, schedules are
 * made from it (template_entity_id, its snapshot) and from the body (template_payload), each is
 * run the same day, and each generated document and journal must equal the direct create's but
 * for ids, numbers and times (RUN_OWN_FIELDS: a run numbers itself).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CreateBillBody } from '../../src/modules/bills';
import { CreateExpenseBody } from '../../src/modules/expenses';
import { CreateInvoiceBody } from '../../src/modules/invoices';
import { RUN_OWN_FIELDS, type NumberField } from '../../src/modules/recurring/template-payload.rules';
import { accountId, expectBooksBalanced } from '../support/books';
import { customer, taxId, vendor } from '../support/sales';
import { validValue, type JsonSchema } from '../support/schema-arbitraries';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/** 2026-06-15 08:00 IST: every run and every direct create is dated 2026-06-15. */
const TODAY = '2026-06-15';
/** Random bodies per kind (beside the fixed example); RECURRING_PROPERTY_RUNS raises it for a longer local search. */
const RUNS = Number(process.env.RECURRING_PROPERTY_RUNS ?? 5);

let t: TestApp;
let org: OrgFixture;
/** Ids of the organisation the arbitraries draw from (set in beforeAll). */
let F: Record<string, string>;
const ITEM_RATE: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-15T02:30:00.000Z'));
  org = await t.given.org({ state_code: 'IN-KA', rate_limit_per_minute: 100_000 });
  const api = org.api;
  const branch = await t.admin.post(`/orgs/${org.orgId}/branches`, { name: 'Pune', state_code: 'IN-MH' });
  if (branch.status !== 201) throw new Error(`branch: ${branch.status} ${JSON.stringify(branch.body)}`);
  const item = async (body: Record<string, unknown>) => {
    const res = await api.post('/items', body);
    if (res.status !== 201) throw new Error(`item: ${res.status} ${JSON.stringify(res.body)}`);
    ITEM_RATE[res.body.item.item_id] = body.rate as number;
    return res.body.item.item_id as string;
  };
  const series = await api.post('/invoices/series', { series_name: 'RB', prefix: 'RB-', padding: 5, format_template: '{prefix}{num}' });
  if (series.status !== 201) throw new Error(`series: ${series.status} ${JSON.stringify(series.body)}`);
  // Independent look-ups, side by side.
  const named = async (entries: Record<string, Promise<string>>) => Object.fromEntries(await Promise.all(Object.entries(entries).map(async ([k, v]) => [k, await v] as const)));
  F = await named({
    customerKa: customer(api, { place_of_contact: 'IN-KA' }), customerMh: customer(api, { place_of_contact: 'IN-MH' }),
    customerAbroad: customer(api, { gst_treatment: 'OVERSEAS', billing_address: { address: '1 Main St', city: 'Austin', zip: '73301', country: 'US' } }),
    vendorKa: vendor(api, { place_of_contact: 'IN-KA' }), vendorMh: vendor(api, { place_of_contact: 'IN-MH' }),
    vendorAbroad: vendor(api, { gst_treatment: 'OVERSEAS', billing_address: { address: '2 High St', city: 'London', zip: 'EC1A', country: 'GB' } }),
    tax0: taxId(api, 0), tax5: taxId(api, 5), tax18: taxId(api, 18),
    sales: accountId(api, 'Sales'), serviceIncome: accountId(api, 'Service Income'), purchases: accountId(api, 'Purchases'),
    generalExpenses: accountId(api, 'General Expenses'), bankCharges: accountId(api, 'Bank Charges'), bank: accountId(api, 'Bank'), pettyCash: accountId(api, 'Petty Cash'),
  });
  F.branch = org.defaultBranchId;
  F.otherBranch = branch.body.branch.branch_id;
  F.goods = await item({ name: 'Keyboard', type: 'GOODS', rate: 250, purchase_rate: 180, tax_id: F.tax18, hsn_sac: '84716060', unit: 'NOS' });
  F.service = await item({ name: 'Support', type: 'SERVICE', rate: 1200, tax_id: F.tax18, hsn_sac: '998314' });
});
afterAll(async () => { await t.close(); });

// ------------------------------------------------------------------ arbitraries

/** One arbitrary for every create field but the number: a field added to a create body is a type error here until it is drawn. */
type Fields<Body> = { [K in Exclude<keyof Body, NumberField>]-?: fc.Arbitrary<unknown> };
type Body = Record<string, unknown>;

/** Present or left out. */
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const schemaValue = (schema: unknown) => validValue(schema as JsonSchema);
const propertyOf = (body: { properties: Record<string, unknown> }, field: string) => schemaValue(body.properties[field]);
const text = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789 -/'), minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s !== '');
const dueDate = maybe(fc.integer({ min: 0, max: 45 }).map((days) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)));
const currency = fc.constantFrom('INR', 'USD');
const rate = fc.constantFrom(83, 82.5, 1.25);
const roundOff = fc.oneof(fc.constant(null), fc.integer({ min: -49, max: 49 }).map((p) => p / 100));
const transport = {
  transport_mode: maybe(fc.constantFrom('road', 'rail', '3')),
  distance_km: maybe(fc.integer({ min: 0, max: 4000 })),
  vehicle_no: maybe(fc.constantFrom('KA01AB1234', 'mh-12 de 3456')),
  transporter_id: maybe(fc.constant('27AAPFU0939F1ZV')),
  trans_doc_no: maybe(fc.constantFrom('LR-4417', 'awb/778')),
  trans_doc_date: maybe(fc.constant(TODAY)),
  vehicle_type: maybe(fc.constantFrom('regular', 'over_dimensional')),
  transporter_name: maybe(fc.constantFrom('VRL Logistics', 'Blue Dart')),
};

/** A line of an invoice or bill: by item or by name and rate, with every override the create takes. */
function documentLine(accounts: string[]) {
  return fc.record({
    item_id: maybe(fc.constantFrom(F.goods!, F.service!)),
    name: maybe(text),
    description: maybe(fc.oneof(fc.constant(null), text)),
    hsn_or_sac: maybe(fc.constantFrom<string | null>('8471', '84716060', null)),
    quantity: maybe(fc.integer({ min: 1000, max: 20_000 }).map((milli) => milli / 1000)),
    unit: maybe(fc.constantFrom<string | null>('NOS', 'BOX', null)),
    rate: maybe(fc.integer({ min: 100, max: 1_000_000 }).map((p) => p / 100)),
    discount: maybe(fc.integer({ min: 0, max: 50 })),
    tax_id: maybe(fc.constantFrom<string | null>(F.tax0!, F.tax5!, F.tax18!, null)),
    account_id: maybe(fc.constantFrom<string | null>(...accounts, null)),
  }).map((l) => {
    const line: Body = { ...l };
    if (l.item_id === undefined) {
      line.name = l.name ?? 'Work';
      line.rate = l.rate ?? 100;
    }
    // A service item takes a SAC, and a line's discount stays within its amount (here, at most half).
    if (l.item_id === F.service) line.hsn_or_sac = l.hsn_or_sac === undefined ? undefined : '998314';
    const amountPaise = Math.round((l.quantity ?? 1) * ((line.rate as number | undefined) ?? ITEM_RATE[l.item_id!]!) * 100);
    line.discount = l.discount === undefined ? undefined : Math.floor((amountPaise * l.discount) / 100) / 100;
    return line;
  });
}

const lines = (accounts: string[]) => fc.array(documentLine(accounts), { minLength: 1, maxLength: 3 });

function invoiceBody(): fc.Arbitrary<Body> {
  const fields: Fields<CreateInvoiceBody> = {
    customer_id: fc.constantFrom(F.customerKa!, F.customerMh!, F.customerAbroad!),
    date: fc.constant(TODAY),
    due_date: dueDate,
    place_of_supply: fc.constantFrom('IN-KA', 'IN-MH'),
    line_items: lines([F.sales!, F.serviceIncome!]),
    series_name: maybe(fc.constantFrom('default', 'RB')),
    branch_id: maybe(fc.constantFrom(F.branch!, F.otherBranch!)),
    currency_code: maybe(currency),
    exchange_rate: maybe(rate),
    reference_number: maybe(propertyOf(CreateInvoiceBody, 'reference_number')),
    salesperson_id: maybe(fc.constantFrom('sp_asha', null)),
    notes: maybe(propertyOf(CreateInvoiceBody, 'notes')),
    round_off: maybe(roundOff),
    auto_approve: maybe(fc.boolean()),
    export_type: maybe(propertyOf(CreateInvoiceBody, 'export_type')),
    is_inclusive_tax: maybe(fc.boolean()),
    // Reverse charge needs a customer with a GSTIN (CGST s.24(iii)); these have none.
    is_reverse_charge: maybe(fc.constant(false)),
    ...transport,
    dispatch_from: maybe(fc.constantFrom({ address: 'Godown 3, Hebbal Industrial Area', city: 'Mysuru', state_code: 'IN-KA', zip: '570016', country: 'India' }, null)),
  };
  return fc.record(fields).map((b) => {
    const abroad = b.customer_id === F.customerAbroad;
    // An invoice issued from 1 May 2025 carries an HSN or SAC on every line (Phase III): one issued at once gives a code to a line without one.
    const lineItems = b.auto_approve !== true ? b.line_items : (b.line_items as Body[]).map((l) => (
      l.hsn_or_sac === null || (l.hsn_or_sac === undefined && l.item_id === undefined) ? { ...l, hsn_or_sac: '8471' } : l));
    // An export's place of supply is 96; export_type is refused on any other supply.
    return withRate({ ...b, line_items: lineItems, place_of_supply: abroad ? 'IN-96' : b.place_of_supply, export_type: abroad ? b.export_type : undefined });
  });
}

function billBody(): fc.Arbitrary<Body> {
  const fields: Fields<CreateBillBody> = {
    vendor_id: fc.constantFrom(F.vendorKa!, F.vendorMh!, F.vendorAbroad!),
    date: fc.constant(TODAY),
    due_date: dueDate,
    place_of_supply: fc.constantFrom('IN-KA', 'IN-MH'),
    line_items: fc.tuple(lines([F.purchases!, F.generalExpenses!]), fc.array(maybe(propertyOf(CreateBillBody.properties.line_items.items, 'itc_blocked_reason')), { minLength: 3, maxLength: 3 }))
      .map(([ls, reasons]) => ls.map((l, i) => ({ ...l, itc_blocked_reason: reasons[i] }))),
    branch_id: maybe(fc.constantFrom(F.branch!, F.otherBranch!)),
    currency_code: maybe(currency),
    exchange_rate: maybe(rate),
    reference_number: maybe(propertyOf(CreateBillBody, 'reference_number')),
    notes: maybe(propertyOf(CreateBillBody, 'notes')),
    round_off: maybe(roundOff),
    auto_approve: maybe(fc.boolean()),
    is_rcm: maybe(fc.boolean()),
    is_inclusive_tax: maybe(fc.boolean()),
    // A supplier's debit note needs a bill of its vendor to raise: these are invoices.
    document_type: maybe(fc.constant('INVOICE' as const)),
    original_bill_id: maybe(fc.constant(null)),
    ...transport,
  };
  return fc.record(fields).map((b) => {
    // From a vendor abroad, reverse charge follows the lines (a service line is an import of services, a goods line pays IGST at customs): is_rcm is left to them. Reverse-charge rates cannot include tax.
    const abroad = b.vendor_id === F.vendorAbroad;
    return withRate({ ...b, is_rcm: abroad ? undefined : b.is_rcm, is_inclusive_tax: b.is_rcm === true || abroad ? undefined : b.is_inclusive_tax });
  });
}

function expenseBody(): fc.Arbitrary<Body> {
  const expenseLine = fc.record({
    account_id: maybe(fc.constantFrom<string | null>(F.generalExpenses!, F.bankCharges!, null)),
    amount: fc.integer({ min: 100, max: 500_000 }).map((p) => p / 100),
    tax_id: maybe(fc.constantFrom<string | null>(F.tax5!, F.tax18!, null)),
    note: maybe(fc.oneof(fc.constant(null), text)),
  });
  const fields: Fields<CreateExpenseBody> = {
    date: fc.constant(TODAY),
    paid_through_account_id: fc.constantFrom(F.bank!, F.pettyCash!),
    account_id: maybe(fc.constantFrom<string | null>(F.generalExpenses!, F.bankCharges!, null)),
    amount: fc.integer({ min: 100, max: 500_000 }).map((p) => p / 100),
    mode: maybe(propertyOf(CreateExpenseBody, 'mode')),
    reference_number: maybe(propertyOf(CreateExpenseBody, 'reference_number')),
    vendor_id: maybe(fc.constantFrom<string | null>(F.vendorKa!, F.vendorMh!, null)),
    tax_id: maybe(fc.constantFrom<string | null>(F.tax5!, F.tax18!, null)),
    is_inclusive_tax: maybe(fc.boolean()),
    notes: maybe(propertyOf(CreateExpenseBody, 'notes')),
    place_of_supply: maybe(fc.constantFrom('IN-KA', 'IN-MH')),
    branch_id: maybe(fc.constantFrom(F.branch!, F.otherBranch!)),
    line_items: maybe(fc.array(expenseLine, { minLength: 1, maxLength: 3 })),
    is_rcm: maybe(fc.boolean()),
    rcm_rate: fc.constantFrom(5, 18, 12.5),
    itc_blocked_reason: maybe(propertyOf(CreateExpenseBody, 'itc_blocked_reason')),
  };
  return fc.record(fields).map((b) => {
    const itemized = Array.isArray(b.line_items);
    const rcm = b.is_rcm === true;
    const lineItems = (b.line_items as Body[] | undefined)?.map((l) => (rcm ? { ...l, tax_id: undefined } : l));
    // Lines or an amount; an account on the header or on every line; reverse charge takes its rate from rcm_rate, not a tax.
    const everyLineHasAccount = itemized && lineItems!.every((l) => typeof l.account_id === 'string');
    return {
      ...b, amount: itemized ? undefined : b.amount, line_items: lineItems,
      account_id: b.account_id ?? (everyLineHasAccount ? b.account_id : F.generalExpenses),
      rcm_rate: rcm ? b.rcm_rate : undefined, tax_id: rcm ? undefined : b.tax_id, is_inclusive_tax: rcm ? undefined : b.is_inclusive_tax,
    };
  });
}

/** A foreign currency needs its rate. */
const withRate = (b: Body): Body => (b.currency_code === 'USD' && b.exchange_rate === undefined ? { ...b, exchange_rate: 83 } : b);

/** JSON as sent: fields left out are absent. */
const sent = (b: Body): Body => JSON.parse(JSON.stringify(b));

// ------------------------------------------------------------------ comparison

interface Kind { entityType: 'INVOICE' | 'BILL' | 'EXPENSE' | 'JOURNAL'; path: string; key: string; idField: string }
const KINDS: Record<string, Kind> = {
  invoice: { entityType: 'INVOICE', path: '/invoices', key: 'invoice', idField: 'invoice_id' },
  bill: { entityType: 'BILL', path: '/bills', key: 'bill', idField: 'bill_id' },
  expense: { entityType: 'EXPENSE', path: '/expenses', key: 'expense', idField: 'expense_id' },
};

/** What a run sets itself, and what every new record has of its own: ids and times. */
const OWN = new Set<string>([...RUN_OWN_FIELDS.number, 'invoice_id', 'bill_id', 'expense_id', 'line_item_id', 'created_time', 'last_modified_time']);

/** `names`: the record's own id and number, which also appear in texts (a journal's memo). */
function withoutOwn(value: unknown, names: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutOwn(v, names));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !OWN.has(k)).map(([k, v]) => [k, withoutOwn(v, names)]));
  }
  return typeof value === 'string' ? names.reduce((text, name) => text.split(name).join('<own>'), value) : value;
}

/** A record as shown, and its journal entries (date, memo, lines), without what is its own. */
async function recordOf(kind: Kind, id: string) {
  const res = await org.api.get(`${kind.path}/${id}`);
  expect(res.status).toBe(200);
  const doc = res.body[kind.key];
  const names = [id, ...RUN_OWN_FIELDS.number.map((field) => doc[field]).filter((n): n is string => typeof n === 'string')];
  const journals = (await org.api.get(`/journals?source_id=${id}&per_page=200`)).body.journals as Array<Record<string, unknown>>;
  const entries = journals.map((j) => ({ date: j.date, source: j.source, memo: j.memo, lines: j.lines }));
  return { doc: withoutOwn(doc, names), journals: withoutOwn(entries, names) };
}

async function schedule(kind: Kind, template: Record<string, unknown>): Promise<string> {
  const res = await org.api.post('/recurring', {
    entity_type: kind.entityType, name: 'Property', frequency: 'MONTHLY', start_date: TODAY, ...template,
  }, { idempotencyKey: newKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.recurring.recurring_id;
}

async function run(scheduleId: string): Promise<string> {
  const res = await org.api.post(`/recurring/${scheduleId}/run`, {}, { idempotencyKey: newKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.generated_entity_id;
}

/** A bill the same as a posted one (vendor, date, total, reference) is refused as entered twice: the earlier one is voided first. */
async function clearTwin(kind: Kind, id: string) {
  if (kind.entityType !== 'BILL') return;
  const bill = (await org.api.get(`/bills/${id}`)).body.bill;
  if (bill.status !== 'DRAFT') expect((await org.api.post(`/bills/${id}/void`, {}, { idempotencyKey: newKey() })).status).toBe(200);
}

async function checkRunEqualsCreate(kind: Kind, drawn: Body) {
  const body = sent(drawn);
  const created = await org.api.post(kind.path, body, { idempotencyKey: newKey() });
  expect(created.status, `${JSON.stringify(body)} → ${JSON.stringify(created.body)}`).toBe(201);
  let previous = created.body[kind.key][kind.idField] as string;
  const direct = await recordOf(kind, previous);
  // Both schedules are made while the template document stands (a voided one cannot be cloned).
  const schedules = [
    { template: 'template_entity_id', id: await schedule(kind, { template_entity_id: previous }) },
    { template: 'template_payload', id: await schedule(kind, { template_payload: body }) },
  ];
  for (const s of schedules) {
    await clearTwin(kind, previous);
    previous = await run(s.id);
    expect(await recordOf(kind, previous), `${s.template} of ${JSON.stringify(body)}`).toEqual(direct);
  }
  await clearTwin(kind, previous);
}

// ------------------------------------------------------------------ properties

describe('a recurring run creates what a direct create of the same body creates', () => {
  it('the arbitraries draw every create field of each kind but the number', () => {
    // (Fields<> makes this a type error too; this says it where a reader looks.)
    const numbers = new Set<string>(RUN_OWN_FIELDS.number);
    for (const [schema, arb] of [[CreateInvoiceBody, invoiceBody()], [CreateBillBody, billBody()], [CreateExpenseBody, expenseBody()]] as const) {
      const drawn = new Set(fc.sample(arb, 200).flatMap((b) => Object.keys(b).filter((k) => b[k] !== undefined)));
      expect([...drawn].sort()).toEqual(Object.keys(schema.properties).filter((k) => !numbers.has(k)).sort());
    }
  });

  /** Drawn every time, beside the random bodies: the fields runs used to drop (an inclusive invoice recurred with tax on top). */
  const examples = (): Record<string, Body> => ({
    invoice: {
      customer_id: F.customerAbroad, date: TODAY, place_of_supply: 'IN-96', export_type: 'WOPAY', is_inclusive_tax: true, round_off: 0.3,
      series_name: 'RB', auto_approve: true, line_items: [{ name: 'Consulting', hsn_or_sac: '998311', rate: 1180, tax_id: F.tax18, account_id: F.serviceIncome }],
      transport_mode: 'road', vehicle_no: 'KA01AB1234',
    },
    bill: {
      vendor_id: F.vendorKa, date: TODAY, place_of_supply: 'IN-KA', is_inclusive_tax: true, auto_approve: true, round_off: 0.2,
      line_items: [{ name: 'Car hire', rate: 1050, tax_id: F.tax5, itc_blocked_reason: '17(5)(b)', account_id: F.generalExpenses }, { item_id: F.goods, tax_id: null }],
    },
    expense: {
      date: TODAY, paid_through_account_id: F.bank, account_id: F.generalExpenses, tax_id: F.tax18, vendor_id: F.vendorMh,
      line_items: [{ amount: 100 }, { amount: 50, tax_id: null, account_id: F.bankCharges }],
    },
  });

  it('a manual journal recurs in its branch, and each line in its own', async () => {
    const journal = await org.api.post('/journals', {
      date: TODAY, memo: 'Rent', branch_id: F.otherBranch,
      lines: [{ account_id: F.generalExpenses, debit: 500 }, { account_id: F.bank, credit: 500, branch_id: F.branch }],
    }, { idempotencyKey: newKey() });
    expect(journal.status, JSON.stringify(journal.body)).toBe(201);
    const generated = await run(await schedule({ entityType: 'JOURNAL' } as Kind, { template_entity_id: journal.body.journal.journal_id }));
    const entry = async (id: string) => ({
      branch: (await t.app.database.db.selectFrom('journals').select('branch_id').where('journal_id', '=', id).executeTakeFirstOrThrow()).branch_id,
      lines: await t.app.database.db.selectFrom('journal_lines').select(['position', 'branch_id', 'account_id', 'debit', 'credit']).where('journal_id', '=', id).orderBy('position').execute(),
    });
    const original = await entry(journal.body.journal.journal_id);
    // Rent in Pune, paid from the head office's bank: the ledger's inter-branch pair balances each branch.
    expect(original.branch).toBe(F.otherBranch);
    expect(original.lines.slice(0, 2).map((l) => [l.branch_id, l.account_id, l.debit, l.credit])).toEqual([[F.otherBranch, F.generalExpenses, 50_000, 0], [F.branch, F.bank, 0, 50_000]]);
    expect(await entry(generated)).toEqual(original);
  });

  it.each(['invoice', 'bill', 'expense'])('%s: the generated document and journal equal the direct create\'s', async (name) => {
    const kind = KINDS[name]!;
    const arb = name === 'invoice' ? invoiceBody() : name === 'bill' ? billBody() : expenseBody();
    await fc.assert(fc.asyncProperty(arb, (b) => checkRunEqualsCreate(kind, b)), { numRuns: RUNS, examples: [[examples()[name]!]] });
    await expectBooksBalanced(org.api);
    expect(await t.app.reports.verify(org.orgId)).toEqual([]);
  });
});
