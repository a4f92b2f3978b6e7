import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { outboxProvider } from './outbox-provider';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-outbox-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const stopped = { now: () => new Date('2026-06-15T06:00:00.123Z') };
const label = { orgId: 'org_1', documentNumber: 'INV/26-27/001' };

describe('outboxProvider', () => {
  it('names a file by kind, document number (its marks as _) and time, and never overwrites one of the same moment', async () => {
    const outbox = outboxProvider(dir, stopped);
    const request = { Irn: 'a'.repeat(64), CnlRsn: '2', CnlRem: 'Wrong rate' };
    const first = await outbox.cancelIrn(request, label);
    const second = await outbox.cancelIrn({ ...request, CnlRem: 'again' }, label);
    expect([first, second]).toEqual([
      { kind: 'queued', fileName: 'irn-cancel-INV_26-27_001-20260615T060000123Z.json' },
      { kind: 'queued', fileName: 'irn-cancel-INV_26-27_001-20260615T060000123Z-2.json' },
    ]);
    const folder = path.join(dir, 'einvoice', 'outbox', 'org_1');
    expect(fs.readdirSync(folder).sort()).toEqual(['irn-cancel-INV_26-27_001-20260615T060000123Z-2.json', 'irn-cancel-INV_26-27_001-20260615T060000123Z.json']);
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'irn-cancel-INV_26-27_001-20260615T060000123Z.json'), 'utf8'))).toEqual(request);
  });
  it('keeps a hostile organisation id or number inside its folder', async () => {
    const answer = await outboxProvider(dir, stopped).cancelEWayBill({ ewbNo: '391000000001', cancelRsnCode: 1, cancelRmrk: 'x' }, { orgId: '../../etc', documentNumber: '../x' });
    expect(answer).toEqual({ kind: 'queued', fileName: 'ewb-cancel-___x-20260615T060000123Z.json' });
    expect(fs.existsSync(path.join(dir, 'ewaybill', 'outbox', '______etc', answer.kind === 'queued' ? answer.fileName : ''))).toBe(true);
  });
});
