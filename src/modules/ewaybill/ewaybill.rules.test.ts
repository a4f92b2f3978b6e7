import { describe, expect, it } from 'vitest';
import { ewayBillRequired, subSupplyTypeOf } from './ewaybill.rules';
import { otherGoodsPlace, transactionTypeOf } from './movement.rules';

describe('e-way bill rules', () => {
  it('needs an e-way bill above ₹50,000, not at it', () => {
    expect(ewayBillRequired(5_000_000)).toBe(false);
    expect(ewayBillRequired(5_000_001)).toBe(true);
  });
  it('needs one for goods sent to a job worker in another State whatever their value (Rule 138(1), second proviso)', () => {
    expect(ewayBillRequired(100, true)).toBe(true);
    expect(ewayBillRequired(100, false)).toBe(false);
  });
  it('makes an export of an outward supply to place of supply 96 only, an import of a bill from an overseas vendor', () => {
    expect([subSupplyTypeOf('O', '96', 'REGISTERED'), subSupplyTypeOf('O', '29', 'OVERSEAS'), subSupplyTypeOf('I', '29', 'OVERSEAS'), subSupplyTypeOf('I', '29', 'REGISTERED')])
      .toEqual(['3', '1', '2', '1']);
  });
  it('numbers the transaction types as NIC does', () => {
    expect([transactionTypeOf(false, false), transactionTypeOf(true, false), transactionTypeOf(false, true), transactionTypeOf(true, true)]).toEqual([1, 2, 3, 4]);
  });
  it('takes a shipping address as another goods place only when it is given and not the billing address', () => {
    const pune = { address: 'Plot 7', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' };
    const empty = { address: null, city: null, state_code: null, zip: null, country: null };
    expect(otherGoodsPlace({ billing_address: pune, shipping_address: null })).toBeNull();
    expect(otherGoodsPlace({ billing_address: pune, shipping_address: empty })).toBeNull();
    expect(otherGoodsPlace({ billing_address: pune, shipping_address: { ...pune, city: ' pune ' } })).toBeNull();
    expect(otherGoodsPlace({ billing_address: null, shipping_address: pune })).toEqual({ address: 'Plot 7', city: 'Pune', zip: '411026', stcd: '27' });
  });
});
