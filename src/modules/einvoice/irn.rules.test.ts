import { describe, expect, it } from 'vitest';
import { ackInstantOf, cancellationPayload, withinCancelWindow } from './irn.rules';

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
