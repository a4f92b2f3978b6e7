import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  autoRoundOff,
  decideRoundOff,
  recomputeOnDraftEdit,
  type RoundingMethod,
  type RoundOffPreferences,
} from './round-off.rules';

type Case = [pre: number, nearest: number, up: number, down: number];

// Hand-worked, paise. nearest = half-up on the rupee (.50 away from zero); up = ceiling; down = floor.
const CASES: Case[] = [
  // ₹100.50: nearest ₹101 (+50); up ₹101 (+50); down ₹100 (−50).
  [10050, 50, 50, -50],
  // ₹100.49: nearest ₹100 (−49); up ₹101 (+51); down ₹100 (−49).
  [10049, -49, 51, -49],
  // ₹100.51: nearest ₹101 (+49); up ₹101 (+49); down ₹100 (−51).
  [10051, 49, 49, -51],
  // ₹100.00: already whole, nothing to round in any mode.
  [10000, 0, 0, 0],
  // ₹100.01: nearest ₹100 (−1); up ₹101 (+99); down ₹100 (−1).
  [10001, -1, 99, -1],
  // ₹0.50: nearest ₹1 (+50); up ₹1 (+50); down ₹0 (−50).
  [50, 50, 50, -50],
  // ₹0.00.
  [0, 0, 0, 0],
  // −₹100.50: nearest −₹101 (−50, away from zero); up (ceiling) −₹100 (+50); down (floor) −₹101 (−50).
  [-10050, -50, 50, -50],
  // −₹100.49: nearest −₹100 (+49); up −₹100 (+49); down −₹101 (−51).
  [-10049, 49, 49, -51],
  // −₹100.51: nearest −₹101 (−49); up −₹100 (+51); down −₹101 (−49).
  [-10051, -49, 51, -49],
  // −₹0.50: nearest −₹1 (−50); up ₹0 (+50); down −₹1 (−50).
  [-50, -50, 50, -50],
];

describe('autoRoundOff: hand-worked', () => {
  it.each(CASES)('pre %i → nearest %i, up %i, down %i', (pre, nearest, up, down) => {
    expect(autoRoundOff(pre, 'nearest')).toBe(nearest);
    expect(autoRoundOff(pre, 'up')).toBe(up);
    expect(autoRoundOff(pre, 'down')).toBe(down);
  });
});

const arbPre = fc.integer({ min: -100_000_000_000, max: 100_000_000_000 });
const arbMethod = fc.constantFrom<RoundingMethod>('nearest', 'up', 'down');

describe('autoRoundOff: properties', () => {
  it('always lands on a whole rupee', () => {
    fc.assert(
      fc.property(arbPre, arbMethod, (pre, method) => {
        expect((pre + autoRoundOff(pre, method)) % 100 === 0).toBe(true);
      }),
    );
  });

  it('stays within each mode’s range', () => {
    fc.assert(
      fc.property(arbPre, (pre) => {
        const nearest = autoRoundOff(pre, 'nearest');
        const up = autoRoundOff(pre, 'up');
        const down = autoRoundOff(pre, 'down');
        expect(Math.abs(nearest)).toBeLessThanOrEqual(50);
        expect(up >= 0 && up < 100).toBe(true);
        expect(down <= 0 && down > -100).toBe(true);
        expect(nearest === up || nearest === down).toBe(true);
      }),
    );
  });

  it('is symmetric for negative amounts: nearest mirrors, up and down swap', () => {
    fc.assert(
      fc.property(arbPre, (pre) => {
        expect(autoRoundOff(-pre, 'nearest') + autoRoundOff(pre, 'nearest')).toBe(0);
        expect(autoRoundOff(-pre, 'up') + autoRoundOff(pre, 'down')).toBe(0);
      }),
    );
  });
});

const withLedger: RoundOffPreferences = { roundInvoiceTotals: true, method: 'nearest', roundOffLedgerExists: true };

