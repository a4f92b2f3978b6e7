import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createInvoice, customer, taxId } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Every kind of id the GST Network issues, on a contact and in the returns (docs/rules/gstin.md,
 * "Kinds"): each accepted with its check character and refused without it; a UIN holder and a
 * composition dealer in b2b and in their tables of GSTR-3B 3.2; a non-resident's and an OIDAR
 * provider's invoices reported as unregistered (b2cs, b2cl, 3.2 unreg_details). The UINs, the
 * OIDAR id, the deductors', collectors' and the composition dealer's GSTINs are published ones.
 */

let t: TestApp;
let org: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

const UIN = '0717UNO00157UNO';
const COMPOSITION = '36AASFP8573D2ZN';
const NON_RESIDENT = '2717GBR00002NR2';
const OIDAR = '9917SGP29001OST';

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-25T06:00:00Z'));
  org = await gstOrg(t);
});
afterAll(async () => { await t.close(); });

describe('a contact takes an id of every kind', () => {
  // id, the treatment and PAN it brings by default, the place of the contact (the org's, Karnataka, for an OIDAR provider's 99).
  it.each([
    ['36AASFP8573D2ZN', 'REGISTERED', 'AASFP8573D', 'IN-TS'],
    ['29DELH00005A1Z3', 'REGISTERED', null, 'IN-KA'], // a government department
    ['06DELI09652G1DA', 'REGISTERED', null, 'IN-HR'], // a tax deductor, by its TAN
    ['29AABCF8078M1C8', 'REGISTERED', 'AABCF8078M', 'IN-KA'], // a tax collector
    ['0717UNO00157UNO', 'UIN', null, 'IN-DL'],
    ['2717GBR00002NR2', 'UNREGISTERED', null, 'IN-MH'],
    ['9917SGP29001OST', 'UNREGISTERED', null, 'IN-KA'],
  ])('%s: gst_treatment %s, pan %s, place %s', async (gstNo, treatment, pan, place) => {
    const res = await org.api.post('/contacts', { contact_name: `Holder of ${gstNo}`, gst_no: gstNo.toLowerCase() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.contact).toMatchObject({ gst_no: gstNo, gst_treatment: treatment, pan, place_of_contact: place });

    const count = async () => (await org.api.get('/contacts?per_page=200')).body.contacts.length;
    const before = await count();
    // The next character of the same class, so the layout holds (a government id ends in a digit).
    const last = gstNo.charAt(14);
    const wrong = gstNo.slice(0, 14) + (/[0-9]/.test(last) ? String((Number(last) + 1) % 10) : last === 'Z' ? 'A' : String.fromCharCode(last.charCodeAt(0) + 1));
    const refused = await org.api.post('/contacts', { contact_name: 'Mistyped', gst_no: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation.invalid_value', field: 'gst_no', details: { reason: 'check_character_mismatch' } });
    expect(await count()).toBe(before);
  });

  it("refuses a UIN as the organisation's own GSTIN: a registration's is a regular taxpayer's", async () => {
    const res = await t.admin.post('/orgs', { name: 'Embassy', state_code: 'IN-DL', gstin: UIN });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'gstin', details: { reason: 'invalid_format' } });
  });
});

describe('the returns of June 2026, by the kind of id each customer gave', () => {
  let gstr1: Json;
  let gstr3b: Json;
  beforeAll(async () => {
    const gst18 = await taxId(org.api, 18);
    const sell = async (gstNo: string, placeOfSupply: string, rate: number, fields: Json = {}) => {
      const customerId = await customer(org.api, { gst_no: gstNo, ...fields });
      const res = await createInvoice(org.api, {
        customer_id: customerId, date: '2026-06-10', place_of_supply: placeOfSupply, auto_approve: true,
        line_items: [{ name: 'Laptop', hsn_or_sac: '84713010', quantity: 1, rate, tax_id: gst18 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    await sell(UIN, 'IN-DL', 10000);
    await sell(COMPOSITION, 'IN-TS', 5000, { gst_treatment: 'REGISTERED_COMPOSITION' });
    await sell(NON_RESIDENT, 'IN-MH', 2000);
    await sell(OIDAR, 'IN-TN', 150000);
    const query = `gstin=${SUPPLIER_GSTIN}&period=062026`;
    gstr1 = (await org.api.get(`/gst/gstr1?${query}`)).body.gstr1;
    gstr3b = (await org.api.get(`/gst/gstr3b?${query}`)).body.gstr3b;
  });

  it('files the UIN holder and the composition dealer in b2b, the non-resident in b2cs and the OIDAR provider in b2cl', () => {
    const b2b = Object.fromEntries((gstr1.b2b as Json[]).map((g) => [g.ctin, g.inv.map((i: Json) => ({ val: i.val, pos: i.pos, inv_typ: i.inv_typ }))]));
    // ₹10,000 + IGST 18% ₹1,800 to Delhi; ₹5,000 + ₹900 to Telangana.
    expect(b2b).toEqual({ [UIN]: [{ val: 11800, pos: '07', inv_typ: 'R' }], [COMPOSITION]: [{ val: 5900, pos: '36', inv_typ: 'R' }] });
    // ₹2,000 + ₹360 to Maharashtra, summed by place and rate.
    expect(gstr1.b2cs).toEqual([{ sply_ty: 'INTER', pos: '27', typ: 'OE', rt: 18, txval: 2000, iamt: 360, camt: 0, samt: 0, csamt: 0 }]);
    // ₹1,50,000 + ₹27,000 = ₹1,77,000 inter-state: above ₹1,00,000.
    expect(gstr1.b2cl).toEqual([{ pos: '33', inv: [expect.objectContaining({ val: 177000, itms: [{ num: 1, itm_det: { rt: 18, txval: 150000, iamt: 27000, csamt: 0 } }] })] }]);
    // The HSN summary splits them alike: ₹15,000 B2B, ₹1,52,000 B2C.
    expect(gstr1.hsn.hsn_b2b).toMatchObject([{ qty: 2, txval: 15000, iamt: 2700 }]);
    expect(gstr1.hsn.hsn_b2c).toMatchObject([{ qty: 2, txval: 152000, iamt: 27360 }]);
  });

  it('reports each inter-state supply in its table of 3.2 by place of supply', () => {
    // 10,000 + 5,000 + 2,000 + 1,50,000; IGST 1,800 + 900 + 360 + 27,000.
    expect(gstr3b.sup_details.osup_det).toEqual({ txval: 167000, iamt: 30060, camt: 0, samt: 0, csamt: 0 });
    expect(gstr3b.inter_sup).toEqual({
      unreg_details: [{ pos: '27', txval: 2000, iamt: 360 }, { pos: '33', txval: 150000, iamt: 27000 }],
      comp_details: [{ pos: '36', txval: 5000, iamt: 900 }],
      uin_details: [{ pos: '07', txval: 10000, iamt: 1800 }],
    });
  });
});
