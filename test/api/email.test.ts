/**
 * POST /invoices|estimates|credit_notes/{id}/email through HTTP (spec "Email sending"), against a
 * real SMTP server started here (smtp-server on 127.0.0.1) whose messages are read back with
 * mailparser: subject, recipients (Bcc only in the envelope), the sanitised HTML and its text
 * part, the PDF attachment; a refused recipient (502, nothing recorded); body rules; scopes and
 * organisations; the .eml fallback; the 10 MB limit; credentials kept out of the log.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { DomainError } from '../../src/kernel/errors';
import { composeApp } from '../../src/main/compose';
import { documentLoaders, emailService, type Mailer } from '../../src/modules/email';
import type { OutgoingMail } from '../../src/modules/email/mailers';
import { MAX_MESSAGE_BYTES } from '../../src/modules/email/message.composer';
import { systemContext } from '../../src/platform/context';
import { expectBooksBalanced } from '../support/books';
import type { HttpClient } from '../support/http-client';
import { createCreditNote, customer, postedBill, postedInvoice, taxId, vendor } from '../support/sales';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../support/smtp-sink';
import { createTestDatabase, sealingKeyEnv } from '../support/test-database';
import { ADMIN_TOKEN, newKey, startTestApp, type TestApp } from '../support/test-app';

const BLOCKED = 'blocked@example.com';
const SENDER = 'billing@acme.example';
const ORG_NAME = 'Acme Traders';

let sink: SmtpSink;
let t: TestApp;
let api: HttpClient;
let orgId: string;
let gst18: string;

/** An organisation with a verified sender (docs/rules/operator-api.md, "Email": email_from on POST /orgs) and a full-access token. */
async function orgWithSender(app: TestApp, name = ORG_NAME, emailFrom = SENDER) {
  const org = await app.admin.post('/orgs', { name, state_code: 'IN-KA', email_from: emailFrom });
  if (org.status !== 201) throw new Error(`org: ${org.status} ${JSON.stringify(org.body)}`);
  const id: string = org.body.org.org_id;
  const user = await app.admin.post(`/orgs/${id}/users`, { name: 'Owner', email: 'owner@acme.example' });
  const { token } = await app.given.token([id], { user_id: user.body.user.user_id });
  return { orgId: id, api: app.api.withToken(token) };
}

