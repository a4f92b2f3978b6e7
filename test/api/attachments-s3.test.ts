import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiResponse } from '../support/http-client';
import { multipartBody, SAMPLES, type FormPart } from '../support/multipart';
import { startLocalS3, type LocalS3 } from '../support/s3-server';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/* Attachments in S3 (docs/rules/operator-api.md, "Attachments": BAHI_S3_BUCKET, BAHI_S3_ENDPOINT), against a local S3-compatible server. */

let s3: LocalS3;
let t: TestApp;
let org: OrgFixture;
let other: OrgFixture;

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await startTestApp({
    BAHI_S3_BUCKET: s3.bucket, BAHI_S3_ENDPOINT: s3.endpoint, AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
  });
  org = await t.given.org();
  other = await t.given.org();
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function send(parts: readonly FormPart[], o: OrgFixture = org): Promise<ApiResponse> {
  const { body, contentType } = multipartBody(parts);
  const res = await fetch(`${t.baseUrl}/api/public/v1/attachments`, { method: 'POST', headers: { 'content-type': contentType, authorization: `Bearer ${o.token}` }, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}
const form = (filename: string, content: Buffer | string): FormPart[] => [
  { name: 'entity_type', value: 'BILL' }, { name: 'entity_id', value: 'bill_x' }, { name: 'file', filename, content },
];
async function uploaded(filename: string, content: Buffer | string, o: OrgFixture = org) {
  const res = await send(form(filename, content), o);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.attachment;
}
const rows = async () => Number((await t.app.database.db.selectFrom('attachments').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('attachments in S3', () => {
  it('stores the object under the generated key and hands out a presigned URL that S3 serves with safe headers', async () => {
    const a = await uploaded('Bill ₹ June.pdf', SAMPLES.pdf);
    expect(a).toMatchObject({ filename: 'Bill ₹ June.pdf', content_type: 'application/pdf', size_bytes: SAMPLES.pdf.length });
    expect(s3.keys()).toContain(`${org.orgId}/${a.attachment_id}`);
    const url = new URL(a.download_url);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(SAMPLES.pdf);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Bill _ June.pdf"; filename*=UTF-8\'\'Bill%20%E2%82%B9%20June.pdf');
  });

  it('streams a file larger than one part as a multipart upload', async () => {
    const big = Buffer.concat([SAMPLES.pdf, Buffer.alloc(12 * 1024 * 1024 + 123, 0x41)]);
    const a = await uploaded('scan.pdf', big);
    expect(a.size_bytes).toBe(big.length);
    expect(sha(Buffer.from(await (await fetch(a.download_url)).arrayBuffer()))).toBe(sha(big));
  });

  it('mints a fresh URL on every get and list, signed by the service clock: one from 16 minutes ago is refused as expired', async () => {
    const a = await uploaded('fresh.pdf', SAMPLES.pdf);
    const first = (await org.api.get(`/attachments/${a.attachment_id}`)).body.attachment.download_url;
    t.clock.advance(1000);
    const second = (await org.api.get('/attachments?per_page=1')).body.attachments[0].download_url;
    expect(second).not.toBe(first);
    expect((await fetch(second)).status).toBe(200);
    t.clock.advance(-16 * 60 * 1000);
    const stale = (await org.api.get(`/attachments/${a.attachment_id}`)).body.attachment.download_url;
    t.clock.advance(16 * 60 * 1000);
    const refused = await fetch(stale);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toMatch(/expired/i);
  });

  it('refuses a tampered URL, and one pointed at another organisation\'s object', async () => {
    const mine = await uploaded('mine.pdf', SAMPLES.pdf);
    const theirs = await uploaded('theirs.png', SAMPLES.png, other);
    const url = new URL(mine.download_url);
    const sig = url.searchParams.get('X-Amz-Signature')!;
    const flipped = new URL(url);
    flipped.searchParams.set('X-Amz-Signature', (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1));
    const crossed = new URL(url);
    crossed.pathname = crossed.pathname.replace(`${org.orgId}/${mine.attachment_id}`, `${other.orgId}/${theirs.attachment_id}`);
    const longer = new URL(url);
    longer.searchParams.set('X-Amz-Expires', '604800');
    for (const bad of [flipped, crossed, longer]) expect((await fetch(bad)).status, bad.toString()).toBe(403);
    expect((await fetch(mine.download_url)).status).toBe(200);
  });

  it('refuses 26 MB with 413 and leaves no object', async () => {
    const before = { rows: await rows(), keys: s3.keys().length };
    const res = await send(form('huge.pdf', Buffer.concat([SAMPLES.pdf, Buffer.alloc(26 * 1024 * 1024 - SAMPLES.pdf.length, 0x20)])));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', details: { max_bytes: 26_214_400, received_bytes: 26 * 1024 * 1024 } });
    expect(await rows()).toBe(before.rows);
    expect(s3.keys()).toHaveLength(before.keys);
  });

  it('answers 502 storage.upload_failed when S3 refuses the upload, and records nothing', async () => {
    const before = { rows: await rows(), keys: s3.keys().length };
    s3.failWrites = true;
    try {
      const small = await send(form('a.pdf', SAMPLES.pdf));
      expect(small.status).toBe(502);
      expect(small.body.code).toBe('storage.upload_failed');
      const large = await send(form('b.pdf', Buffer.concat([SAMPLES.pdf, Buffer.alloc(6 * 1024 * 1024, 0x20)])));
      expect(large.body.code).toBe('storage.upload_failed');
    } finally {
      s3.failWrites = false;
    }
    expect(await rows()).toBe(before.rows);
    expect(s3.keys()).toHaveLength(before.keys);
    expect((await send(form('c.pdf', SAMPLES.pdf))).status).toBe(201);
  });

  it('deletes the object with the metadata, and the metadata alone when S3 refuses the delete', async () => {
    const a = await uploaded('gone.pdf', SAMPLES.pdf);
    expect((await org.api.delete(`/attachments/${a.attachment_id}`)).status).toBe(200);
    expect(s3.keys()).not.toContain(`${org.orgId}/${a.attachment_id}`);

    const b = await uploaded('stuck.pdf', SAMPLES.pdf);
    s3.failDeletes = true;
    try {
      expect((await org.api.delete(`/attachments/${b.attachment_id}`)).status).toBe(200);
    } finally {
      s3.failDeletes = false;
    }
    expect((await org.api.get(`/attachments/${b.attachment_id}`)).status).toBe(404);
    expect(s3.keys()).toContain(`${org.orgId}/${b.attachment_id}`);
  });
});
