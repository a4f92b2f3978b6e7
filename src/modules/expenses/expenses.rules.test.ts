import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { planExpenseLines, type ExpenseInput } from './expenses.rules';

const input = (extra: Partial<ExpenseInput> = {}): ExpenseInput => ({
  accountId: 'acc_h', amountPaise: 1000, taxId: 'tax_h', itemized: false, lines: [], isInclusiveTax: false, isRcm: false, rcmRateCenti: null, ...extra,
});

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, field: error.field };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('planExpenseLines', () => {
  it('makes the header one line that inherits its account and tax', () => {
    expect(planExpenseLines(input())).toEqual([{
      accountId: 'acc_h', inheritsAccount: true, accountField: 'account_id', taxId: 'tax_h', inheritsTax: true, taxField: 'tax_id', amountPaise: 1000, note: null,
    }]);
  });

  it('lets each line override the account and tax (null: untaxed), and ignores the header amount', () => {
    const lines = planExpenseLines(input({
      itemized: true, amountPaise: null,
      lines: [
        { accountId: null, amountPaise: 1, note: null },
        { accountId: 'acc_1', amountPaise: 2, taxId: 'tax_1', note: 'x' },
        { accountId: null, amountPaise: 3, taxId: null, note: null },
      ],
    }));
    expect(lines.map((l) => [l.accountId, l.inheritsAccount, l.accountField, l.taxId, l.inheritsTax, l.taxField, l.amountPaise])).toEqual([
      ['acc_h', true, 'account_id', 'tax_h', true, 'tax_id', 1],
      ['acc_1', false, 'line_items[1].account_id', 'tax_1', false, 'line_items[1].tax_id', 2],
      ['acc_h', true, 'account_id', null, false, 'line_items[2].tax_id', 3],
    ]);
  });

  it.each([
    ['no amount without lines', input({ amountPaise: null }), 'validation.required_field', 'amount'],
    ['no account anywhere', input({ accountId: null }), 'validation.required_field', 'account_id'],
    ['a line without an account and no header one', input({ accountId: null, itemized: true, lines: [{ accountId: null, amountPaise: 1, note: null }] }), 'validation.required_field', 'line_items[0].account_id'],
    ['reverse charge without a rate', input({ taxId: null, isRcm: true }), 'validation.required_field', 'rcm_rate'],
    ['a rate without reverse charge', input({ rcmRateCenti: 500 }), 'validation.invalid_value', 'rcm_rate'],
    ['reverse charge with a header tax', input({ isRcm: true, rcmRateCenti: 500 }), 'validation.invalid_value', 'tax_id'],
    ['reverse charge with a line tax', input({ taxId: null, isRcm: true, rcmRateCenti: 500, itemized: true, lines: [{ accountId: null, amountPaise: 1, taxId: 't', note: null }] }), 'validation.invalid_value', 'line_items[0].tax_id'],
    ['reverse charge with an inclusive amount', input({ taxId: null, isRcm: true, rcmRateCenti: 500, isInclusiveTax: true }), 'validation.invalid_value', 'is_inclusive_tax'],
  ])('refuses %s', (_name, bad, code, field) => {
    expect(refusal(() => planExpenseLines(bad))).toEqual({ code, field });
  });
});
