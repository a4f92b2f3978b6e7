import { describe, expect, it } from 'vitest';
import { assertCondition, assertTarget, byPriority, firstFit, ruleTest, targetOf, type RuleRow } from './rule.rules';

const rule = (fields: Partial<RuleRow>): RuleRow => ({
  org_id: 'org', bank_rule_id: 'brl_1', name: 'r', account_id: null, priority: 100, narration_contains: null, narration_matches: null, direction: null,
  amount_min: null, amount_max: null, action: 'SUGGEST', target_type: 'EXPENSE', contact_id: null, target_account_id: 'acc_x', tax_id: null, mode: null,
  version: 1, created_time: '', last_modified_time: '', ...fields,
});
const line = (narration: string, amount = 500_00, direction = 'OUT', account_id = 'acc_bank') => ({ narration, amount, direction, account_id });

describe('which rule a line fits', () => {
  it('reads the narration ignoring case, by text or pattern', () => {
    expect(ruleTest(rule({ narration_contains: 'razorpay' })).fits(line('NEFT CR-RAZORPAY SOFTWARE'))).toBe(true);
    expect(ruleTest(rule({ narration_matches: '^upi/\\d+/swiggy' })).fits(line('UPI/4188/SWIGGY/food'))).toBe(true);
    expect(ruleTest(rule({ narration_matches: '^upi/\\d+/swiggy' })).fits(line('REF UPI/4188/SWIGGY'))).toBe(false);
  });

  it('keeps to its account, direction and amount range, both ends included', () => {
    const ranged = ruleTest(rule({ narration_contains: 'RENT', direction: 'OUT', amount_min: 10_000_00, amount_max: 20_000_00, account_id: 'acc_bank' }));
    expect(ranged.fits(line('RENT', 10_000_00))).toBe(true);
    expect(ranged.fits(line('RENT', 20_000_00))).toBe(true);
    expect(ranged.fits(line('RENT', 9_999_99))).toBe(false);
    expect(ranged.fits(line('RENT', 15_000_00, 'IN'))).toBe(false);
    expect(ranged.fits(line('RENT', 15_000_00, 'OUT', 'acc_other'))).toBe(false);
  });

  it('takes the first by priority, the older among equals', () => {
    const rules = [rule({ bank_rule_id: 'brl_3', priority: 5, narration_contains: 'x' }), rule({ bank_rule_id: 'brl_2', priority: 1, narration_contains: 'UPI' }), rule({ bank_rule_id: 'brl_1', priority: 1, narration_contains: 'UPI' })]
      .sort(byPriority).map(ruleTest);
    expect(firstFit(rules, line('UPI/1'))?.bank_rule_id).toBe('brl_1');
    expect(firstFit(rules, line('NEFT'))).toBeUndefined();
  });
});

describe('what a rule may say', () => {
  it('reads the narration one way, and a range that is one', () => {
    expect(() => assertCondition({})).toThrow(expect.objectContaining({ field: 'condition.contains' }));
    expect(() => assertCondition({ contains: 'a', matches: 'b' })).toThrow(expect.objectContaining({ field: 'condition.matches' }));
    expect(() => assertCondition({ matches: '(a+)+' })).toThrow(expect.objectContaining({ field: 'condition.matches' }));
    expect(() => assertCondition({ contains: 'a', amount_min: 2, amount_max: 1 })).toThrow(expect.objectContaining({ field: 'condition.amount_max' }));
    expect(() => assertCondition({ contains: 'a', amount_min: 1, amount_max: 1 })).not.toThrow();
  });

  it('names what its kind needs and only what it reads', () => {
    expect(() => assertTarget({ type: 'PAYMENT' })).toThrow(expect.objectContaining({ field: 'target.contact_id' }));
    expect(() => assertTarget({ type: 'TRANSFER' })).toThrow(expect.objectContaining({ field: 'target.account_id' }));
    expect(() => assertTarget({ type: 'TRANSFER', account_id: 'acc', mode: 'UPI' })).toThrow(expect.objectContaining({ field: 'target.mode' }));
    expect(targetOf(rule({ target_type: 'PAYMENT', contact_id: 'con', target_account_id: null, mode: 'UPI' }))).toEqual({ type: 'PAYMENT', contact_id: 'con', mode: 'UPI' });
  });
});
