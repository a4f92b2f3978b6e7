import { describe, expect, it } from 'vitest';
import { lockDateOf, parseAssignments } from './commands';

describe('parseAssignments (bahi prefs set key=value …)', () => {
  it('reads booleans, numbers and null as JSON would, and anything else as text', () => {
    expect(parseAssignments(['roundInvoiceTotals=true', 'strictPaymentDedupe=false', 'paymentRoundOffTolerance=0.5', 'upiVpa=null', 'roundingMethod=up', 'upiVpa2=asha@okhdfc']))
      .toEqual({ roundInvoiceTotals: true, strictPaymentDedupe: false, paymentRoundOffTolerance: 0.5, upiVpa: null, roundingMethod: 'up', upiVpa2: 'asha@okhdfc' });
  });

  it('refuses a pair without a key', () => {
    expect(() => parseAssignments(['=x'])).toThrow('expected key=value, got =x');
  });
});

describe('lockDateOf (bahi org lock ORG_ID DATE | --unlock)', () => {
  it('takes the date after the organisation id, or null with --unlock', () => {
    expect(lockDateOf({}, ['org_1', '2026-10-31'])).toBe('2026-10-31');
    expect(lockDateOf({ unlock: true }, ['org_1'])).toBeNull();
  });

  it('refuses neither a date nor --unlock, both, and no organisation', () => {
    expect(() => lockDateOf({}, ['org_1'])).toThrow('give the last day to lock (YYYY-MM-DD), or --unlock');
    expect(() => lockDateOf({ unlock: true }, ['org_1', '2026-10-31'])).toThrow('give a lock date or --unlock, not both');
    expect(() => lockDateOf({}, [])).toThrow('the organisation id is required');
  });
});
