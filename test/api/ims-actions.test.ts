import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imsActionsOf } from '../../src/modules/itc-reconciliation';
import { CUSTOMER_GSTIN, gstOrg, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * The recipient's actions in the Invoice Management System (docs/rules/itc-reconciliation.md,
 * "IMS actions"): one action per supplier document, whatever spelling of its number it is sent
 * with, each change on the activity log; the credit reduced on accepting a credit note; the
 * actions as CSV in the portal's words. Our registration is SUPPLIER_GSTIN (Bengaluru); the
 * suppliers are Udyog in Pune (OTHER_STATE_GSTIN) and Raman in Bengaluru (CUSTOMER_GSTIN).
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let t: TestApp;
let org: OrgFixture;
const UDYOG = OTHER_STATE_GSTIN;
const RAMAN = CUSTOMER_GSTIN;

beforeAll(async () => {
  t = await startTestApp();
  // 20 November 2025, 20:00 UTC: 21 November 01:30 in India, the day an action is taken on.
  t.clock.set(new Date('2025-11-20T20:00:00Z'));
  org = await gstOrg(t);
});
afterAll(async () => { await t.close(); });

const act = (body: Json, api = org.api) => api.put('/gst/ims_actions', { gstin: SUPPLIER_GSTIN, ...body }, { idempotencyKey: newKey() });
const list = (query: string) => org.api.get(`/gst/ims_actions?gstin=${SUPPLIER_GSTIN}${query}`);
const activityOf = async (id: string) => (await org.api.get(`/activity?entity_type=IMS_ACTION&entity_id=${id}`)).body.activity as Json[];

function ok(res: { status: number; body: Json }): Json {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.ims_action;
}

