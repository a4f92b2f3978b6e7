import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emlFileMailer, MailRejected, smtpMailer } from './mailers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-mail-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('smtpMailer', () => {
  it('refuses a URL that is not smtp:// or smtps:// without repeating it (it may hold a password)', () => {
    for (const url of ['http://user:secret@mail.example', 'secret', 'smtp:/x']) {
      expect(() => smtpMailer(url)).toThrow('BAHI_SMTP_URL must be an smtp:// or smtps:// URL');
      try {
        smtpMailer(url);
      } catch (error) {
        expect(String(error)).not.toContain('secret');
      }
    }
  });

  it('answers a server it cannot reach with MailRejected', async () => {
    const mailer = smtpMailer('smtp://127.0.0.1:1');
    const error = await mailer.send({ messageId: '<m@x>', from: 'a@x.example', recipients: ['b@x.example'], raw: Buffer.from('Subject: x\r\n\r\nx') }).catch((e: unknown) => e);
    mailer.close();
    expect(error).toBeInstanceOf(MailRejected);
    expect((error as MailRejected).message).toMatch(/^the mail server did not take the message \(E[A-Z]+\)$/);
  });
});

describe('emlFileMailer', () => {
  it('writes the raw message to <message id>.eml and leaves no temporary file', async () => {
    await emlFileMailer(dir).send({ messageId: '<msg_1@acme.example>', from: 'a@acme.example', recipients: ['b@x.example'], raw: Buffer.from('Subject: hi\r\n\r\nbody') });
    expect(fs.readdirSync(dir)).toEqual(['msg_1@acme.example.eml']);
    expect(fs.readFileSync(path.join(dir, 'msg_1@acme.example.eml'), 'utf8')).toBe('Subject: hi\r\n\r\nbody');
  });

  it('keeps a hostile id inside the directory', async () => {
    await emlFileMailer(dir).send({ messageId: '<../../etc/x@y>', from: 'a@x', recipients: [], raw: Buffer.from('x') });
    expect(fs.readdirSync(dir)).toContain('.._.._etc_x@y.eml');
  });

  it('answers a directory it cannot write with MailRejected', async () => {
    const file = path.join(dir, 'not-a-directory');
    fs.writeFileSync(file, '');
    const error = await emlFileMailer(file).send({ messageId: '<m@x>', from: 'a@x', recipients: [], raw: Buffer.from('x') }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailRejected);
  });
});
