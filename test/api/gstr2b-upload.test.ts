import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_GSTIN, gstOrg, OTHER_STATE_GSTIN, SUPPLIER_GSTIN } from '../support/gst-documents';
import { gstr2bFile, type File2b } from '../support/gstr2b-file';
import { currentGstr2bDocuments } from '../../src/modules/itc-reconciliation';
import { vendor } from '../support/sales';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * GSTR-2B in (docs/rules/itc-reconciliation.md, "GSTR-2B in"): the portal's file for May 2026 of
 * the organisation's GSTIN, uploaded, read back per section, in parts, again, and refused whole
 * at its first problem.
 */
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
let t: TestApp;
let org: OrgFixture;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-14T06:00:00Z'));
  org = await gstOrg(t);
});
afterAll(async () => { await t.close(); });

const upload = (file: unknown, query = '') => org.api.post(`/gst/gstr2b${query}`, file, { idempotencyKey: newKey() });
const uploadText = (text: string) => org.api.post('/gst/gstr2b', undefined, { idempotencyKey: newKey(), rawBody: text });
const month = (period: string) => org.api.get(`/gst/gstr2b?gstin=${SUPPLIER_GSTIN}&period=${period}`);

const MAY: File2b = {
  gstin: SUPPLIER_GSTIN, period: '052026', gendt: '14-06-2026',
  b2b: [
    // The older rate-wise form: 10,000 at 18% within the state, 900 + 900.
    { ctin: CUSTOMER_GSTIN, trdnm: 'Raman Traders', supfildt: '11-06-2026', supprd: '052026', inv: [{ inum: 'RT/0012/26-27', dt: '05-05-2026', txval: 10000, cgst: 900, sgst: 900, rt: 18 }] },
    // The IMS-era form: 2,500.50 at 12% across states, IGST 300.06.
    { ctin: OTHER_STATE_GSTIN, trdnm: 'Pune Parts', supfildt: '10-06-2026', supprd: '052026', inv: [{ inum: 'PP-7', dt: '20-05-2026', pos: '29', txval: 2500.5, igst: 300.06, imsStatus: 'N' }] },
  ],
  cdnr: [{ ctin: CUSTOMER_GSTIN, supfildt: '11-06-2026', supprd: '052026', nt: [{ ntnum: 'CN-3', typ: 'C', dt: '25-05-2026', txval: 1000, cgst: 90, sgst: 90 }] }],
  impg: [{ boenum: '2566282', boedt: '18-05-2026', portcode: 'INBLR4', txval: 50000, igst: 9000 }],
  isd: [{ ctin: CUSTOMER_GSTIN, doclist: [{ docnum: 'ISD-4', docdt: '10-05-2026', cgst: 50, sgst: 50 }] }],
  impgsez: [{ ctin: OTHER_STATE_GSTIN, boe: [{ boenum: '1234567', boedt: '12-05-2026', portcode: 'INMAA6', txval: 2000, igst: 360 }] }],
  rejected: { b2b: [{ ctin: OTHER_STATE_GSTIN, supfildt: '10-06-2026', inv: [{ inum: 'PP-8', dt: '21-05-2026', txval: 100, igst: 18 }] }] },
};

