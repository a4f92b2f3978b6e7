import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { assertWithinMessageLimit, composeMessage, MAX_MESSAGE_BYTES, type MessageParts } from './message.composer';

const parts: MessageParts = {
  messageId: '<msg_1@acme.example>', date: new Date('2026-06-15T06:00:00Z'),
  from: { name: 'Acme "Quotes" Ltd', address: 'billing@acme.example' }, to: ['a@example.com'], cc: ['c@example.com'],
  subject: 'Invoice INV-1 from Acme', html: '<p>Hi ₹</p>', text: 'Hi ₹', attachment: { filename: 'INV-1.pdf', bytes: Buffer.from('%PDF-1.7 body') },
};

describe('composeMessage', () => {
  it('builds the message mailparser reads back: headers, both parts and the attachment', async () => {
    const mail = await simpleParser(await composeMessage(parts));
    expect(mail.messageId).toBe('<msg_1@acme.example>');
    expect(mail.date?.toISOString()).toBe('2026-06-15T06:00:00.000Z');
    expect(mail.from?.value).toEqual([{ name: 'Acme "Quotes" Ltd', address: 'billing@acme.example' }]);
    expect(mail.subject).toBe('Invoice INV-1 from Acme');
    expect(mail.html).toBe('<p>Hi ₹</p>');
    expect(mail.text).toBe('Hi ₹');
    expect(mail.attachments.map((a) => [a.filename, a.contentType, a.content.toString()])).toEqual([['INV-1.pdf', 'application/pdf', '%PDF-1.7 body']]);
  });

  it('leaves out Cc when there is none, and the attachment when there is none', async () => {
    const mail = await simpleParser(await composeMessage({ ...parts, cc: [], attachment: null }));
    expect(mail.headers.has('cc')).toBe(false);
    expect(mail.attachments).toEqual([]);
  });
});

describe('assertWithinMessageLimit', () => {
  it('passes a message of exactly the limit', () => {
    expect(() => assertWithinMessageLimit(Buffer.alloc(MAX_MESSAGE_BYTES), true)).not.toThrow();
  });

  it('refuses one byte more with 413, naming the PDF when one is attached', () => {
    const error = (() => {
      try {
        assertWithinMessageLimit(Buffer.alloc(MAX_MESSAGE_BYTES + 1), true);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'validation.invalid_value', status: 413, field: 'attach_pdf', details: { max_bytes: 10_485_760, message_bytes: 10_485_761 } });
  });

  it('counts what base64 makes of the PDF: 7.7 MB of PDF is a message over 10 MB', async () => {
    const raw = await composeMessage({ ...parts, attachment: { filename: 'big.pdf', bytes: Buffer.alloc(7_700_000, 1) } });
    expect(raw.length).toBeGreaterThan(MAX_MESSAGE_BYTES);
    expect(() => assertWithinMessageLimit(raw, true)).toThrow(DomainError);
  });
});
