import { describe, expect, it } from 'vitest';
import { ewayBillRequired, transModeOf, vehicleNumber } from './ewaybill.rules';

describe('e-way bill rules', () => {
  it('takes a transport mode by name or by NIC code', () => {
    expect(['road', 'rail', 'air', 'ship', '1', '4'].map((m) => transModeOf(m as 'road'))).toEqual(['1', '2', '3', '4', '1', '4']);
  });
  it('needs an e-way bill above ₹50,000, not at it', () => {
    expect(ewayBillRequired(5_000_000)).toBe(false);
    expect(ewayBillRequired(5_000_001)).toBe(true);
  });
  it('writes a vehicle number without spaces or hyphens, in capitals', () => expect(vehicleNumber('ka 01 ab-1234')).toBe('KA01AB1234'));
});
