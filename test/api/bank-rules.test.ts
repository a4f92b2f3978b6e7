import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBankLines } from '../support/bank';
import { lineState, postingOf } from '../support/bank-entries';
import { accountId, expectBooksBalanced } from '../support/books';
import { CUSTOMER_GSTIN, gstOrg, gstVendor } from '../support/gst-documents';
import { customer, taxId } from '../support/sales';
import { bankRulesService } from '../../src/modules/banking';
import { systemContext } from '../../src/platform/context';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Bank rules on the Karnataka head office's Bank account, July 2026. The lines, money in (+)
 * and out (−), in rupees:
 *   A 02-07 +12,400.00 "NEFT CR-RAZORPAY SOFTWARE PVT LTD-SETTLEMENT"
 *   B 03-07    −590.00 "SMS ALERT CHARGES INCL GST"
 *   C 04-07    −236.00 "Sms Alert Charges"          (lower case: contains ignores case)
 *   D 05-07  −1,500.00 "UPI/418822/SWIGGY/food"
 *   E 06-07    +900.00 "UPI/418823/SWIGGY/refund"
 *   F 07-07 −15,000.00 "RTGS DR-LANDLORD RENT JUL"
 *   G 08-07    −800.00 "RTGS DR-LANDLORD MAINT JUL"
 */

let t: TestApp;
let org: OrgFixture;
let bank: string;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely
const ids: Record<string, string> = {};
const rules = {} as Record<'razorpay' | 'sms' | 'rent' | 'swiggy' | 'upi', Json>;

