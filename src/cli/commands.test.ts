import { describe, expect, it } from 'vitest';
import { parseAssignments } from './commands';

describe('parseAssignments (bahi prefs set key=value …)', () => {
  it('reads booleans, numbers and null as JSON would, and anything else as text', () => {
    expect(parseAssignments(['roundInvoiceTotals=true', 'strictPaymentDedupe=false', 'paymentRoundOffTolerance=0.5', 'upiVpa=null', 'roundingMethod=up', 'upiVpa2=asha@okhdfc']))
      .toEqual({ roundInvoiceTotals: true, strictPaymentDedupe: false, paymentRoundOffTolerance: 0.5, upiVpa: null, roundingMethod: 'up', upiVpa2: 'asha@okhdfc' });
  });

  it('refuses a pair without a key', () => {
    expect(() => parseAssignments(['=x'])).toThrow('expected key=value, got =x');
  });
});