beforeAll(async () => {
  sink = await startSmtpSink({ reject: [BLOCKED] });
  t = await startTestApp({ BAHI_SMTP_URL: sink.url });
  t.clock.set(new Date('2026-06-15T06:00:00Z'));
  ({ orgId, api } = await orgWithSender(t));
  gst18 = await taxId(api, 18);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const email = (collection: string, id: string, body: unknown, client = api, key?: string) =>
  client.post(`/${collection}/${id}/email`, body, key ? { idempotencyKey: key } : {});

async function activityOf(collection: string, id: string, client = api) {
  const res = await client.get(`/${collection}/${id}/activity`);
  expect(res.status).toBe(200);
  return res.body.activity as { action: string; entity_type: string; entity_ref: string; metadata: Record<string, unknown> }[];
}

const emailsSent = async (collection: string, id: string, client = api) =>
  (await activityOf(collection, id, client)).filter((a) => a.action === 'EMAIL_SENT');

/** The message the sink received with this Message-ID. */
function receivedWith(messageId: string): ReceivedMail {
  const found = sink.received.filter((m) => m.parsed.messageId === messageId);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** Text with its line wrapping undone (the text part wraps at 78 columns). */
const flat = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ');

const addresses = (field: ReceivedMail['parsed']['to']) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));

async function pdfOf(collection: string, id: string): Promise<Buffer> {
  const res = await fetch(`${t.baseUrl}/api/public/v1/${collection}/${id}/pdf`, {
    headers: { authorization: `Bearer ${api.token}`, accept: 'application/pdf' },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('emailing an invoice with the defaults', () => {
  it('sends the default subject and greeting, To and Cc in the headers, Bcc only in the envelope, the PDF attached; EMAIL_SENT, status unchanged', async () => {
    const customerId = await customer(api, { contact_name: 'Raman & Sons' });
    const invoice = await postedInvoice(api, customerId, 100_000, { line_items: [{ name: 'Looms', hsn_or_sac: '8446', rate: 100_000, quantity: 1, tax_id: gst18 }] });
    const before = (await api.get(`/invoices/${invoice.invoice_id}`)).body.invoice;
    const res = await email('invoices', invoice.invoice_id, { to: ['buyer@raman.example'], cc: ['accounts@raman.example'], bcc: ['audit@acme.example'] });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const delivery = res.body.delivery;
    expect(delivery).toEqual({
      message_id: expect.stringMatching(/^<msg_[0-9A-Z]+@acme\.example>$/), from: SENDER, to: ['buyer@raman.example'], cc: ['accounts@raman.example'],
      bcc_count: 1, subject: `Invoice ${invoice.invoice_number} from ${ORG_NAME}`, attached_pdf: true,
      pdf_filename: `${invoice.invoice_number}.pdf`, pdf_size: expect.any(Number), sent_at: expect.stringMatching(/^2026-06-15T06:00:\d\d\.\d{3}Z$/),
    });

    const mail = receivedWith(delivery.message_id);
    expect(mail.envelope.from).toBe(SENDER);
    expect(mail.envelope.to.sort()).toEqual(['accounts@raman.example', 'audit@acme.example', 'buyer@raman.example']);
    expect(mail.parsed.subject).toBe(delivery.subject);
    expect(addresses(mail.parsed.from)).toEqual([SENDER]);
    expect(mail.parsed.from?.value[0]?.name).toBe(ORG_NAME);
    expect(addresses(mail.parsed.to)).toEqual(['buyer@raman.example']);
    expect(addresses(mail.parsed.cc)).toEqual(['accounts@raman.example']);
    expect(mail.parsed.headers.has('bcc')).toBe(false);
    expect(mail.raw.toString('latin1')).not.toContain('audit@acme.example');
    // Date comes from the service's clock (set above; it keeps flowing), written before sent_at.
    expect(mail.parsed.date!.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-06-15T06:00:00Z'));
    expect(mail.parsed.date!.getTime()).toBeLessThanOrEqual(Date.parse(delivery.sent_at));

    // The default body greets the customer, names the number, the organisation and the total (1,00,000 + 18% GST).
    const html = String(mail.parsed.html);
    expect(html).toContain('Dear Raman &amp; Sons,');
    expect(html).toContain(invoice.invoice_number);
    expect(html).toContain(ORG_NAME);
    expect(html).toContain('₹1,18,000.00');
    expect(mail.parsed.text).toContain('Dear Raman & Sons,');
    expect(flat(mail.parsed.text)).toContain(`Please find attached invoice ${invoice.invoice_number} from ${ORG_NAME}, for a total of ₹1,18,000.00.`);

    // The attachment is the document's PDF, byte for byte what GET /pdf serves.
    expect(mail.parsed.attachments).toHaveLength(1);
    const [pdf] = mail.parsed.attachments;
    expect(pdf!.filename).toBe(`${invoice.invoice_number}.pdf`);
    expect(pdf!.contentType).toBe('application/pdf');
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf!.content.length).toBe(delivery.pdf_size);
    expect(pdf!.content.equals(await pdfOf('invoices', invoice.invoice_id))).toBe(true);

    const [sent, ...others] = await emailsSent('invoices', invoice.invoice_id);
    expect(others).toEqual([]);
    expect(sent).toMatchObject({
      entity_type: 'INVOICE', entity_ref: invoice.invoice_number,
      metadata: {
        message_id: delivery.message_id, to: ['buyer@raman.example'], cc: ['accounts@raman.example'], bcc_count: 1,
        subject: delivery.subject, attached_pdf: true, pdf_filename: delivery.pdf_filename, source: 'PUBLIC_API',
      },
    });
    expect(JSON.stringify(sent)).not.toContain('audit@acme.example');
    // Sending changes nothing on the document: not its status, not anything else.
    expect((await api.get(`/invoices/${invoice.invoice_id}`)).body.invoice).toEqual(before);
    await expectBooksBalanced(api);
  });

  it('a DRAFT invoice is sent as it stands and stays DRAFT', async () => {
    const customerId = await customer(api);
    const draft = await postedInvoice(api, customerId, 500, { auto_approve: false });
    expect(draft.status).toBe('DRAFT');
    const res = await email('invoices', draft.invoice_id, { to: ['someone@example.com'] });
    expect(res.status).toBe(200);
    expect((await api.get(`/invoices/${draft.invoice_id}`)).body.invoice.status).toBe('DRAFT');
    await expectBooksBalanced(api);
  });
});

describe('estimates and credit notes', () => {
  it('emails a DRAFT estimate without its PDF when attach_pdf is false; it stays DRAFT', async () => {
    const customerId = await customer(api, { contact_name: 'Mehta Textiles' });
    const created = await api.post('/estimates', { customer_id: customerId, date: '2026-06-15', line_items: [{ name: 'Yarn', rate: 2500.5, quantity: 2 }] });
    expect(created.status).toBe(201);
    const estimate = created.body.estimate;
    const res = await email('estimates', estimate.estimate_id, { to: ['mehta@example.com'], attach_pdf: false });
    expect(res.status).toBe(200);
    expect(res.body.delivery).toMatchObject({
      subject: `Estimate ${estimate.estimate_number} from ${ORG_NAME}`, attached_pdf: false, pdf_filename: null, pdf_size: null, cc: [], bcc_count: 0,
    });
    const mail = receivedWith(res.body.delivery.message_id);
    expect(mail.parsed.attachments).toEqual([]);
    expect(mail.parsed.text).toContain('Dear Mehta Textiles,');
    expect(flat(mail.parsed.text)).toContain(`This is estimate ${estimate.estimate_number} from ${ORG_NAME}, for a total of ₹5,001.00`);
    expect((await api.get(`/estimates/${estimate.estimate_id}`)).body.estimate.status).toBe('DRAFT');
    expect(await emailsSent('estimates', estimate.estimate_id)).toHaveLength(1);
  });

  it("emails a customer's credit note with its PDF", async () => {
    const customerId = await customer(api, { contact_name: 'Iyer Stores' });
    const invoice = await postedInvoice(api, customerId, 1000);
    const note = (await createCreditNote(api, { customer_id: customerId, invoice_id: invoice.invoice_id, date: '2026-06-14', line_items: [{ invoice_line_item_id: invoice.line_items[0].line_item_id, amount: 250 }] })).body.credit_note;
    const res = await email('credit_notes', note.credit_note_id, { to: ['iyer@example.com'] });
    expect(res.status).toBe(200);
    expect(res.body.delivery).toMatchObject({ subject: `Credit Note ${note.credit_note_number} from ${ORG_NAME}`, attached_pdf: true, pdf_filename: `${note.credit_note_number}.pdf` });
    const mail = receivedWith(res.body.delivery.message_id);
    expect(mail.parsed.attachments.map((a) => a.filename)).toEqual([`${note.credit_note_number}.pdf`]);
    expect(mail.parsed.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(mail.parsed.text).toContain('₹250.00');
    const [sent] = await emailsSent('credit_notes', note.credit_note_id);
    expect(sent).toMatchObject({ entity_type: 'CREDIT_NOTE', entity_ref: note.credit_note_number });
    expect((await api.get(`/credit_notes/${note.credit_note_id}`)).body.credit_note.status).toBe('ISSUED');
    await expectBooksBalanced(api);
  });

  it('refuses a credit note raised against a bill: 400 validation.invalid_value on credit_note_id, nothing sent', async () => {
    const vendorId = await vendor(api);
    const bill = await postedBill(api, vendorId, 1000);
    const note = (await createCreditNote(api, { customer_id: vendorId, bill_id: bill.bill_id, date: '2026-06-14', line_items: [{ bill_line_item_id: bill.line_items[0].line_item_id, amount: 100 }] })).body.credit_note;
    expect(note.type).toBe('vendor');
    const before = sink.received.length;
    const res = await email('credit_notes', note.credit_note_id, { to: ['vendor@example.com'] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'validation.invalid_value', field: 'credit_note_id' });
    expect(sink.received.length).toBe(before);
    expect(await emailsSent('credit_notes', note.credit_note_id)).toEqual([]);
    await expectBooksBalanced(api);
  });
});

describe('a caller-written body', () => {
  it('keeps the formatting, drops every active or fetching part, and sends a text part alongside', async () => {
    // A local server stands in for the attacker's: any fetch of these URLs, by us or by anything we ran, would reach it.
    let hits = 0;
    const trap = http.createServer((_req, res) => { hits++; res.end(); });
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    const evil = `http://127.0.0.1:${(trap.address() as AddressInfo).port}`;
    try {
      const customerId = await customer(api);
      const invoice = await postedInvoice(api, customerId, 700);
      const bodyHtml = [
        '<p>Hello <strong>Asha</strong>, your <a href="https://portal.acme.example/inv">invoice</a> is ready.</p>',
        `<script>fetch("${evil}/script")</script>`,
        `<img src="${evil}/pixel.png" onerror="alert(1)" alt="pixel">`,
        `<p onclick="alert(2)" onmouseover="alert(3)">Click</p>`,
        '<a href="javascript:alert(4)">run</a>',
        `<a href="JaVaScRiPt:alert(5)">run again</a>`,
        `<iframe src="${evil}/frame"></iframe>`,
        `<meta http-equiv="refresh" content="0;url=${evil}/refresh">`,
        `<style>@import url("${evil}/import.css"); p { background: url(${evil}/bg.png) }</style>`,
        `<p style="color: #c00; background-image: url(${evil}/inline.png)">Red</p>`,
        `<div style="width: expression(alert(6))">Expr</div>`,
        `<link rel="stylesheet" href="${evil}/link.css">`,
        `<table background="${evil}/table.png"><tr><td>Cell</td></tr></table>`,
        `<svg><image href="${evil}/svg.png"/></svg>`,
        `<form action="${evil}/form"><input name="x"></form>`,
        `<object data="${evil}/object"></object><embed src="${evil}/embed">`,
        '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCg3KTwvc2NyaXB0Pg==">data</a>',
      ].join('\n');
      const res = await email('invoices', invoice.invoice_id, { to: ['asha@example.com'], subject: 'Your invoice, as promised', body_html: bodyHtml });
      expect(res.status).toBe(200);
      expect(res.body.delivery.subject).toBe('Your invoice, as promised');
      const mail = receivedWith(res.body.delivery.message_id);
      expect(mail.parsed.subject).toBe('Your invoice, as promised');
      // Both parts as the reader's client decodes them (the raw message is quoted-printable, which may split a word).
      const html = String(mail.parsed.html);
      const text = String(mail.parsed.text);
      for (const part of [html, text]) {
        for (const banned of ['<script', 'onerror', 'onclick', 'onmouseover', 'javascript:', '<iframe', 'http-equiv', '<meta', '@import', 'url(', 'expression(',
          '<style', '<link', '<img', '<svg', '<form', '<object', '<embed', 'data:text', '127.0.0.1', 'alert(']) {
          expect(part.toLowerCase(), banned).not.toContain(banned.toLowerCase());
        }
        // No URL remains but the plain link's.
        expect([...part.matchAll(/(https?:)?\/\/[a-z0-9.:-]+/gi)].map((m) => m[0]).filter((u) => u !== 'https://portal.acme.example')).toEqual([]);
      }
      // What is only formatting survives.
      expect(html).toContain('<strong>Asha</strong>');
      expect(html).toContain('<a href="https://portal.acme.example/inv">invoice</a>');
      expect(html).toContain('<p style="color:#c00">Red</p>');
      expect(html).toContain('<td>Cell</td>');
      expect(flat(text)).toContain('Hello Asha, your invoice [https://portal.acme.example/inv] is ready.');
      expect(text).toContain('Red');
      expect(mail.parsed.attachments).toHaveLength(1);
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((resolve) => trap.close(() => resolve()));
    }
  });

  it('takes a subject of 500 characters and a body_html of 50,000', async () => {
    const invoice = await postedInvoice(api, await customer(api), 300);
    const subject = 'S'.repeat(500);
    const bodyHtml = `<p>${'x'.repeat(50_000 - 7)}</p>`;
    expect(bodyHtml.length).toBe(50_000);
    const res = await email('invoices', invoice.invoice_id, { to: ['long@example.com'], subject, body_html: bodyHtml, attach_pdf: false });
    expect(res.status).toBe(200);
    const mail = receivedWith(res.body.delivery.message_id);
    expect(mail.parsed.subject).toBe(subject);
    expect(String(mail.parsed.html)).toContain('x'.repeat(49_993));
  });
});

describe('body rules: 422 validation.failed naming the field, nothing sent', () => {
  let invoiceId: string;
  beforeAll(async () => {
    invoiceId = (await postedInvoice(api, await customer(api), 400)).invoice_id;
  });

  it.each([
    ['no to', {}, 'to'],
    ['an empty to[]', { to: [] }, 'to'],
    ['to that is not an array', { to: 'a@example.com' }, 'to'],
    ['an invalid address in to', { to: ['not an address'] }, 'to[0]'],
    ['an invalid address in cc', { to: ['a@example.com'], cc: ['a@example.com', 'bad@'] }, 'cc[1]'],
    ['an invalid address in bcc', { to: ['a@example.com'], bcc: ['<a@example.com>'] }, 'bcc[0]'],
    ['more than 50 recipients in to', { to: Array.from({ length: 51 }, (_, i) => `r${i}@example.com`) }, 'to'],
    ['a subject of 501 characters', { to: ['a@example.com'], subject: 'S'.repeat(501) }, 'subject'],
    ['a subject with a line break', { to: ['a@example.com'], subject: 'Hi\r\nBcc: victim@example.com' }, 'subject'],
    ['an empty subject', { to: ['a@example.com'], subject: '' }, 'subject'],
    ['a body_html of 50,001 characters', { to: ['a@example.com'], body_html: 'x'.repeat(50_001) }, 'body_html'],
    ['attach_pdf that is not a boolean', { to: ['a@example.com'], attach_pdf: 'yes' }, 'attach_pdf'],
    ['an unknown field', { to: ['a@example.com'], reply_to: 'x@example.com' }, 'reply_to'],
  ])('%s', async (_name, body, field) => {
    const before = sink.received.length;
    const res = await email('invoices', invoiceId, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ code: 'validation.failed', field, request_id: expect.any(String) });
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(sink.received.length).toBe(before);
    expect(await emailsSent('invoices', invoiceId)).toEqual([]);
  });
});

describe('the provider refuses', () => {
  it('one refused recipient: 502 email.send_failed naming it, no EMAIL_SENT; the 502 is not stored, so the same key runs again', async () => {
    const invoice = await postedInvoice(api, await customer(api), 900);
    const key = newKey();
    const res = await email('invoices', invoice.invoice_id, { to: ['ok@example.com', BLOCKED] }, api, key);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'email.send_failed', details: { rejected: [BLOCKED], provider_response: expect.stringContaining('550') } });
    expect(await emailsSent('invoices', invoice.invoice_id)).toEqual([]);
    expect((await api.get(`/invoices/${invoice.invoice_id}`)).body.invoice.status).toBe('SENT');

    const retry = await email('invoices', invoice.invoice_id, { to: ['ok@example.com'] }, api, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await emailsSent('invoices', invoice.invoice_id)).toHaveLength(1);
    await expectBooksBalanced(api);
  });

  it('every recipient refused: 502, nothing delivered, nothing recorded', async () => {
    const invoice = await postedInvoice(api, await customer(api), 950);
    const before = sink.received.length;
    const res = await email('invoices', invoice.invoice_id, { to: [BLOCKED] });
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'email.send_failed', details: { rejected: [BLOCKED] } });
    expect(sink.received.length).toBe(before);
    expect(await emailsSent('invoices', invoice.invoice_id)).toEqual([]);
  });
});