const saveRule = async (body: Json, api = org.api) => {
  const res = await api.post('/bank_rules', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.bank_rule as Json;
};
const run = async (body: Json = {}) => {
  const res = await org.api.post('/bank_rules/run', { account_id: bank, ...body }, { idempotencyKey: newKey() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.bank_rule_run as Json;
};

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-07-15T06:00:00Z'));
  org = await gstOrg(t);
  bank = await accountId(org.api, 'Bank');
  const lines = await seedBankLines(t, org.orgId, bank, [
    { date: '2026-07-02', narration: 'NEFT CR-RAZORPAY SOFTWARE PVT LTD-SETTLEMENT', amount: 12400, direction: 'IN' },
    { date: '2026-07-03', narration: 'SMS ALERT CHARGES INCL GST', amount: 590, direction: 'OUT' },
    { date: '2026-07-04', narration: 'Sms Alert Charges', amount: 236, direction: 'OUT' },
    { date: '2026-07-05', narration: 'UPI/418822/SWIGGY/food', amount: 1500, direction: 'OUT' },
    { date: '2026-07-06', narration: 'UPI/418823/SWIGGY/refund', amount: 900, direction: 'IN' },
    { date: '2026-07-07', narration: 'RTGS DR-LANDLORD RENT JUL', amount: 15000, direction: 'OUT' },
    { date: '2026-07-08', narration: 'RTGS DR-LANDLORD MAINT JUL', amount: 800, direction: 'OUT' },
  ]);
  ['A', 'B', 'C', 'D', 'E', 'F', 'G'].forEach((k, i) => { ids[k] = lines[i]!; });
  // The gateway's clearing account (a CASH account the receipts wait in until Razorpay settles them) and two expense ledgers.
  for (const [account_name, account_type] of [['Razorpay Clearing', 'CASH'], ['Rent', 'EXPENSE'], ['Staff Welfare', 'EXPENSE']]) {
    const res = await t.admin.post(`/orgs/${org.orgId}/accounts`, { account_name, account_type });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});
afterAll(async () => { await t.close(); });

describe('bank rules: kept, listed, replaced and deleted', () => {
  it('makes rules, lists them by priority, gets, replaces and deletes one', async () => {
    const clearing = await accountId(org.api, 'Razorpay Clearing');
    rules.razorpay = await saveRule({
      name: 'Razorpay settlements', account_id: bank, priority: 10, condition: { contains: 'razorpay', direction: 'IN' },
      action: 'CREATE', target: { type: 'TRANSFER', account_id: clearing },
    });
    expect(rules.razorpay).toMatchObject({
      name: 'Razorpay settlements', account_id: bank, priority: 10, action: 'CREATE',
      condition: { contains: 'razorpay', matches: null, direction: 'IN', amount_min: null, amount_max: null },
      target: { type: 'TRANSFER', account_id: clearing, contact_id: null, tax_id: null, mode: null },
    });
    const hdfc = await gstVendor(org.api, { contact_name: 'HDFC Bank Ltd', gst_no: CUSTOMER_GSTIN, billing_address: { address: 'MG Road', city: 'Bengaluru', state_code: 'IN-KA', zip: '560001', country: 'India' } });
    rules.sms = await saveRule({
      name: 'SMS charges', condition: { matches: '^sms alert charges' }, action: 'CREATE',
      target: { type: 'EXPENSE', account_id: await accountId(org.api, 'Bank Charges'), contact_id: hdfc, tax_id: await taxId(org.api, 18) },
    });
    // Amount range: rent is ₹10,000 or more; a lower RTGS to the landlord is left alone.
    rules.rent = await saveRule({
      name: 'Rent', priority: 50, condition: { contains: 'LANDLORD', direction: 'OUT', amount_min: 10000, amount_max: 20000 }, action: 'SUGGEST',
      target: { type: 'EXPENSE', account_id: await accountId(org.api, 'Rent') },
    });
    const swiggyCustomer = await customer(org.api, { contact_name: 'Swiggy' });
    // Direction: the food order (out) is staff welfare; the refund (in) is not this rule's.
    rules.swiggy = await saveRule({
      name: 'Swiggy orders', priority: 60, condition: { matches: 'UPI/\\d+/SWIGGY', direction: 'OUT' }, action: 'SUGGEST',
      target: { type: 'EXPENSE', account_id: await accountId(org.api, 'Staff Welfare') },
    });
    // Priority: a rule on every UPI line, after the Swiggy one (70 > 60), catches the refund.
    rules.upi = await saveRule({ name: 'Any UPI', priority: 70, condition: { contains: 'UPI/' }, action: 'SUGGEST', target: { type: 'PAYMENT', contact_id: swiggyCustomer, mode: 'UPI' } });

    const list = await org.api.get('/bank_rules');
    expect(list.status).toBe(200);
    // By priority: 10, 50, 60, 70, then the SMS rule's default 100.
    expect(list.body.bank_rules.map((r: Json) => r.name)).toEqual(['Razorpay settlements', 'Rent', 'Swiggy orders', 'Any UPI', 'SMS charges']);
    expect((await org.api.get(`/bank_rules/${rules.sms.bank_rule_id}`)).body.bank_rule).toEqual(rules.sms);

    const temporary = await saveRule({ name: 'Temporary', condition: { contains: 'X' }, action: 'SUGGEST', target: { type: 'JOURNAL', account_id: bank } });
    const replaced = await org.api.put(`/bank_rules/${temporary.bank_rule_id}`, { name: 'Temporary (renamed)', condition: { contains: 'NOTHING MATCHES THIS' }, action: 'SUGGEST', target: { type: 'JOURNAL', account_id: await accountId(org.api, 'Other Income') } });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.bank_rule).toMatchObject({ bank_rule_id: temporary.bank_rule_id, name: 'Temporary (renamed)', priority: 100, condition: { contains: 'NOTHING MATCHES THIS' } });
    expect((await org.api.delete(`/bank_rules/${temporary.bank_rule_id}`)).status).toBe(200);
    expect((await org.api.get(`/bank_rules/${temporary.bank_rule_id}`)).status).toBe(404);
  });

  it('refuses bad rules with 400 and the field, a hostile pattern among them; another organisation\'s ids with 404; a CREATE rule without the entry\'s scope with 403', async () => {
    const ok = { name: 'R', condition: { contains: 'X' }, action: 'SUGGEST', target: { type: 'JOURNAL', account_id: bank } };
    const refused = async (body: Json, code: string, field: string) => {
      const res = await org.api.post('/bank_rules', body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code, field });
    };
    await refused({ ...ok, condition: {} }, 'validation.required_field', 'condition.contains');
    await refused({ ...ok, condition: { contains: 'A', matches: 'B' } }, 'validation.invalid_value', 'condition.matches');
    // Catastrophic backtracking: (a+)+ on "aaaa…!" takes time doubling with each a.
    await refused({ ...ok, condition: { matches: '(a+)+$' } }, 'validation.invalid_value', 'condition.matches');
    await refused({ ...ok, condition: { matches: '(\\w+\\s?)*!' } }, 'validation.invalid_value', 'condition.matches');
    await refused({ ...ok, condition: { matches: '.*.*.*=' } }, 'validation.invalid_value', 'condition.matches');
    await refused({ ...ok, condition: { matches: 'a'.repeat(101) } }, 'validation.invalid_value', 'condition.matches');
    await refused({ ...ok, condition: { contains: 'X', amount_min: 500, amount_max: 100 } }, 'validation.invalid_value', 'condition.amount_max');
    await refused({ ...ok, target: { type: 'PAYMENT' } }, 'validation.required_field', 'target.contact_id');
    await refused({ ...ok, target: { type: 'TRANSFER', account_id: bank, tax_id: 'tax_x' } }, 'validation.invalid_value', 'target.tax_id');
    await refused({ ...ok, target: { type: 'EXPENSE', account_id: bank } }, 'validation.invalid_value', 'target.account_id');
    await refused({ ...ok, target: { type: 'TRANSFER', account_id: await accountId(org.api, 'Rent') } }, 'not_found.resource', 'target.account_id');
    const other = await gstOrg(t, { name: 'Other Org' });
    const foreignBank = await accountId(other.api, 'Bank');
    await refused({ ...ok, account_id: foreignBank }, 'not_found.resource', 'account_id');
    expect((await other.api.get(`/bank_rules/${rules.sms.bank_rule_id}`)).status).toBe(404);
    expect((await other.api.delete(`/bank_rules/${rules.sms.bank_rule_id}`)).status).toBe(404);
    const { token } = await t.given.token([org.orgId], { scopes: ['Svc.banking.CREATE', 'Svc.banking.READ'] });
    const denied = await t.api.withToken(token).post('/bank_rules', { ...ok, action: 'CREATE' });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: 'authz.scope_missing', details: { required_scope: 'Svc.journals.CREATE' } });
    expect((await t.api.withToken(token).post('/bank_rules', ok)).status).toBe(201);
    expect((await org.api.post('/bank_rules/run', { account_id: foreignBank }, { idempotencyKey: newKey() })).body).toMatchObject({ code: 'not_found.resource', field: 'account_id' });
  });
});