describe('PUT /gst/ims_actions', () => {
  it('records an action, and a change of mind on the same document however its number is spelt, each on the activity log', async () => {
    const accepted = ok(await act({ supplier_gstin: UDYOG, document_type: 'INV', document_number: 'INV-0012', document_date: '2025-10-06', action: 'ACCEPTED' }));
    expect(accepted).toEqual({
      ims_action_id: expect.stringMatching(/^ims_/), gstin: SUPPLIER_GSTIN, supplier_gstin: UDYOG, document_type: 'INV',
      document_number: 'INV-0012', document_date: '2025-10-06', financial_year: '2025-26', number_key: 'INV12',
      action: 'ACCEPTED', reason: null, credit_reduction: null, acted_on: '2025-11-21', version: 1,
      created_time: expect.stringMatching(/^2025-11-20T20:00/), last_modified_time: expect.stringMatching(/^2025-11-20T20:00/),
    });

    // The supplier's own spelling, with its financial year: the same document, so the same action changed.
    t.clock.set(new Date('2025-11-22T05:00:00Z'));
    const rejected = ok(await act({
      supplier_gstin: UDYOG.toLowerCase(), document_type: 'INV', document_number: 'inv/12/2025-26', document_date: '2025-10-06', action: 'REJECTED', reason: 'Goods not received',
    }));
    expect(rejected).toMatchObject({
      ims_action_id: accepted.ims_action_id, supplier_gstin: UDYOG, document_number: 'inv/12/2025-26', number_key: 'INV12',
      action: 'REJECTED', reason: 'Goods not received', acted_on: '2025-11-22', version: 2, created_time: accepted.created_time,
    });
    // The same action again changes nothing.
    expect(ok(await act({ supplier_gstin: UDYOG, document_type: 'INV', document_number: 'inv/12/2025-26', document_date: '2025-10-06', action: 'REJECTED', reason: 'Goods not received' })))
      .toEqual(rejected);

    const log = await activityOf(accepted.ims_action_id);
    expect(log.map((a) => ({ action: a.action, entity_ref: a.entity_ref, changes: a.changes }))).toEqual([
      {
        action: 'IMS_ACTION_CHANGED', entity_ref: 'inv/12/2025-26',
        changes: {
          action: { old: 'ACCEPTED', new: 'REJECTED' }, reason: { old: null, new: 'Goods not received' },
          document_number: { old: 'INV-0012', new: 'inv/12/2025-26' },
        },
      },
      {
        action: 'IMS_ACTION_RECORDED', entity_ref: 'INV-0012',
        changes: { action: { old: null, new: 'ACCEPTED' }, document_number: { old: null, new: 'INV-0012' }, document_date: { old: null, new: '2025-10-06' } },
      },
    ]);
    expect(log[0]!.metadata).toMatchObject({ gstin: SUPPLIER_GSTIN, supplier_gstin: UDYOG, document_type: 'INV', financial_year: '2025-26' });
  });

  it('keeps a document pending; the same number in another financial year is another document', async () => {
    const pending = ok(await act({ supplier_gstin: UDYOG, document_type: 'DN', document_number: 'DN/7', document_date: '2025-11-03', action: 'PENDING', reason: 'Rate under discussion' }));
    expect(pending).toMatchObject({ action: 'PENDING', reason: 'Rate under discussion', credit_reduction: null, number_key: 'DN7' });
    const lastYear = ok(await act({ supplier_gstin: UDYOG, document_type: 'DN', document_number: 'DN/7', document_date: '2025-03-03', action: 'ACCEPTED' }));
    expect(lastYear).toMatchObject({ financial_year: '2024-25', number_key: 'DN7', version: 1 });
    expect(lastYear.ims_action_id).not.toBe(pending.ims_action_id);
  });

  it('records the credit reduced on accepting a credit note: all of it unless told, or part of it with a remark', async () => {
    const full = ok(await act({ supplier_gstin: RAMAN, document_type: 'CN', document_number: 'CN-0004', document_date: '2025-10-20', action: 'ACCEPTED' }));
    expect(full.credit_reduction).toEqual({ kind: 'FULL', igst: null, cgst: null, sgst: null, cess: null, remark: null });

    // Udyog's credit note CN-9 (Pune to Bengaluru: IGST) on a taxable value of 10,000 at 18%: IGST 1,800. Only half the
    // invoice's credit was taken, so half the note's is reduced: 1,800 × 1/2 = 900.00.
    const partial = ok(await act({
      supplier_gstin: UDYOG, document_type: 'CN', document_number: 'CN-9', document_date: '2025-11-05', action: 'ACCEPTED',
      credit_reduction: { kind: 'PARTIAL', igst: 900, remark: 'Half the invoice credit was taken' },
    }));
    expect(partial.credit_reduction).toEqual({ kind: 'PARTIAL', igst: 900, cgst: 0, sgst: 0, cess: 0, remark: 'Half the invoice credit was taken' });

    // Changed to no reduction at all: the amounts go.
    const none = ok(await act({
      supplier_gstin: UDYOG, document_type: 'CN', document_number: 'CN-9', document_date: '2025-11-05', action: 'ACCEPTED',
      credit_reduction: { kind: 'NONE', remark: 'No credit was taken on the invoice' },
    }));
    expect(none).toMatchObject({ ims_action_id: partial.ims_action_id, version: 2, credit_reduction: { kind: 'NONE', igst: null, cgst: null, sgst: null, cess: null, remark: 'No credit was taken on the invoice' } });
    expect((await activityOf(partial.ims_action_id))[0]!.changes).toEqual({
      action: { old: 'ACCEPTED', new: 'ACCEPTED' }, credit_reduction: { old: 'PARTIAL', new: 'NONE' }, reduced_igst: { old: 90000, new: null },
      reduced_cgst: { old: 0, new: null }, reduced_sgst: { old: 0, new: null }, reduced_cess: { old: 0, new: null },
      remark: { old: 'Half the invoice credit was taken', new: 'No credit was taken on the invoice' },
    });
    // Back to PARTIAL as it was, for the list and CSV below.
    ok(await act({
      supplier_gstin: UDYOG, document_type: 'CN', document_number: 'CN-9', document_date: '2025-11-05', action: 'ACCEPTED',
      credit_reduction: { kind: 'PARTIAL', igst: 900, remark: 'Half the invoice credit was taken' },
    }));
  });

  it('refuses bad input with 400 and its field, another GSTIN with 404, and writes nothing', async () => {
    const before = (await list('&per_page=200')).body.ims_actions.length;
    const activityBefore = (await org.api.get('/activity?entity_type=IMS_ACTION&limit=500')).body.activity.length;
    const doc = { supplier_gstin: UDYOG, document_type: 'CN', document_number: 'CN-31', document_date: '2025-11-10' };
    const refused = async (body: Json, status: number, code: string, field: string) => {
      const res = await act(body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toMatchObject({ code, field });
    };
    await refused({ ...doc, action: 'PENDING', credit_reduction: { kind: 'FULL' } }, 400, 'validation.invalid_value', 'credit_reduction');
    await refused({ ...doc, document_type: 'INV', action: 'ACCEPTED', credit_reduction: { kind: 'FULL' } }, 400, 'validation.invalid_value', 'credit_reduction');
    await refused({ ...doc, action: 'ACCEPTED', credit_reduction: { kind: 'PARTIAL', remark: 'Part taken' } }, 400, 'validation.required_field', 'credit_reduction');
    await refused({ ...doc, action: 'ACCEPTED', credit_reduction: { kind: 'NONE' } }, 400, 'validation.required_field', 'credit_reduction.remark');
    await refused({ ...doc, action: 'ACCEPTED', credit_reduction: { kind: 'PARTIAL', cgst: 10, sgst: 9, remark: 'r' } }, 400, 'validation.invalid_value', 'credit_reduction.sgst');
    await refused({ ...doc, action: 'ACCEPTED', credit_reduction: { kind: 'PARTIAL', igst: -1, remark: 'r' } }, 400, 'validation.invalid_value', 'credit_reduction.igst');
    await refused({ ...doc, action: 'ACCEPTED', supplier_gstin: '27AAPFU0939F1ZX' }, 400, 'validation.invalid_value', 'supplier_gstin');
    await refused({ ...doc, action: 'ACCEPTED', document_type: 'BOE' }, 400, 'validation.invalid_value', 'document_type');
    await refused({ ...doc, action: 'MAYBE' }, 400, 'validation.invalid_value', 'action');
    await refused({ ...doc, action: 'ACCEPTED', document_number: '--/--' }, 400, 'validation.invalid_value', 'document_number');
    await refused({ ...doc, action: 'ACCEPTED', document_date: '2025-11-31' }, 400, 'validation.invalid_value', 'document_date');
    await refused({ ...doc, action: 'ACCEPTED', gstin: '27AABCB1234F1Z8' }, 404, 'not_found.resource', 'gstin');
    const { supplier_gstin: _, ...noSupplier } = doc;
    await refused({ ...noSupplier, action: 'ACCEPTED' }, 400, 'validation.required_field', 'supplier_gstin');

    expect((await list('&per_page=200')).body.ims_actions.length).toBe(before);
    expect((await org.api.get('/activity?entity_type=IMS_ACTION&limit=500')).body.activity.length).toBe(activityBefore);
  });

  it('needs Svc.gst.UPDATE to act (403), and another organisation does not see this GSTIN (404)', async () => {
    const reader = await gstOrg(t, { name: 'Reader', scopes: ['Svc.gst.READ'] });
    const doc = { supplier_gstin: UDYOG, document_type: 'INV', document_number: 'INV-1', document_date: '2025-10-01', action: 'ACCEPTED' };
    expect((await act(doc, reader.api)).status).toBe(403);
    const other = await t.given.org({ name: 'Another business' });
    expect((await act(doc, other.api)).status).toBe(404);
    expect((await other.api.get(`/gst/ims_actions?gstin=${SUPPLIER_GSTIN}`)).status).toBe(404);
  });
});

describe('GET /gst/ims_actions', () => {
  // What the tests above left: Udyog's INV-12 rejected (6 Oct), CN-9 accepted with 900.00 of IGST reduced (5 Nov) and
  // DN/7 pending (3 Nov), and DN/7 of last year accepted (3 Mar); Raman's CN-0004 accepted, all its credit reduced (20 Oct).
  it('lists the actions in document date order, by cursor pages, by month and by action', async () => {
    const first = await list('&per_page=2');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.ims_actions.map((a: Json) => a.document_number)).toEqual(['DN/7', 'inv/12/2025-26']);
    expect(first.body.page_context).toMatchObject({ per_page: 2, has_more_page: true });
    const second = await list(`&per_page=2&cursor=${first.body.page_context.next_cursor}`);
    expect(second.body.ims_actions.map((a: Json) => a.document_number)).toEqual(['CN-0004', 'DN/7']);
    const third = await list(`&per_page=2&cursor=${second.body.page_context.next_cursor}`);
    expect(third.body.ims_actions.map((a: Json) => a.document_number)).toEqual(['CN-9']);
    expect(third.body.page_context).toMatchObject({ has_more_page: false, next_cursor: null });

    expect((await list('&period=112025')).body.ims_actions.map((a: Json) => a.document_number)).toEqual(['DN/7', 'CN-9']);
    expect((await list('&action=ACCEPTED')).body.ims_actions.map((a: Json) => a.document_date)).toEqual(['2025-03-03', '2025-10-20', '2025-11-05']);
    const bad = await list('&period=2025-11');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation.invalid_value', field: 'period' });
  });

  it('answers CSV in the portal\'s words, every action of the filter', async () => {
    const res = await list('&format=csv&per_page=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect((res.body as string).split('\r\n')).toEqual([
      'supplier_gstin,document_type,document_number,document_date,action,reason,credit_to_reduce,igst_to_reduce,cgst_to_reduce,sgst_to_reduce,cess_to_reduce,remark',
      `${UDYOG},Debit Note,DN/7,2025-03-03,Accept,,,,,,,`,
      `${UDYOG},Invoice,inv/12/2025-26,2025-10-06,Reject,Goods not received,,,,,,`,
      `${RAMAN},Credit Note,CN-0004,2025-10-20,Accept,,Full,,,,,`,
      `${UDYOG},Debit Note,DN/7,2025-11-03,Pending,Rate under discussion,,,,,,`,
      `${UDYOG},Credit Note,CN-9,2025-11-05,Accept,,Partial,900.00,0.00,0.00,0.00,Half the invoice credit was taken`,
      '',
    ]);
  });

  it('are what the reconciliation looks a 2B document up by: supplier|type|financial year|number key', async () => {
    const actions = await imsActionsOf(t.app.database.db, org.orgId, SUPPLIER_GSTIN);
    expect([...actions.keys()].sort()).toEqual([
      `${UDYOG}|CN|2025-26|CN9`, `${UDYOG}|DN|2024-25|DN7`, `${UDYOG}|DN|2025-26|DN7`, `${UDYOG}|INV|2025-26|INV12`, `${RAMAN}|CN|2025-26|CN4`,
    ]);
    expect(actions.get(`${UDYOG}|CN|2025-26|CN9`)).toMatchObject({ action: 'ACCEPTED', credit_reduction: 'PARTIAL', reduced_igst: 90000 });
  });
});