describe('idempotency, scopes and organisations', () => {
  it('a keyed retry replays the delivery without a second message', async () => {
    const invoice = await postedInvoice(api, await customer(api), 1200);
    const key = newKey();
    const first = await email('invoices', invoice.invoice_id, { to: ['once@example.com'] }, api, key);
    const second = await email('invoices', invoice.invoice_id, { to: ['once@example.com'] }, api, key);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(sink.received.filter((m) => m.parsed.messageId === first.body.delivery.message_id)).toHaveLength(1);
    expect(await emailsSent('invoices', invoice.invoice_id)).toHaveLength(1);
  });

  it('a twin with the same key while the first is still being sent gets 409 idempotency.in_progress, and only one message goes', async () => {
    const invoice = await postedInvoice(api, await customer(api), 1300);
    const key = newKey();
    const before = sink.received.length;
    const hold = sink.hold();
    const first = email('invoices', invoice.invoice_id, { to: ['twin@example.com'] }, api, key);
    await hold.reached;
    const twin = await email('invoices', invoice.invoice_id, { to: ['twin@example.com'] }, api, key);
    expect(twin.status).toBe(409);
    expect(twin.body.code).toBe('idempotency.in_progress');
    hold.release();
    expect((await first).status).toBe(200);
    expect(sink.received.length).toBe(before + 1);
    expect(await emailsSent('invoices', invoice.invoice_id)).toHaveLength(1);
    const replay = await email('invoices', invoice.invoice_id, { to: ['twin@example.com'] }, api, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual((await first).body);
  });

  it("needs the document's UPDATE scope; without it 403 auth.insufficient_scope", async () => {
    const invoice = await postedInvoice(api, await customer(api), 100);
    const created = await api.post('/estimates', { customer_id: await customer(api), date: '2026-06-15', line_items: [{ name: 'Yarn', rate: 10, quantity: 1 }] });
    const estimateId = created.body.estimate.estimate_id;
    const reader = api.withToken((await t.given.token([orgId], { scopes: ['Svc.invoices.READ', 'Svc.estimates.READ', 'Svc.activity.READ'] })).token);
    const writer = api.withToken((await t.given.token([orgId], { scopes: ['Svc.invoices.UPDATE'] })).token);
    for (const [collection, id, client] of [['invoices', invoice.invoice_id, reader], ['estimates', estimateId, reader], ['estimates', estimateId, writer]] as const) {
      const res = await email(collection, id, { to: ['x@example.com'] }, client);
      expect(res.status, `${collection} ${JSON.stringify(res.body)}`).toBe(403);
      expect(res.body.code).toBe('auth.insufficient_scope');
    }
    expect((await email('invoices', invoice.invoice_id, { to: ['x@example.com'], attach_pdf: false }, writer)).status).toBe(200);
  });

  it("another organisation's document, or none, is 404 not_found.resource and nothing is sent", async () => {
    const other = await t.given.org();
    const theirs = await postedInvoice(other.api, await customer(other.api), 100);
    const before = sink.received.length;
    for (const [collection, id] of [['invoices', theirs.invoice_id], ['invoices', 'inv_00000000000000000000000000'], ['estimates', 'est_x'], ['credit_notes', 'cn_x']]) {
      const res = await email(collection!, id!, { to: ['x@example.com'] });
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('not_found.resource');
    }
    expect(sink.received.length).toBe(before);
    await expectBooksBalanced(other.api);
  });
});

describe("the organisation's sender", () => {
  it('is the verified address the operator sets (admin API or `bahi org sender`); the default is not deliverable', async () => {
    const created = await t.admin.post('/orgs', { name: 'Late Verifier' });
    const id: string = created.body.org.org_id;
    const client = api.withToken((await t.given.token([id])).token);
    const invoice = await postedInvoice(client, await customer(client), 100);
    const post = () => email('invoices', invoice.invoice_id, { to: ['x@example.com'], attach_pdf: false }, client);
    const send = async () => {
      const res = await post();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.delivery;
    };

    // no-reply@<org id>.invalid: the mail server refuses it as a sender, so nothing goes out before the operator sets one.
    const unset = await post();
    expect(unset.status).toBe(502);
    expect(unset.body).toMatchObject({ code: 'email.send_failed', details: { provider_response: expect.stringContaining('sender') } });
    expect(await emailsSent('invoices', invoice.invoice_id, client)).toEqual([]);

    const set = await t.admin.put(`/orgs/${id}/sender`, { email_from: 'accounts@verified.example' });
    expect(set.status).toBe(200);
    expect(set.body.sender).toEqual({ org_id: id, email_from: 'accounts@verified.example' });
    const second = await send();
    expect(second.from).toBe('accounts@verified.example');
    expect(second.message_id).toMatch(/@verified\.example>$/);
    expect(addresses(receivedWith(second.message_id).parsed.from)).toEqual(['accounts@verified.example']);

    const { stdout } = await promisify(execFile)('node', ['bin/bahi.js', 'org', 'sender', '--org', id, '--email-from', 'billing@verified.example'], {
      env: { ...process.env, BAHI_URL: t.baseUrl, BAHI_ADMIN_TOKEN: ADMIN_TOKEN },
    });
    expect(JSON.parse(stdout).sender.email_from).toBe('billing@verified.example');
    expect((await send()).from).toBe('billing@verified.example');
  });

  it('refuses a malformed address (400) and an unknown organisation (404); a public token cannot set it', async () => {
    const bad = await t.admin.put(`/orgs/${orgId}/sender`, { email_from: 'not an address' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'validation.invalid_value', field: 'email_from' });
    const missing = await t.admin.put('/orgs/org_missing/sender', { email_from: 'a@example.com' });
    expect(missing.status).toBe(404);
    const publicToken = await t.admin.withToken(api.token).put(`/orgs/${orgId}/sender`, { email_from: 'a@example.com' });
    expect(publicToken.status).toBe(401);
    const invoice = await postedInvoice(api, await customer(api), 100);
    expect((await email('invoices', invoice.invoice_id, { to: ['x@example.com'], attach_pdf: false })).body.delivery.from).toBe(SENDER);
  });
});

describe('without BAHI_SMTP_URL: .eml files under <data dir>/mail', () => {
  it('writes the message as a mail server would receive it and answers 200', async () => {
    const local = await startTestApp();
    try {
      local.clock.set(new Date('2026-06-15T06:00:00Z'));
      const org = await orgWithSender(local, 'Local Books', 'books@local.example');
      const invoice = await postedInvoice(org.api, await customer(org.api, { contact_name: 'Verma' }), 1500);
      const res = await org.api.post(`/invoices/${invoice.invoice_id}/email`, { to: ['verma@example.com'], bcc: ['hidden@local.example'] });
      expect(res.status).toBe(200);
      const dir = path.join(local.db.dataDir, 'mail');
      const files = fs.readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toBe(`${res.body.delivery.message_id.slice(1, -1)}.eml`);
      expect(files[0]).toMatch(/^msg_[0-9A-Z]+@local\.example\.eml$/);
      const raw = fs.readFileSync(path.join(dir, files[0]!));
      const parsed = await simpleParser(raw);
      expect(parsed.messageId).toBe(res.body.delivery.message_id);
      expect(parsed.subject).toBe(`Invoice ${invoice.invoice_number} from Local Books`);
      expect(parsed.text).toContain('Dear Verma,');
      expect(parsed.attachments.map((a) => a.filename)).toEqual([`${invoice.invoice_number}.pdf`]);
      expect(parsed.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(raw.toString('latin1')).not.toContain('hidden@local.example');
      expect(res.body.delivery.bcc_count).toBe(1);
      await expectBooksBalanced(org.api);
    } finally {
      await local.close();
    }
  });
});

describe('the 10 MB raw-message limit (the use case over the real database, with a large PDF)', () => {
  const recording = () => {
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { send: async (m) => { sent.push(m); }, close: () => {} };
    return { sent, mailer };
  };

  it('refuses a message over the limit with 413 before anything is sent or recorded, and sends it without the PDF', async () => {
    const invoice = await postedInvoice(api, await customer(api), 100);
    // Base64 grows the attachment by a third: 7.7 MB of PDF makes a message over 10 MB.
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(7_700_000, 0x41)]);
    const { sent, mailer } = recording();
    const service = emailService({
      ...t.app.deps,
      documents: documentLoaders({
        invoices: { getInvoice: async (_ctx, id) => (await api.get(`/invoices/${id}`)).body },
        estimates: { getEstimate: async () => { throw new Error('not used'); } },
        creditNotes: { get: async () => { throw new Error('not used'); } },
      }),
      pdfs: { renderDocumentPdf: async () => ({ filename: `${invoice.invoice_number}.pdf`, bytes: big }) },
      mailer,
    });
    const ctx = systemContext(orgId, 'req_size_limit');
    const refusal = await service.sendDocumentEmail(ctx, 'invoice', invoice.invoice_id, { to: ['big@example.com'] }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ code: 'validation.invalid_value', status: 413, field: 'attach_pdf', details: { max_bytes: MAX_MESSAGE_BYTES } });
    expect((refusal as DomainError).details!.message_bytes).toBeGreaterThan(MAX_MESSAGE_BYTES);
    expect(sent).toEqual([]);
    expect(await emailsSent('invoices', invoice.invoice_id)).toEqual([]);

    const without = await service.sendDocumentEmail(ctx, 'invoice', invoice.invoice_id, { to: ['big@example.com'], attach_pdf: false });
    expect(without.delivery.attached_pdf).toBe(false);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.raw.length).toBeLessThan(MAX_MESSAGE_BYTES);
    expect(await emailsSent('invoices', invoice.invoice_id)).toHaveLength(1);
  });
});

