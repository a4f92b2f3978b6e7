import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3-compatible server for tests: s3rver on 127.0.0.1, behind a small front that
 * (1) verifies the SigV4 signature of presigned URLs, which s3rver itself does not check
 * (it checks only their expiry), so a tampered link is refused as S3 would refuse it; and
 * (2) can be told to refuse writes or deletes, to stand for an object store that fails.
 */
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Keys of the objects in the bucket. */
  keys(): string[];
  failWrites: boolean;
  failDeletes: boolean;
  close(): Promise<void>;
}

const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

/** RFC 3986 encoding, as SigV4 canonical queries use. */
const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The SigV4 signature a presigned GET must carry (query authentication, unsigned payload). */
export function presignedSignature(url: URL, secret: string): string {
  const query = [...url.searchParams].filter(([k]) => k !== 'X-Amz-Signature').map(([k, v]) => [encode(k), encode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  const signedHeaders = url.searchParams.get('X-Amz-SignedHeaders') ?? '';
  const headers = signedHeaders.split(';').map((h) => `${h}:${h === 'host' ? url.host : ''}\n`).join('');
  const canonical = ['GET', url.pathname, query.map(([k, v]) => `${k}=${v}`).join('&'), headers, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const [, date = '', region = '', service = ''] = (url.searchParams.get('X-Amz-Credential') ?? '').split('/');
  const toSign = ['AWS4-HMAC-SHA256', url.searchParams.get('X-Amz-Date'), `${date}/${region}/${service}/aws4_request`, createHash('sha256').update(canonical).digest('hex')].join('\n');
  let key: Buffer | string = `AWS4${secret}`;
  for (const part of [date, region, service, 'aws4_request']) key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(toSign).digest('hex');
}

const s3Error = (res: http.ServerResponse, status: number, code: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
};

export async function startLocalS3(bucket = 'bahi-test'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-s3-'));
  const backend = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port: backendPort } = await backend.run();

  const state = { failWrites: false, failDeletes: false };
  const front = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    if (url.searchParams.has('X-Amz-Signature') && url.searchParams.get('X-Amz-Signature') !== presignedSignature(url, SECRET_KEY)) {
      req.resume();
      return s3Error(res, 403, 'SignatureDoesNotMatch');
    }
    if ((state.failWrites && (req.method === 'PUT' || req.method === 'POST')) || (state.failDeletes && req.method === 'DELETE')) {
      req.resume();
      return s3Error(res, 503, 'ServiceUnavailable');
    }
    const forward = http.request({ host: '127.0.0.1', port: backendPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => s3Error(res, 502, 'BadGateway'));
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const address = front.address() as { port: number };

  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    accessKeyId: ACCESS_KEY,
    secretAccessKey: SECRET_KEY,
    keys() {
      const root = path.join(directory, bucket);
      if (!fs.existsSync(root)) return [];
      return fs.readdirSync(root, { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('._S3rver_object')).map((f) => f.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'));
    },
    get failWrites() { return state.failWrites; },
    set failWrites(value: boolean) { state.failWrites = value; },
    get failDeletes() { return state.failDeletes; },
    set failDeletes(value: boolean) { state.failDeletes = value; },
    async close() {
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await backend.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
