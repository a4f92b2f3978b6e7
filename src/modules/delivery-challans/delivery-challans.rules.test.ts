import { describe, expect, it } from 'vitest';
import { addDays } from '../../kernel/local-date';
import { addMonths, approvalDueDate, approvalOverdueBefore, challanMovementOf, isApprovalOverdue } from './delivery-challans.rules';

const onApproval = (challan_date: string) => ({ reason: 'ON_APPROVAL', status: 'ISSUED', invoice_id: null, challan_date });

describe('delivery challan rules', () => {
  it('adds months, ending on the last day of a shorter month', () => {
    expect(addMonths('2026-01-10', 6)).toBe('2026-07-10');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', -6)).toBe('2025-09-30');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
  });

  it('holds goods on approval due six months after removal, overdue the day after (s.31(7))', () => {
    expect(approvalDueDate('2026-01-10')).toBe('2026-07-10');
    expect(isApprovalOverdue(onApproval('2026-01-10'), '2026-07-10')).toBe(false);
    expect(isApprovalOverdue(onApproval('2026-01-10'), '2026-07-11')).toBe(true);
    expect(isApprovalOverdue({ ...onApproval('2026-01-10'), invoice_id: 'inv_1' }, '2026-09-01')).toBe(false);
    expect(isApprovalOverdue({ ...onApproval('2026-01-10'), status: 'CANCELLED' }, '2026-09-01')).toBe(false);
    expect(isApprovalOverdue({ ...onApproval('2026-01-10'), reason: 'JOB_WORK' }, '2026-09-01')).toBe(false);
  });

  it('gives the removal date before which a challan is overdue, agreeing with the rule on every day of two years', () => {
    for (let today = '2026-01-01'; today < '2028-01-01'; today = addDays(today, 1)) {
      const cutoff = approvalOverdueBefore(today);
      expect(isApprovalOverdue(onApproval(addDays(cutoff, -1)), today), today).toBe(true);
      expect(isApprovalOverdue(onApproval(cutoff), today), today).toBe(false);
    }
  });

  it("calls each reason by NIC's sub-supply type", () => {
    expect(challanMovementOf('JOB_WORK')).toEqual({ subSupplyType: '4', subSupplyDesc: null });
    expect(challanMovementOf('OWN_USE')).toEqual({ subSupplyType: '5', subSupplyDesc: null });
    expect(challanMovementOf('PURCHASE_RETURN')).toEqual({ subSupplyType: '8', subSupplyDesc: 'Purchase Return' });
  });
});
