import { describe, expect, it } from 'vitest';
import { ewayBillRequired } from './ewaybill.rules';

describe('e-way bill rules', () => {
  it('needs an e-way bill above ₹50,000, not at it', () => {
    expect(ewayBillRequired(5_000_000)).toBe(false);
    expect(ewayBillRequired(5_000_001)).toBe(true);
  });
});