describe('POST /bank_rules/run', () => {
  it('applies the first rule by priority to each unmatched line: CREATE rules make and match entries, SUGGEST rules are named on their lines', async () => {
    // Up to 3 July: A and B, both by CREATE rules. (The rule "R" saved by the narrower token reads an X, in none of A–G.)
    expect(await run({ to_date: '2026-07-03' })).toEqual({ matched: 2, suggested: 0 });
    // A: Razorpay settlement in → transfer from the clearing account, +12,400.
    const a = await lineState(t, org.orgId, ids.A!);
    expect(a).toMatchObject({ status: 'MATCHED', matches: [{ source: 'MANUAL', amount: 12400_00 }] });
    expect(await postingOf(org.api, 'MANUAL', a.matches[0]!.source_id)).toEqual([['Bank', 12400, 0], ['Razorpay Clearing', 0, 12400]]);
    // B: 590 tax-inclusive at 18% from a Karnataka bank: 500 + CGST 45 + SGST 45.
    const b = await lineState(t, org.orgId, ids.B!);
    expect(await postingOf(org.api, 'EXPENSE', b.matches[0]!.source_id)).toEqual([['Bank', 0, 590], ['Bank Charges', 500, 0], ['CGST Input', 45, 0], ['SGST Input', 45, 0]]);

    // The rest: C by the case-insensitive pattern (236 = 200 + 18 + 18), F by amount, D and E by direction and priority; G fits none.
    expect(await run()).toEqual({ matched: 1, suggested: 3 });
    const c = await lineState(t, org.orgId, ids.C!);
    expect(await postingOf(org.api, 'EXPENSE', c.matches[0]!.source_id)).toEqual([['Bank', 0, 236], ['Bank Charges', 200, 0], ['CGST Input', 18, 0], ['SGST Input', 18, 0]]);
    expect(await lineState(t, org.orgId, ids.D!)).toEqual({ status: 'UNMATCHED', bank_rule_id: rules.swiggy.bank_rule_id, matches: [] });
    expect((await lineState(t, org.orgId, ids.E!)).bank_rule_id).toBe(rules.upi.bank_rule_id);
    expect((await lineState(t, org.orgId, ids.F!)).bank_rule_id).toBe(rules.rent.bank_rule_id);
    expect((await lineState(t, org.orgId, ids.G!)).bank_rule_id).toBeNull();

    // A run again finds the matched lines gone and the suggestions in place.
    expect(await run()).toEqual({ matched: 0, suggested: 3 });
    const activity = await org.api.get(`/activity?entity_type=BANK_TRANSACTION&entity_id=${ids.A}`);
    expect(activity.status, JSON.stringify(activity.body)).toBe(200);
    expect(JSON.stringify(activity.body)).toContain(rules.razorpay.bank_rule_id);
  });

  it('only suggests a CREATE rule\'s entry for a line dated in the locked period', async () => {
    const [june] = await seedBankLines(t, org.orgId, bank, [{ date: '2026-06-30', narration: 'NEFT CR-RAZORPAY SOFTWARE PVT LTD-SETTLEMENT 3006', amount: 700, direction: 'IN' }]);
    expect((await t.admin.put(`/orgs/${org.orgId}/lock`, { lock_date: '2026-06-30' })).status).toBe(200);
    expect(await run({ from_date: '2026-06-01', to_date: '2026-06-30' })).toEqual({ matched: 0, suggested: 1 });
    expect(await lineState(t, org.orgId, june!)).toEqual({ status: 'UNMATCHED', bank_rule_id: rules.razorpay.bank_rule_id, matches: [] });
    expect((await t.admin.put(`/orgs/${org.orgId}/lock`, { lock_date: null })).status).toBe(200);
  });

  it('makes the suggested entry when a create names the line\'s rule', async () => {
    const res = await org.api.post(`/bank_transactions/${ids.F}/create`, { rule_id: rules.rent.bank_rule_id }, { idempotencyKey: newKey() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await postingOf(org.api, 'EXPENSE', res.body.expense.expense_id)).toEqual([['Bank', 0, 15000], ['Rent', 15000, 0]]);
    expect((await lineState(t, org.orgId, ids.F!)).status).toBe('MATCHED');
    await expectBooksBalanced(org.api);
  });
});

describe('the statement import\'s hook', () => {
  it('applies the rules to the lines the import stored, and only those; answers how many a CREATE rule matched', async () => {
    const [h1, h2, h3] = await seedBankLines(t, org.orgId, bank, [
      { date: '2026-07-14', narration: 'HOOK LOCKER FEE', amount: 100, direction: 'OUT' },
      { date: '2026-07-14', narration: 'HOOK LOCKER FEE', amount: 100, direction: 'OUT' },
      { date: '2026-07-14', narration: 'HOOK SETTLEMENT', amount: 100, direction: 'IN' },
    ]);
    await saveRule({ name: 'Hook suggest', priority: 1, condition: { contains: 'HOOK LOCKER' }, action: 'SUGGEST', target: { type: 'EXPENSE', account_id: await accountId(org.api, 'Bank Charges') } });
    await saveRule({ name: 'Hook create', priority: 1, condition: { contains: 'HOOK SETTLEMENT' }, action: 'CREATE', target: { type: 'TRANSFER', account_id: await accountId(org.api, 'Razorpay Clearing') } });
    // The entries themselves are create-from-line's, tested above: here only which lines reach it.
    const created: string[] = [];
    const rules = bankRulesService({ ...t.app.deps, createFromLine: { createInTx: async (_tx, _ctx, lineId) => { created.push(lineId); return {} as never; } } });
    const matched = await t.app.database.transaction((tx) => rules.afterImport(tx, systemContext(org.orgId, 'test-import'), { accountId: bank, statementId: 'bst_any', lineIds: [h1!, h3!] }));
    expect(matched).toBe(1);
    expect(created).toEqual([h3]);
    expect((await lineState(t, org.orgId, h1!)).bank_rule_id).toEqual(expect.stringMatching(/^brl_/));
    expect((await lineState(t, org.orgId, h2!)).bank_rule_id).toBeNull();
  });
});
