import { describe, expect, it } from 'vitest';
import { reconcile } from './gstr1-summary.rules';

describe('reconcile', () => {
  it('lists only the sources whose return and books tax differ, on either side only', () => {
    const result = reconcile(
      [{ source: 'INVOICE', sourceId: 'inv_1', number: 'INV-1', tax: 180_00 }, { source: 'CREDIT_NOTE', sourceId: 'cn_1', number: 'CN-1', tax: -18_00 }],
      [{ source: 'INVOICE', sourceId: 'inv_1', number: 'INV-1', tax: 180_00 }, { source: 'CREDIT_NOTE', sourceId: 'cn_1', number: 'CN-1', tax: -17_99 }, { source: 'MANUAL', sourceId: 'jnl_1', number: null, tax: 5_00 }],
    );
    expect(result).toEqual({
      return_tax: 162, books_tax: 167.01, difference: -5.01,
      differences: [
        { source: 'CREDIT_NOTE', source_id: 'cn_1', number: 'CN-1', return_tax: -18, books_tax: -17.99, difference: -0.01 },
        { source: 'MANUAL', source_id: 'jnl_1', number: null, return_tax: 0, books_tax: 5, difference: -5 },
      ],
    });
  });
});
