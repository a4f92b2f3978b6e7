import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { assertAccountKind } from './account-kinds.rules';

const refusal = (type: string, kind: 'income' | 'purchase') => {
  try {
    assertAccountKind(type, kind, 'line_items[0].account_id');
  } catch (error) {
    return error as DomainError;
  }
  return null;
};

describe('which accounts a line may post to', () => {
  it.each(['SALES', 'INCOME', 'OTHER_INCOME'])('a sale may be credited to %s', (type) => {
    expect(refusal(type, 'income')).toBeNull();
  });

  it.each(['EXPENSE', 'OTHER_EXPENSE', 'COST_OF_GOODS_SOLD', 'STOCK', 'FIXED_ASSET', 'OTHER_CURRENT_ASSET'])('a purchase may be charged to %s', (type) => {
    expect(refusal(type, 'purchase')).toBeNull();
  });

  it.each([
    ['BANK', 'income'], ['ACCOUNTS_RECEIVABLE', 'income'], ['GST_LIABILITY', 'income'], ['EXPENSE', 'income'],
    ['BANK', 'purchase'], ['ACCOUNTS_PAYABLE', 'purchase'], ['GST_ASSET', 'purchase'], ['SALES', 'purchase'],
    ['ACCUMULATED_DEPRECIATION', 'purchase'], ['EQUITY', 'purchase'],
    ['INVESTMENT', 'purchase'], ['LONG_TERM_LIABILITY', 'purchase'], ['OTHER_CURRENT_LIABILITY', 'purchase'], ['PROVISION', 'purchase'], ['SUSPENSE', 'purchase'],
    ['SUSPENSE', 'income'], ['OTHER_CURRENT_ASSET', 'income'],
  ] as const)('%s is refused for a line of kind %s, naming the field and the allowed types', (type, kind) => {
    const error = refusal(type, kind)!;
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('validation.invalid_value');
    expect(error.field).toBe('line_items[0].account_id');
    expect(error.message).toContain(type);
    expect((error.details as { allowed: string[] }).allowed).toContain(kind === 'income' ? 'SALES' : 'FIXED_ASSET');
  });
});
