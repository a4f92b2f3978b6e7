import { describe, expect, it } from 'vitest';
import { conditionText } from './rule-text';

const none = { contains: null, matches: null, direction: null, amount_min: null, amount_max: null };

describe("a bank rule's condition in words", () => {
  it('names each part the rule sets, amounts in rupees', () => {
    expect(conditionText({ ...none, contains: 'sms alert', direction: 'OUT', amount_max: 1000 }))
      .toBe('narration contains "sms alert", money out, up to ₹1,000.00');
    expect(conditionText({ ...none, matches: '^NEFT', amount_min: 100000, amount_max: 250000 }))
      .toBe('narration matches /^NEFT/, ₹1,00,000.00 to ₹2,50,000.00');
    expect(conditionText({ ...none, direction: 'IN', amount_min: 0 })).toBe('money in, at least ₹0.00');
  });
  it('says a rule without a condition reads every line', () => {
    expect(conditionText(none)).toBe('every line');
  });
});
