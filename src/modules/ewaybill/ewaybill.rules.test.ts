import { describe, expect, it } from 'vitest';
import { portStateOf } from './customs-ports.rules';
import { combinationProblem, countsTowardThreshold, ewayBillRequired, subSupplyTypeOf } from './ewaybill.rules';
import { otherGoodsPlace, transactionTypeOf } from './movement.rules';

describe('e-way bill rules', () => {
  const movement = { value: 5_000_000, interState: true, intraStateThreshold: 10_000_000, jobWorkAcrossStates: false };
  it('needs an e-way bill above ₹50,000 across states, not at it', () => {
    expect(ewayBillRequired(movement)).toBe(false);
    expect(ewayBillRequired({ ...movement, value: 5_000_001 })).toBe(true);
  });
  it("holds a movement within a state to the state's threshold (₹1,00,000 here), not ₹50,000", () => {
    expect(ewayBillRequired({ ...movement, interState: false, value: 9_000_000 })).toBe(false);
    expect(ewayBillRequired({ ...movement, interState: false, value: 10_000_001 })).toBe(true);
  });
  it('needs one for goods sent to a job worker in another state whatever their value, not within the state', () => {
    expect(ewayBillRequired({ ...movement, value: 100, jobWorkAcrossStates: true })).toBe(true);
    expect(ewayBillRequired({ ...movement, value: 100, interState: false, jobWorkAcrossStates: true })).toBe(false);
  });
  it('counts taxed and zero-rated goods toward the value, not exempt or nil-rated ones', () => {
    expect([countsTowardThreshold(1800, false), countsTowardThreshold(0, true), countsTowardThreshold(0, false)]).toEqual([true, true, false]);
  });
  it("takes NIC's combinations of supply type, sub-supply type and document type, and names the allowed ones otherwise", () => {
    expect([combinationProblem('O', '1', 'INV'), combinationProblem('O', '4', 'CHL'), combinationProblem('I', '2', 'BOE'), combinationProblem('I', '7', 'CHL'), combinationProblem('O', '11', 'OTH')])
      .toEqual([null, null, null, null, null]);
    expect(combinationProblem('I', '2', 'INV')).toBe('an inward Import (2) moves on BOE, not INV');
    expect(combinationProblem('O', '4', 'INV')).toBe('an outward Job Work (4) moves on CHL, not INV');
    expect(combinationProblem('I', '3', 'INV')).toBe('the e-way bill system has no inward Export (3)');
  });
  it('places a customs port in its state, and knows no port it does not list', () => {
    expect(['INNSA1', 'inmaa1', 'INMUN1', 'INDEL4', 'INTKD6', 'INPTPB'].map(portStateOf)).toEqual(['27', '33', '24', '07', '07', '19']);
    expect(portStateOf('INXXX1')).toBeNull();
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
