import { describe, expect, it } from 'vitest';
import { creditOfBill, pansOf, standingReversals } from './rule37-bills.rules';

const ownPans = pansOf(['29AABCB1234F1Z4', null]);
const bill = { is_rcm: 0, supply_type: 'INTRA', place_of_supply: 'IN-KA', branch_state: 'IN-KA', exchange_rate_micro: 1_000_000, vendorGstin: '29AAACR5055K1Z3' };
const line = (cgst: number, blocked: string | null = null) => ({ igst: 0, cgst, sgst: cgst, cess: 0, itc_blocked_reason: blocked });

describe('the credit a bill gave, for Rule 37', () => {
  it('sums its lines but those s.17(5) blocks', () => {
    expect(creditOfBill(bill, [line(90_00), line(5_00, '17(5)(b)')], ownPans)).toEqual({ igst: 0, cgst: 90_00, sgst: 90_00, cess: 0 });
  });
  it('converts a foreign bill at its rate: USD 18.00 at ₹80 is ₹1,440', () => {
    expect(creditOfBill({ ...bill, supply_type: 'INTER', exchange_rate_micro: 80_000_000 }, [{ ...line(0), igst: 18_00 }], ownPans).igst).toBe(1440_00);
  });
  it('is none under reverse charge, taxed in another state, or from a registration of the same PAN (Schedule I)', () => {
    const none = { igst: 0, cgst: 0, sgst: 0, cess: 0 };
    expect(creditOfBill({ ...bill, is_rcm: 1 }, [line(90_00)], ownPans)).toEqual(none);
    expect(creditOfBill({ ...bill, place_of_supply: 'IN-GA' }, [line(90_00)], ownPans)).toEqual(none);
    expect(creditOfBill({ ...bill, vendorGstin: '27aabcb1234f1z8' }, [line(90_00)], ownPans)).toEqual(none);
  });
});

describe('a reversal that stands', () => {
  const row = (bill_id: string, kind: string, reversal_date: string) => ({ bill_id, kind, reversal_date, igst: 0, cgst: 90_00, sgst: 90_00, cess: 0 });
  it('is the last row of a bill when it is a REVERSAL', () => {
    const standing = standingReversals([row('b1', 'REVERSAL', '2026-07-10'), row('b2', 'REVERSAL', '2026-07-10'), row('b2', 'RECLAIM', '2026-08-10'), row('b3', 'REVERSAL', '2026-07-10'), row('b3', 'RECLAIM', '2026-08-10'), row('b3', 'REVERSAL', '2026-09-10')]);
    expect([...standing.keys()]).toEqual(['b1', 'b3']);
    expect(standing.get('b3')).toEqual({ reversed: { igst: 0, cgst: 90_00, sgst: 90_00, cess: 0 }, reversedOn: '2026-09-10' });
  });
});