describe('SMTP credentials', () => {
  it('are used to log in and never reach the log, on success or on a refusal', async () => {
    const password = 'pa55-w0rd-never-logged';
    const secured = await startSmtpSink({ auth: { user: 'mailer', pass: password }, reject: [BLOCKED] });
    const db = await createTestDatabase();
    const lines: string[] = [];
    const logStream = new Writable({ write(chunk, _enc, done) { lines.push(String(chunk)); done(); } });
    const app = await composeApp(loadConfig({
      BAHI_DATA_DIR: db.dataDir, ...(db.databaseUrl && { DATABASE_URL: db.databaseUrl }), ...sealingKeyEnv(db.databaseUrl), BAHI_ADMIN_TOKEN: ADMIN_TOKEN, BAHI_SMTP_URL: secured.url,
    }), { logger: { level: 'trace', stream: logStream } });
    try {
      await app.server.listen({ host: '127.0.0.1', port: 0 });
      const base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
      const { HttpClient } = await import('../support/http-client');
      const admin = new HttpClient(`${base}/api/admin/v1`, ADMIN_TOKEN);
      const org = (await admin.post('/orgs', { name: 'Logged Org', email_from: 'it@logged.example' })).body.org;
      const token = (await admin.post('/tokens', { org_ids: [org.org_id], scopes: ['Svc.fullaccess.all'] })).body.token.access_token;
      const client = new HttpClient(`${base}/api/public/v1`, token);
      const invoice = await postedInvoice(client, await customer(client), 100);
      expect((await client.post(`/invoices/${invoice.invoice_id}/email`, { to: ['a@example.com'] })).status).toBe(200);
      expect((await client.post(`/invoices/${invoice.invoice_id}/email`, { to: [BLOCKED] })).status).toBe(502);
      expect(secured.logins).toEqual(['mailer', 'mailer']);
      expect(secured.received).toHaveLength(1);
      const log = lines.join('');
      expect(log).toContain('email.send_failed');
      expect(log).not.toContain(password);
      expect(log).not.toContain(secured.url);
    } finally {
      await app.close();
      await db.drop();
      await secured.close();
    }
  });
});