describe('POST /gst/gstr2b', () => {
  it('stores each document of both forms, rejected ones marked, and reads the month back per section', async () => {
    const res = await upload(gstr2bFile(MAY));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.gstr2b).toMatchObject({
      gstin: SUPPLIER_GSTIN, period: '052026', generated_on: '2026-06-14', version: '1.0', file_count: 1, parts_received: 1, complete: true,
      document_count: 7, rejected_count: 1, // 2 invoices + 1 note + 1 ISD invoice + 2 Bills of Entry, and the rejected invoice
    });
    const read = await month('052026');
    expect(read.status).toBe(200);
    expect(read.body.history).toEqual([]);
    expect(read.body.gstr2b.sections).toEqual([
      // b2b: 10000 + 2500.50 + 100 (rejected) = 12600.50; IGST 300.06 + 18 = 318.06; CGST and SGST 900 each.
      { section: 'b2b', document_count: 3, rejected_count: 1, taxable_value: 12600.5, igst: 318.06, cgst: 900, sgst: 900, cess: 0 },
      { section: 'cdnr', document_count: 1, rejected_count: 0, taxable_value: 1000, igst: 0, cgst: 90, sgst: 90, cess: 0 },
      // An ISD document carries tax only.
      { section: 'isd', document_count: 1, rejected_count: 0, taxable_value: 0, igst: 0, cgst: 50, sgst: 50, cess: 0 },
      { section: 'impg', document_count: 1, rejected_count: 0, taxable_value: 50000, igst: 9000, cgst: 0, sgst: 0, cess: 0 },
      { section: 'impgsez', document_count: 1, rejected_count: 0, taxable_value: 2000, igst: 360, cgst: 0, sgst: 0, cess: 0 },
    ]);
  });

  it('gives the matcher the current documents in paise, rejected ones marked', async () => {
    const docs = await currentGstr2bDocuments(t.app.database.db, org.orgId, SUPPLIER_GSTIN, ['052026']);
    expect(docs).toHaveLength(7);
    expect(docs.find((d) => d.documentNumber === 'PP-7')).toMatchObject({
      section: 'b2b', rejected: false, supplierGstin: OTHER_STATE_GSTIN, documentType: 'INV', numberKey: 'PP7', financialYear: '2026-27',
      // 2500.50 → 250,050 paise; IGST 300.06 → 30,006; value 2500.50 + 300.06 = 2800.56.
      documentDate: '2026-05-20', taxableValue: 250_050, igst: 30_006, cgst: 0, sgst: 0, cess: 0, documentValue: 280_056, itcAvailable: 'Y',
      supplierPeriod: '052026', supplierFiledOn: '2026-06-10', placeOfSupply: '29',
    });
    expect(docs.find((d) => d.documentNumber === 'PP-8')).toMatchObject({ rejected: true, igst: 1_800 });
    expect(docs.find((d) => d.documentType === 'BOE' && d.section === 'impg')).toMatchObject({ supplierGstin: null, documentNumber: '2566282', portCode: 'INBLR4' });
  });

  it("shows a supplier contact's latest GSTR-1 filing from the current 2B", async () => {
    const raman = await vendor(org.api, { gst_no: CUSTOMER_GSTIN });
    const other = await vendor(org.api, { gst_no: '27AABCB1234F1Z8' });
    expect((await org.api.get(`/contacts/${raman}`)).body.contact.last_gstr1_filing).toEqual({ period: '052026', filed_on: '2026-06-11' });
    expect((await org.api.get(`/contacts/${other}`)).body.contact.last_gstr1_filing).toBeNull();
    const listed = (await org.api.get('/contacts?contact_type=VENDOR&per_page=200')).body.contacts.find((c: Json) => c.contact_id === raman);
    expect(listed.last_gstr1_filing).toEqual({ period: '052026', filed_on: '2026-06-11' });
  });

  it('joins the parts of a month split in two files; a part received twice is 409', async () => {
    const part1 = gstr2bFile({ gstin: SUPPLIER_GSTIN, period: '042026', gendt: '14-05-2026', fc: 2, b2b: [{ ctin: CUSTOMER_GSTIN, inv: [{ inum: 'A1', dt: '02-04-2026', txval: 100, cgst: 9, sgst: 9 }] }] });
    const part2 = gstr2bFile({ gstin: SUPPLIER_GSTIN, period: '042026', gendt: '14-05-2026', fc: 2, b2b: [{ ctin: CUSTOMER_GSTIN, inv: [{ inum: 'A2', dt: '03-04-2026', txval: 200, cgst: 18, sgst: 18 }] }] });
    const first = await upload(part1);
    expect(first.body.gstr2b).toMatchObject({ file_count: 2, parts_received: 1, complete: false, document_count: 1 });
    const again = await upload(part1, '?part=1');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict.invalid_state');
    const second = await upload(part2);
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.gstr2b).toMatchObject({ gstr2b_id: first.body.gstr2b.gstr2b_id, parts_received: 2, complete: true, document_count: 2 });
    // 100 + 200 = 300 taxable; CGST 9 + 18 = 27.
    expect((await month('042026')).body.gstr2b.sections).toEqual([{ section: 'b2b', document_count: 2, rejected_count: 0, taxable_value: 300, igst: 0, cgst: 27, sgst: 27, cess: 0 }]);
  });

  it('replaces the month when it is uploaded again, keeping the earlier upload in the history', async () => {
    const before = (await month('052026')).body.gstr2b;
    const regenerated = await upload(gstr2bFile({ ...MAY, gendt: '15-06-2026', impg: undefined, isd: undefined, impgsez: undefined, rejected: undefined }));
    expect(regenerated.status).toBe(201);
    const read = (await month('052026')).body;
    expect(read.gstr2b).toMatchObject({ gstr2b_id: regenerated.body.gstr2b.gstr2b_id, generated_on: '2026-06-15', document_count: 3, rejected_count: 0 });
    expect(read.history).toEqual([{ ...before, sections: undefined }].map(({ sections: _s, ...upload }) => upload));
  });

  describe('refuses a malformed file whole, naming the JSON path of its first problem', () => {
    const refused = async (res: { status: number; body: Json }, status: number, code: string, field: string | RegExp) => {
      const read = await month('052026');
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.code).toBe(code);
      if (typeof field === 'string') expect(res.body.field).toBe(field);
      else expect(res.body.field).toMatch(field);
      expect((await month('052026')).body).toEqual(read.body);
    };
    const file = (): Json => gstr2bFile({ ...MAY, gendt: '16-06-2026' });

    it('bad JSON: where it stops being JSON', async () => {
      const text = JSON.stringify(file()).replace('"dt":"05-05-2026"', '"dt":05-05-2026');
      const res = await uploadText(text);
      await refused(res, 400, 'validation.invalid_value', 'body');
      expect(res.body.details.path).toMatch(/^data\.docdata\.b2b\[0\]/);
    });
    it('JSON nested far deeper than the format', async () => {
      const text = JSON.stringify(file()).replace('"itcsumm":{', `"itcsumm":{"x":${'['.repeat(100_000)}${']'.repeat(100_000)},`);
      await refused(await uploadText(text), 400, 'validation.invalid_value', /^data\.itcsumm\.x(\[0\])+$/);
    });
    it('a missing data.rtnprd', async () => {
      const f = file();
      delete f.data.rtnprd;
      await refused(await upload(f), 400, 'validation.invalid_value', 'data.rtnprd');
    });
    it('a date that is not DD-MM-YYYY deep inside', async () => {
      const f = file();
      f.data.docdata.b2b[1].inv[0].dt = '2026-05-20';
      await refused(await upload(f), 400, 'validation.invalid_value', 'data.docdata.b2b[1].inv[0].dt');
    });
    it('three decimals', async () => {
      const f = file();
      f.data.docdata.b2b[0].inv[0].items[0].txval = 10000.125;
      await refused(await upload(f), 400, 'validation.invalid_value', 'data.docdata.b2b[0].inv[0].items[0].txval');
    });
    it('an unknown section', async () => {
      const f = file();
      f.data.docdata.b2bx = [];
      await refused(await upload(f), 400, 'validation.invalid_value', 'data.docdata.b2bx');
      await refused(await upload({ ...file(), data: { ...file().data, docdata: { cdnr: 5 } } }), 400, 'validation.invalid_value', 'data.docdata.cdnr');
    });
    it("a GSTIN that is not one, and one that is not the organisation's (404)", async () => {
      const f = file();
      f.data.docdata.b2b[0].ctin = '29AABCB1234F1Z5';
      await refused(await upload(f), 400, 'validation.invalid_value', 'data.docdata.b2b[0].ctin');
      await refused(await upload(gstr2bFile({ ...MAY, gstin: OTHER_STATE_GSTIN })), 404, 'not_found.resource', 'gstin');
    });
  });

  it('refuses a body over 50 MB with 413 as it streams, without keeping it', async () => {
    const head = '{"data":{"gstin":"' + SUPPLIER_GSTIN + '","rtnprd":"052026","gendt":"17-06-2026","docdata":{}';
    const spaces = Buffer.alloc(1024 * 1024, 0x20);
    const total = 51 * 1024 * 1024;
    const res = await new Promise<{ status: number; body: Json }>((resolve, reject) => {
      const req = http.request(`${t.baseUrl}/api/public/v1/gst/gstr2b`, {
        method: 'POST', headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' },
      }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => resolve({ status: answer.statusCode!, body: JSON.parse(Buffer.concat(parts).toString()) }));
      });
      req.on('error', reject);
      (async () => {
        req.write(head);
        // JSON allows any whitespace between tokens: the file is valid as far as it goes.
        for (let sent = 0; sent < total; sent += spaces.length) {
          if (!req.write(spaces)) await new Promise((r) => req.once('drain', r));
        }
        req.end('}}');
      })().catch(reject);
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'body', details: { max_bytes: 52_428_800 } });
    expect((await month('052026')).body.gstr2b.generated_on).toBe('2026-06-15');
  });

  it('keeps one current upload when two generations of a month arrive at once', async () => {
    const of = (gendt: string) => gstr2bFile({ gstin: SUPPLIER_GSTIN, period: '032026', gendt, b2b: [{ ctin: CUSTOMER_GSTIN, inv: [{ inum: gendt, dt: '02-03-2026', txval: 1 }] }] });
    const answers = await Promise.all([upload(of('14-04-2026')), upload(of('15-04-2026'))]);
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    const read = (await month('032026')).body;
    expect(read.history).toHaveLength(1);
    expect([read.gstr2b.gstr2b_id, read.history[0].gstr2b_id].sort()).toEqual(answers.map((a) => a.body.gstr2b.gstr2b_id).sort());
  });

  it('answers a retry with the same Idempotency-Key from the stored answer, storing nothing again', async () => {
    const key = newKey();
    const file = gstr2bFile({ gstin: SUPPLIER_GSTIN, period: '022026', gendt: '14-03-2026', b2b: [{ ctin: CUSTOMER_GSTIN, inv: [{ inum: 'F1', dt: '02-02-2026', txval: 1 }] }] });
    const first = await org.api.post('/gst/gstr2b', file, { idempotencyKey: key });
    const retry = await org.api.post('/gst/gstr2b', file, { idempotencyKey: key });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect((await month('022026')).body.history).toEqual([]);
  });

  it('answers 404 for a month never uploaded', async () => {
    expect((await month('012026')).status).toBe(404);
  });
});
