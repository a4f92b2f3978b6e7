import { describe, expect, it } from 'vitest';
import { ackInstantOf, cancellationPayload, irnOf, withinCancelWindow } from './irn.rules';

describe('IRN rules', () => {
  it('reads an acknowledgement without a zone as India time', () => {
    expect(ackInstantOf('2026-11-20T12:30:00').toISOString()).toBe('2026-11-20T07:00:00.000Z');
    expect(ackInstantOf('2026-11-20T12:30:00Z').toISOString()).toBe('2026-11-20T12:30:00.000Z');
  });

  it('allows cancelling up to exactly 24 hours after the acknowledgement', () => {
    const ack = new Date('2026-11-20T07:00:00Z');
    expect(withinCancelWindow(ack, new Date('2026-11-21T07:00:00Z'))).toBe(true);
    expect(withinCancelWindow(ack, new Date('2026-11-21T07:00:01Z'))).toBe(false);
  });

  it('builds the IRP cancellation body with the reason as a string code', () => {
    expect(cancellationPayload('ab'.repeat(32), 2, 'Wrong rate')).toEqual({ Irn: 'ab'.repeat(32), CnlRsn: '2', CnlRem: 'Wrong rate' });
  });
});

describe('irnOf', () => {
  it('hashes GSTIN, financial year, type and number, the number in capitals', () => {
    // echo -n '29AABCB1234F1Z42026-27INVINV-000001' | sha256sum
    expect(irnOf('29AABCB1234F1Z4', '2026-06-10', 'INV', 'inv-000001')).toBe('3a2b09cdb4d67c476bff71a8d2e9ee28c95289f1fa6d40b90af17c5909a80259');
  });
});
