import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/http-client';
import { makeDocument } from '../support/documents';
import { multipartBody, SAMPLES, type FormPart } from '../support/multipart';
import { newKey, startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/* Attachments on the local file store (public-api.md Attachments, Errors, Limits; docs/rules/operator-api.md, "Attachments"). */

let t: TestApp;
let org: OrgFixture;
let other: OrgFixture;
let invoiceId: string;
let filesDir: string;
/** What the server logged, one JSON line each. */
const logLines: string[] = [];

const MAX = 26_214_400;

beforeAll(async () => {
  t = await startTestApp({}, { logger: { level: 'info', stream: { write: (line: string) => { logLines.push(line); } } } });
  t.clock.set(new Date('2026-06-15T04:30:00.000Z'));
  org = await t.given.org();
  other = await t.given.org();
  invoiceId = (await makeDocument(org.api, 'INVOICE')).id;
  filesDir = path.join(t.db.dataDir, 'files');
});
afterAll(async () => { await t.close(); });

async function send(parts: readonly FormPart[], options: { o?: OrgFixture; token?: string; key?: string } = {}): Promise<ApiResponse> {
  const { body, contentType } = multipartBody(parts);
  const headers: Record<string, string> = { 'content-type': contentType, authorization: `Bearer ${options.token ?? (options.o ?? org).token}` };
  if (options.key) headers['idempotency-key'] = options.key;
  const res = await fetch(`${t.baseUrl}/api/public/v1/attachments`, { method: 'POST', headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

const fileFields = (filename: string, content: Buffer | string, extra: Record<string, string> = {}): FormPart[] => [
  { name: 'entity_type', value: 'INVOICE' }, { name: 'entity_id', value: invoiceId },
  ...Object.entries(extra).map(([name, value]) => ({ name, value })),
  { name: 'file', filename, content },
];

async function uploaded(filename: string, content: Buffer | string, extra: Record<string, string> = {}, o: OrgFixture = org) {
  const res = await send(fileFields(filename, content, extra), { o });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.attachment;
}

function expectError(res: ApiResponse, status: number, code: string, field?: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.code).toBe(code);
  if (field !== undefined) expect(res.body.field).toBe(field);
}

/** Every stored object and every staged write: what the store holds. */
function storeContents() {
  const list = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile()) : []);
  return { objects: list(filesDir).filter((f) => !f.startsWith('.staging')), staged: list(path.join(filesDir, '.staging')) };
}

const rows = async () => Number((await t.app.database.db.selectFrom('attachments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** Nothing was recorded or kept: no row, no object, no staged write. */
async function expectNothingKept(before: { rows: number; objects: number }) {
  expect(await rows()).toBe(before.rows);
  const now = storeContents();
  expect(now.objects).toHaveLength(before.objects);
  expect(now.staged).toEqual([]);
}
const snapshot = async () => ({ rows: await rows(), objects: storeContents().objects.length });

describe('POST /attachments', () => {
  it('stores a PDF under a generated key and answers with the spec\'s fields and a signed download_url', async () => {
    const res = await send(fileFields('GST invoice ₹ June.pdf', SAMPLES.pdf, { description: 'Signed copy' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const a = res.body.attachment;
    expect(a).toEqual({
      attachment_id: expect.stringMatching(/^att_/), entity_type: 'INVOICE', entity_id: invoiceId, filename: 'GST invoice ₹ June.pdf',
      content_type: 'application/pdf', size_bytes: SAMPLES.pdf.length, description: 'Signed copy',
      download_url: expect.stringContaining(`${t.baseUrl}/api/public/v1/attachment_downloads?`),
      uploaded_by_user_id: org.userId, created_time: expect.stringMatching(/^2026-06-15T04:3\d:\d\dZ$/),
    });
    // The object's name is the service's own id, never the user's file name.
    expect(storeContents().objects).toContain(path.join(org.orgId, a.attachment_id));
    const row = await t.app.database.db.selectFrom('attachments').selectAll().where('attachment_id', '=', a.attachment_id).executeTakeFirstOrThrow();
    expect(row.storage_key).toBe(`${org.orgId}/${a.attachment_id}`);
    expect(storeContents().staged).toEqual([]);
  });

  it('writes ATTACHMENT_ADDED on the document\'s timeline', async () => {
    const a = await uploaded('po.pdf', SAMPLES.pdf);
    const events = (await org.api.get(`/invoices/${invoiceId}/activity?limit=1`)).body.activity;
    expect(events[0]).toMatchObject({
      action: 'ATTACHMENT_ADDED', entity_type: 'INVOICE', entity_id: invoiceId, actor_user_id: org.userId,
      metadata: { attachment_id: a.attachment_id, filename: 'po.pdf', content_type: 'application/pdf', size_bytes: SAMPLES.pdf.length },
    });
  });

  it('accepts the fields before or after the file, on every entity type of the spec, without checking that the entity exists', async () => {
    for (const entityType of ['INVOICE', 'BILL', 'ESTIMATE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'SALES_ORDER', 'PURCHASE_ORDER', 'PAYMENT', 'EXPENSE', 'CONTACT', 'JOURNAL']) {
      const res = await send([{ name: 'file', filename: 'scan.png', content: SAMPLES.png }, { name: 'entity_type', value: entityType }, { name: 'entity_id', value: 'any_0001' }]);
      expect(res.status, `${entityType} ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.attachment).toMatchObject({ entity_type: entityType, entity_id: 'any_0001', content_type: 'image/png', description: null });
    }
  });

  it('refuses a bad form with a 4xx naming the field, and keeps nothing', async () => {
    const before = await snapshot();
    const file: FormPart = { name: 'file', filename: 'a.pdf', content: SAMPLES.pdf };
    expectError(await send([{ name: 'entity_type', value: 'INVOICE' }, { name: 'entity_id', value: invoiceId }]), 400, 'validation.required_field', 'file');
    expectError(await send([{ name: 'entity_id', value: invoiceId }, file]), 400, 'validation.required_field', 'entity_type');
    expectError(await send([{ name: 'entity_type', value: 'ITEM' }, { name: 'entity_id', value: invoiceId }, file]), 400, 'validation.invalid_value', 'entity_type');
    expectError(await send([{ name: 'entity_type', value: 'INVOICE' }, { name: 'entity_id', value: 'inv\u0001x' }, file]), 400, 'validation.invalid_value', 'entity_id');
    expectError(await send([...fileFields('a.pdf', SAMPLES.pdf), { name: 'colour', value: 'red' }]), 400, 'validation.invalid_value', 'colour');
    expectError(await send([...fileFields('a.pdf', SAMPLES.pdf), { name: 'entity_id', value: 'twice' }]), 400, 'validation.invalid_value', 'entity_id');
    expectError(await send(fileFields('a.pdf', SAMPLES.pdf, { description: 'x'.repeat(1001) })), 400, 'validation.invalid_value', 'description');
    expectError(await send([...fileFields('a.pdf', SAMPLES.pdf), { name: 'file', filename: 'b.pdf', content: SAMPLES.pdf }]), 400, 'validation.invalid_value', 'file');
    expectError(await send([{ name: 'entity_type', value: 'INVOICE' }, { name: 'entity_id', value: invoiceId }, { name: 'scan', filename: 'a.pdf', content: SAMPLES.pdf }]), 400, 'validation.invalid_value', 'scan');
    const json = await org.api.post('/attachments', { entity_type: 'INVOICE', entity_id: invoiceId, file: 'JVBERi0=' });
    expectError(json, 415, 'validation.invalid_value', 'Content-Type');
    const broken = await fetch(`${t.baseUrl}/api/public/v1/attachments`, {
      method: 'POST', headers: { authorization: `Bearer ${org.token}`, 'content-type': 'multipart/form-data; boundary=xyz' }, body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and no end',
    });
    expect(broken.status).toBe(400);
    await expectNothingKept(before);
  });

  it('is the only route that takes multipart: others still answer it with 415', async () => {
    const { body, contentType } = multipartBody([{ name: 'entity_type', value: 'INVOICE' }, { name: 'entity_id', value: invoiceId }, { name: 'body', value: 'hi' }]);
    const res = await fetch(`${t.baseUrl}/api/public/v1/comments`, { method: 'POST', headers: { authorization: `Bearer ${org.token}`, 'content-type': contentType }, body });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { code: string }).code).toBe('validation.invalid_value');
  });

  it('needs Svc.attachments.CREATE', async () => {
    const { token } = await t.given.token([org.orgId], { user_id: org.userId, scopes: ['Svc.attachments.READ'] });
    expectError(await send(fileFields('a.pdf', SAMPLES.pdf), { token }), 403, 'authz.scope_missing');
  });

  it('replays a keyed upload (one row, one object), even when the retry carries another file', async () => {
    const key = newKey();
    const before = await snapshot();
    const first = await send(fileFields('receipt.pdf', SAMPLES.pdf), { key });
    const again = await send(fileFields('receipt.pdf', SAMPLES.pdf), { key });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.attachment.attachment_id).toBe(first.body.attachment.attachment_id);
    const other = await send(fileFields('receipt.png', SAMPLES.png), { key });
    expect(other.headers.get('idempotent-replayed')).toBe('true');
    expect(other.body).toEqual(first.body);
    await expectNothingKept({ rows: before.rows + 1, objects: before.objects + 1 });
  });
});

describe('file names', () => {
  it.each([
    ['a path (traversal)', '../../../etc/passwd.pdf', 'passwd.pdf'],
    ['a Windows path', 'C:\\Users\\asha\\Desktop\\invoice.pdf', 'invoice.pdf'],
    ['NUL and control characters', 'inv\u0000oice\u0007\u001b[31m.pdf', 'invoice[31m.pdf'],
    ['a right-to-left override', 'invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['only dots', '..', 'attachment'],
  ])('strips %s', async (_what, given, stored) => {
    const a = await uploaded(given, SAMPLES.pdf);
    expect(a.filename).toBe(stored);
    expect(storeContents().objects).toContain(path.join(org.orgId, a.attachment_id));
  });

  it('bounds an overlong name to 200 characters and keeps its extension', async () => {
    const a = await uploaded(`${'ब'.repeat(1000)}.pdf`, SAMPLES.pdf);
    expect([...a.filename]).toHaveLength(200);
    expect(a.filename.endsWith('.pdf')).toBe(true);
  });

  it('sends the cleaned name back only inside a safe Content-Disposition', async () => {
    const a = await uploaded('Résumé ₹ 100%\u202E.pdf', SAMPLES.pdf);
    const res = await fetch(a.download_url);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="R_sum_ _ 100_.pdf"; filename*=UTF-8\'\'R%C3%A9sum%C3%A9%20%E2%82%B9%20100%25.pdf');
  });
});

describe('content type from the bytes', () => {
  it('ignores the name and the declared type: a PDF named .txt is a PDF, a PNG named .pdf is a PNG', async () => {
    const pdf = await send([{ name: 'entity_type', value: 'INVOICE' }, { name: 'entity_id', value: invoiceId }, { name: 'file', filename: 'notes.txt', content: SAMPLES.pdf, contentType: 'text/plain' }]);
    expect(pdf.body.attachment.content_type).toBe('application/pdf');
    expect((await uploaded('scan.pdf', SAMPLES.png)).content_type).toBe('image/png');
  });

  it('refuses an HTML file named .pdf: nothing is stored or served as PDF', async () => {
    const before = await snapshot();
    const res = await send([{ name: 'entity_type', value: 'INVOICE' }, { name: 'entity_id', value: invoiceId }, { name: 'file', filename: 'invoice.pdf', content: SAMPLES.html, contentType: 'application/pdf' }]);
    expectError(res, 400, 'validation.invalid_value', 'file');
    expect(res.body.message).toMatch(/markup/);
    await expectNothingKept(before);
  });

  it('keeps other text as text/plain (text/csv for .csv), served so that no browser renders it', async () => {
    const sneaky = await uploaded('statement.pdf', 'Balance due\n<script>alert(1)</script>\n');
    expect(sneaky.content_type).toBe('text/plain; charset=utf-8');
    const res = await fetch(sneaky.download_url);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect((await uploaded('ledger.csv', 'date,amount\n2026-06-01,100\n')).content_type).toBe('text/csv; charset=utf-8');
  });

  it('refuses an empty file, bytes of no known type, and formats that are not documents', async () => {
    const before = await snapshot();
    expectError(await send(fileFields('empty.pdf', Buffer.alloc(0))), 400, 'validation.invalid_value', 'file');
    expectError(await send(fileFields('blob.pdf', Buffer.from([0x00, 0x9f, 0x92, 0x96, 0x00, 0xff, 0x01]))), 400, 'validation.invalid_value', 'file');
    expectError(await send(fileFields('tool.pdf', SAMPLES.elf)), 400, 'validation.invalid_value', 'file');
    // Text at first, binary later: the whole file is checked, not only its head.
    const mixed = Buffer.concat([Buffer.from('a'.repeat(70_000)), Buffer.from([0x00, 0xff, 0xfe])]);
    expectError(await send(fileFields('mixed.txt', mixed)), 400, 'validation.invalid_value', 'file');
    await expectNothingKept(before);
  });
});

describe('the 25 MB limit, enforced while streaming', () => {
  it('accepts a file of exactly 26,214,400 bytes', async () => {
    const exact = Buffer.concat([SAMPLES.pdf, Buffer.alloc(MAX - SAMPLES.pdf.length, 0x20)]);
    const a = await uploaded('big.pdf', exact);
    expect(a.size_bytes).toBe(MAX);
    expect(fs.statSync(path.join(filesDir, org.orgId, a.attachment_id)).size).toBe(MAX);
  });

  it('refuses 26 MB with 413 and the sizes, having streamed it to the store without keeping it', async () => {
    const before = await snapshot();
    const total = 26 * 1024 * 1024;
    const { body } = multipartBody(fileFields('huge.pdf', Buffer.alloc(0)));
    const boundaryLine = body.subarray(0, body.indexOf('\r\n'));
    const head = body.subarray(0, body.length - boundaryLine.length - 6);
    const tail = Buffer.from(`\r\n${boundaryLine.toString()}--\r\n`);
    const chunk = Buffer.concat([SAMPLES.pdf, Buffer.alloc(1024 * 1024 - SAMPLES.pdf.length, 0x20)]);
    let sawStaging = 0;

    const res = await new Promise<{ status: number; body: any }>((resolve, reject) => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const req = http.request(`${t.baseUrl}/api/public/v1/attachments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${org.token}`, 'content-type': `multipart/form-data; boundary=${boundaryLine.toString().slice(2)}` },
      }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (c: Buffer) => parts.push(c));
        answer.on('end', () => resolve({ status: answer.statusCode!, body: JSON.parse(Buffer.concat(parts).toString()) }));
      });
      req.on('error', reject);
      (async () => {
        req.write(head);
        for (let sent = 0; sent < total; sent += chunk.length) {
          if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
          // Half-way, the bytes are already on the store's disk while the request is still arriving: nothing buffers the file.
          if (sent === 12 * 1024 * 1024) {
            for (let i = 0; i < 200 && sawStaging < 8 * 1024 * 1024; i++) {
              const staged = storeContents().staged;
              sawStaging = staged.length === 1 ? fs.statSync(path.join(filesDir, '.staging', staged[0]!)).size : 0;
              await new Promise((r) => setTimeout(r, 25));
            }
          }
        }
        req.end(tail);
      })().catch(reject);
    });

    expect(sawStaging).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'file', details: { max_bytes: MAX, received_bytes: total } });
    await expectNothingKept(before);
  });
});

describe('an upload cut short', () => {
  it('leaves nothing staged or recorded when the client goes away mid-file', async () => {
    const before = await snapshot();
    const { body, contentType } = multipartBody(fileFields('cut.pdf', Buffer.concat([SAMPLES.pdf, Buffer.alloc(4 * 1024 * 1024, 0x20)])));
    const req = http.request(`${t.baseUrl}/api/public/v1/attachments`, { method: 'POST', headers: { authorization: `Bearer ${org.token}`, 'content-type': contentType } });
    req.on('error', () => { /* the socket is destroyed on purpose */ });
    req.write(body.subarray(0, 3 * 1024 * 1024));
    for (let i = 0; i < 100 && storeContents().staged.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(storeContents().staged).toHaveLength(1);
    req.destroy();
    for (let i = 0; i < 100 && storeContents().staged.length > 0; i++) await new Promise((r) => setTimeout(r, 20));
    await expectNothingKept(before);
  });
});

describe('entity_id, which the server does not check (docs/rules/operator-api.md, "Attachments": 1 to 200 characters without control characters)', () => {
  const SPEC_ENTITY_TYPES = ['INVOICE', 'BILL', 'ESTIMATE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'SALES_ORDER', 'PURCHASE_ORDER', 'PAYMENT', 'EXPENSE', 'CONTACT', 'JOURNAL'];
  let fresh: OrgFixture;
  beforeAll(async () => { fresh = await t.given.org(); });

  const upload = (entityType: string, entityId: string, filename = `${entityType}.png`) =>
    send([{ name: 'entity_type', value: entityType }, { name: 'entity_id', value: entityId }, { name: 'file', filename, content: SAMPLES.png }], { o: fresh });
  const listed = async (query: Record<string, string>) => {
    const res = await fresh.api.get(`/attachments?${new URLSearchParams({ per_page: '200', ...query })}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.attachments.map((a: { entity_type: string; entity_id: string }) => `${a.entity_type} ${a.entity_id}`).sort();
  };

  it.each(['never-created-7f3a', 'id-x1y'])('takes %s on every entity type of the spec, and lists by it', async (entityId) => {
    for (const entityType of SPEC_ENTITY_TYPES) {
      const res = await upload(entityType, entityId);
      expect(res.status, `${entityType} ${JSON.stringify(res.body)}`).toBe(201);
      expect(res.body.attachment).toMatchObject({ entity_type: entityType, entity_id: entityId });
      expect(await listed({ entity_type: entityType, entity_id: entityId })).toEqual([`${entityType} ${entityId}`]);
    }
    expect(await listed({ entity_id: entityId })).toEqual(SPEC_ENTITY_TYPES.map((type) => `${type} ${entityId}`).sort());
    const events = await fresh.api.get(`/activity?entity_type=CONTACT&entity_id=${entityId}`);
    expect(events.body.activity?.map((e: { action: string; entity_id: string }) => `${e.action} ${e.entity_id}`), JSON.stringify(events.body)).toEqual([`ATTACHMENT_ADDED ${entityId}`]);
  });

  it('takes 200 characters of any script, and refuses an empty one, 201 characters or a control character with 400 on entity_id', async () => {
    const longest = `ext/${'é'.repeat(95)} ${'x'.repeat(100)}`;
    expect([...longest]).toHaveLength(200);
    expect((await upload('CONTACT', longest)).status).toBe(201);
    expect(await listed({ entity_id: longest })).toEqual([`CONTACT ${longest}`]);
    const before = await snapshot();
    for (const refused of ['', `${longest}x`, 'id\tx', 'id\u0000x', 'id\u007fx', 'id\u0085x']) {
      expectError(await upload('CONTACT', refused), 400, 'validation.invalid_value', 'entity_id');
      expectError(await fresh.api.get(`/attachments?entity_id=${encodeURIComponent(refused)}`), 400, 'validation.invalid_value', 'entity_id');
    }
    await expectNothingKept(before);
  });
});

describe('GET /attachments and /attachments/{id}', () => {
  let fresh: OrgFixture;
  const names: string[] = [];

  beforeAll(async () => {
    fresh = await t.given.org();
    for (let i = 1; i <= 3; i++) {
      for (const [type, id] of [['INVOICE', 'inv_one'], ['BILL', 'bill_one']]) {
        const res = await send([{ name: 'entity_type', value: type! }, { name: 'entity_id', value: id! }, { name: 'file', filename: `${type}-${i}.pdf`, content: SAMPLES.pdf }], { o: fresh });
        expect(res.status).toBe(201);
        names.push(`${type}-${i}.pdf`);
        t.clock.advance(1000);
      }
    }
  });
  const filenames = (res: ApiResponse) => res.body.attachments.map((a: { filename: string }) => a.filename);

  it('lists newest first, with filters and page pagination', async () => {
    const all = await fresh.api.get('/attachments');
    expect(filenames(all)).toEqual([...names].reverse());
    expect(all.body.page_context).toEqual({ page: 1, per_page: 50, has_more_page: false });
    expect(filenames(await fresh.api.get('/attachments?entity_type=BILL'))).toEqual(['BILL-3.pdf', 'BILL-2.pdf', 'BILL-1.pdf']);
    expect(filenames(await fresh.api.get('/attachments?entity_id=inv_one&per_page=2&page=2'))).toEqual(['INVOICE-1.pdf']);
    expect((await fresh.api.get('/attachments?per_page=2')).body.page_context).toEqual({ page: 1, per_page: 2, has_more_page: true });
    expectError(await fresh.api.get('/attachments?per_page=201'), 400, 'validation.invalid_value', 'per_page');
    expectError(await fresh.api.get('/attachments?per_page=0'), 400, 'validation.invalid_value', 'per_page');
    expectError(await fresh.api.get('/attachments?entity_type=ITEM'), 400, 'validation.invalid_value', 'entity_type');
    expect((await other.api.get('/attachments?entity_id=inv_one')).body.attachments).toEqual([]);
  });

  it('mints a fresh download_url on every list and get', async () => {
    const id = (await fresh.api.get('/attachments?per_page=1')).body.attachments[0].attachment_id;
    const first = (await fresh.api.get(`/attachments/${id}`)).body.attachment.download_url;
    t.clock.advance(1000);
    const second = (await fresh.api.get(`/attachments/${id}`)).body.attachment.download_url;
    t.clock.advance(1000);
    const listed = (await fresh.api.get('/attachments?per_page=1')).body.attachments[0].download_url;
    expect(new Set([first, second, listed]).size).toBe(3);
    for (const url of [first, second, listed]) expect((await fetch(url)).status).toBe(200);
  });

  it('answers 404 for another organisation\'s attachment', async () => {
    const id = (await fresh.api.get('/attachments?per_page=1')).body.attachments[0].attachment_id;
    expectError(await other.api.get(`/attachments/${id}`), 404, 'not_found.resource');
    expectError(await other.api.delete(`/attachments/${id}`), 404, 'not_found.resource');
    expect((await fresh.api.get(`/attachments/${id}`)).status).toBe(200);
  });
});

describe('signed download links', () => {
  it('serve the bytes with safe headers, for GET and HEAD', async () => {
    const a = await uploaded('June receipt.png', SAMPLES.png);
    const res = await fetch(a.download_url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(SAMPLES.png);
    expect(Object.fromEntries(['content-type', 'content-length', 'content-disposition', 'x-content-type-options', 'cache-control'].map((h) => [h, res.headers.get(h)]))).toEqual({
      'content-type': 'image/png', 'content-length': String(SAMPLES.png.length),
      'content-disposition': 'attachment; filename="June receipt.png"; filename*=UTF-8\'\'June%20receipt.png',
      'x-content-type-options': 'nosniff', 'cache-control': 'private, no-store',
    });
    const head = await fetch(a.download_url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
  });

  it('keep their signature out of the log', async () => {
    const a = await uploaded('logged.pdf', SAMPLES.pdf);
    const signature = new URL(a.download_url).searchParams.get('signature')!;
    expect((await fetch(a.download_url)).status).toBe(200);
    const logged = logLines.filter((l) => l.includes('attachment_downloads'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((l) => l.includes('signature=[redacted]'))).toBe(true);
    expect(logLines.some((l) => l.includes(signature))).toBe(false);
  });

  it('expire after 15 minutes by the service clock', async () => {
    // On a whole second, so that the link's expiry (whole seconds) is 900 s from now to the millisecond.
    t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / 1000) * 1000));
    const a = await uploaded('short.pdf', SAMPLES.pdf);
    t.clock.advance(15 * 60 * 1000 - 1000);
    expect((await fetch(a.download_url)).status).toBe(200);
    t.clock.advance(1000);
    const expired = await fetch(a.download_url);
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: 'authn.token_invalid', message: expect.stringMatching(/expired/) });
    const fresh = (await org.api.get(`/attachments/${a.attachment_id}`)).body.attachment.download_url;
    expect((await fetch(fresh)).status).toBe(200);
  });

  it('refuse any tampering: signature, expiry, attachment or organisation changed', async () => {
    const a = await uploaded('mine.pdf', SAMPLES.pdf);
    const b = await uploaded('also-mine.pdf', SAMPLES.pdf);
    const url = new URL(a.download_url);
    const variant = (changes: Record<string, string>) => {
      const u = new URL(url);
      for (const [k, v] of Object.entries(changes)) u.searchParams.set(k, v);
      return u.toString();
    };
    const sig = url.searchParams.get('signature')!;
    const flipped = (sig[0] === '0' ? '1' : '0') + sig.slice(1);
    for (const tampered of [
      variant({ signature: flipped }),
      variant({ expires: String(Number(url.searchParams.get('expires')) + 3600) }),
      variant({ attachment_id: b.attachment_id }),
      variant({ org_id: other.orgId }),
    ]) {
      const res = await fetch(tampered);
      expect(res.status, tampered).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('authn.token_invalid');
    }
    const missing = new URL(url);
    missing.searchParams.delete('signature');
    expect((await fetch(missing)).status).toBe(400);
  });

  it('never open another organisation\'s file: its signature binds org and attachment together', async () => {
    const mine = await uploaded('a.pdf', SAMPLES.pdf);
    const theirs = await uploaded('b.pdf', SAMPLES.png, {}, other);
    const theirUrl = new URL(theirs.download_url);
    // Org B's valid link with org A's attachment id, and org A's link pointed at org B.
    const crossed = new URL(theirUrl);
    crossed.searchParams.set('attachment_id', mine.attachment_id);
    expect((await fetch(crossed)).status).toBe(401);
    const mineUrl = new URL(mine.download_url);
    mineUrl.searchParams.set('org_id', other.orgId);
    mineUrl.searchParams.set('attachment_id', theirs.attachment_id);
    expect((await fetch(mineUrl)).status).toBe(401);
    expect(Buffer.from(await (await fetch(theirs.download_url)).arrayBuffer())).toEqual(SAMPLES.png);
  });
});

describe('DELETE /attachments/{id}', () => {
  it('removes metadata and object, writes ATTACHMENT_DELETED, and its link stops working', async () => {
    const a = await uploaded('old.pdf', SAMPLES.pdf);
    const res = await org.api.delete(`/attachments/${a.attachment_id}`);
    expect(res.status).toBe(200);
    expect(res.body.attachment_id).toBe(a.attachment_id);
    expectError(await org.api.get(`/attachments/${a.attachment_id}`), 404, 'not_found.resource');
    expect(storeContents().objects).not.toContain(path.join(org.orgId, a.attachment_id));
    expect((await fetch(a.download_url)).status).toBe(404);
    const events = (await org.api.get(`/invoices/${invoiceId}/activity?limit=1`)).body.activity;
    expect(events[0]).toMatchObject({ action: 'ATTACHMENT_DELETED', metadata: { attachment_id: a.attachment_id } });
  });

  it('answers 404 to a valid link whose file is no longer in the store', async () => {
    const a = await uploaded('vanished.pdf', SAMPLES.pdf);
    fs.rmSync(path.join(filesDir, org.orgId, a.attachment_id));
    const res = await fetch(a.download_url);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('not_found.resource');
  });

  it('removes the metadata even when the store cannot delete the object', async () => {
    const a = await uploaded('stuck.pdf', SAMPLES.pdf);
    const objectPath = path.join(filesDir, org.orgId, a.attachment_id);
    // A non-empty directory where the object was: the store's delete fails.
    fs.rmSync(objectPath);
    fs.mkdirSync(objectPath);
    fs.writeFileSync(path.join(objectPath, 'keep'), 'x');
    const res = await org.api.delete(`/attachments/${a.attachment_id}`);
    expect(res.status).toBe(200);
    expectError(await org.api.get(`/attachments/${a.attachment_id}`), 404, 'not_found.resource');
    expect(fs.existsSync(objectPath)).toBe(true);
    const warning = logLines.map((l) => JSON.parse(l)).find((l) => l.attachment_id === a.attachment_id);
    expect(warning).toMatchObject({ level: 40, storage_key: `${org.orgId}/${a.attachment_id}`, msg: expect.stringMatching(/could not be removed/) });
    fs.rmSync(objectPath, { recursive: true });
  });
});

describe('an object store that refuses the upload', () => {
  it('answers 502 storage.upload_failed and records nothing', async () => {
    const staging = path.join(filesDir, '.staging');
    fs.rmSync(staging, { recursive: true, force: true });
    // A file where the staging directory must be: every write fails.
    fs.writeFileSync(staging, 'not a directory');
    try {
      const before = await rows();
      const res = await send(fileFields('doomed.pdf', SAMPLES.pdf));
      expectError(res, 502, 'storage.upload_failed');
      expect(await rows()).toBe(before);
      expect((await org.api.get(`/invoices/${invoiceId}/activity?limit=1`)).body.activity[0].action).not.toBe('ATTACHMENT_ADDED');
    } finally {
      fs.rmSync(staging);
    }
    expect((await send(fileFields('retry.pdf', SAMPLES.pdf))).status).toBe(201);
  });
});