describe('decideRoundOff', () => {
  it('auto-rounds when round_off is omitted and the preference is on', () => {
    // ₹513.61 → ₹514.00: +39.
    expect(decideRoundOff({ ...withLedger, pre: 51361, explicitRoundOffPaise: undefined })).toBe(39);
    expect(decideRoundOff({ ...withLedger, pre: 51361, explicitRoundOffPaise: null })).toBe(39);
    expect(decideRoundOff({ ...withLedger, method: 'down', pre: 51361, explicitRoundOffPaise: null })).toBe(-61);
  });

  it('carries the remainder of tax-inclusive amounts, then rounds the amounts entered', () => {
    // Entered ₹20.59, priced 2058 (taxable + tax): remainder +1. Off: round_off 1, total 2059.
    expect(decideRoundOff({ ...withLedger, roundInvoiceTotals: false, pre: 2058, remainder: 1, explicitRoundOffPaise: null })).toBe(1);
    // On (nearest): 2058 + 1 = 2059 → ₹21.00 (+41); round_off 1 + 41 = 42.
    expect(decideRoundOff({ ...withLedger, pre: 2058, remainder: 1, explicitRoundOffPaise: null })).toBe(42);
    // An explicit round_off still wins; without a ledger nothing is posted.
    expect(decideRoundOff({ ...withLedger, pre: 2058, remainder: 1, explicitRoundOffPaise: 0 })).toBe(0);
    expect(decideRoundOff({ ...withLedger, roundOffLedgerExists: false, pre: 2058, remainder: 1, explicitRoundOffPaise: null })).toBe(0);
  });

  it('uses an explicit round_off verbatim, 0 included', () => {
    expect(decideRoundOff({ ...withLedger, pre: 51361, explicitRoundOffPaise: 0 })).toBe(0);
    expect(decideRoundOff({ ...withLedger, pre: 51361, explicitRoundOffPaise: -1361 })).toBe(-1361);
    expect(decideRoundOff({ ...withLedger, roundInvoiceTotals: false, pre: 51361, explicitRoundOffPaise: 7 })).toBe(7);
  });

  it('does not round when the preference is off and nothing is sent (bills always)', () => {
    expect(decideRoundOff({ ...withLedger, roundInvoiceTotals: false, pre: 51361, explicitRoundOffPaise: undefined })).toBe(0);
  });

  it('skips the round-off without a Round Off ledger, explicit or not', () => {
    const noLedger = { ...withLedger, roundOffLedgerExists: false, pre: 51361 };
    expect(decideRoundOff({ ...noLedger, explicitRoundOffPaise: undefined })).toBe(0);
    expect(decideRoundOff({ ...noLedger, explicitRoundOffPaise: 39 })).toBe(0);
  });

  it('returns any explicit value unchanged when a ledger exists (property)', () => {
    fc.assert(
      fc.property(arbPre, fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.boolean(), arbMethod, (pre, explicit, auto, method) => {
        expect(
          decideRoundOff({ pre, explicitRoundOffPaise: explicit, roundInvoiceTotals: auto, method, roundOffLedgerExists: true }),
        ).toBe(explicit);
      }),
    );
  });
});

describe('recomputeOnDraftEdit', () => {
  it('recomputes a stored value under one rupee', () => {
    // Stored +39 for ₹513.61; the edit makes pre ₹513.20 → nearest ₹513.00: −20.
    expect(recomputeOnDraftEdit(39, 51320, withLedger)).toBe(-20);
    // −99 is still under a rupee in magnitude: ₹513.20 → −20.
    expect(recomputeOnDraftEdit(-99, 51320, withLedger)).toBe(-20);
    // A stored 0 is recomputed too: the spec's threshold is magnitude, not origin.
    expect(recomputeOnDraftEdit(0, 51320, withLedger)).toBe(-20);
  });

  it('keeps a manual value of one rupee or more', () => {
    expect(recomputeOnDraftEdit(100, 51320, withLedger)).toBe(100);
    expect(recomputeOnDraftEdit(-100, 51320, withLedger)).toBe(-100);
    expect(recomputeOnDraftEdit(-1320, 51320, withLedger)).toBe(-1320);
  });

  it('goes to 0 under a rupee when auto-round is off', () => {
    expect(recomputeOnDraftEdit(39, 51320, { ...withLedger, roundInvoiceTotals: false })).toBe(0);
  });

  it('lets an explicit round_off sent with the edit win', () => {
    expect(recomputeOnDraftEdit(500, 51320, withLedger, 0)).toBe(0);
    expect(recomputeOnDraftEdit(39, 51320, withLedger, 80)).toBe(80);
  });

  it('skips the round-off without a ledger', () => {
    expect(recomputeOnDraftEdit(500, 51320, { ...withLedger, roundOffLedgerExists: false })).toBe(0);
  });

  it('follows the threshold for any stored value (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 10_000 }), arbPre, arbMethod, fc.boolean(), (stored, pre, method, auto) => {
        const prefs = { roundInvoiceTotals: auto, method, roundOffLedgerExists: true };
        const expected = Math.abs(stored) >= 100 ? stored : auto ? autoRoundOff(pre, method) : 0;
        expect(recomputeOnDraftEdit(stored, pre, prefs)).toBe(expected);
      }),
    );
  });
});
