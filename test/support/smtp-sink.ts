import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it: the envelope, the raw bytes and mailparser's reading. */
export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  parsed: ParsedMail;
}

export interface SmtpSink {
  /** smtp://[user:pass@]127.0.0.1:<port>, for BAHI_SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Users that logged in, in order. */
  logins: string[];
  /** Holds the next message's DATA unanswered until released; `reached` resolves when it arrives. */
  hold(): { reached: Promise<void>; release(): void };
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Recipients refused at RCPT TO with 550. */
  reject?: readonly string[];
  /** Require this login (plain AUTH over the loopback connection). */
  auth?: { user: string; pass: string };
}

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps what it receives. A
 * message is parsed before DATA is acknowledged, so it is in `received` by the time the sender
 * hears back. No STARTTLS, so the client talks plain SMTP on loopback.
 */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const logins: string[] = [];
  const refused = new Set((options.reject ?? []).map((a) => a.toLowerCase()));
  let held: { arrived: () => void; released: Promise<void> } | null = null;
  const server = new SMTPServer({
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    size: 30 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      const expected = options.auth;
      if (expected && auth.username === expected.user && auth.password === expected.pass) {
        logins.push(expected.user);
        return callback(null, { user: expected.user });
      }
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        return callback(Object.assign(new Error(`No such user here: ${address.address}`), { responseCode: 550 }));
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks);
        const gate = held;
        held = null;
        if (gate) {
          gate.arrived();
          await gate.released;
        }
        simpleParser(raw).then((parsed) => {
          received.push({
            envelope: {
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
            },
            raw, parsed,
          });
          callback();
        }, (error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.auth ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@` : '';
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    logins,
    hold() {
      let arrived!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((r) => (arrived = r));
      held = { arrived, released: new Promise<void>((r) => (release = r)) };
      return { reached, release };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
