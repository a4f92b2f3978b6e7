import { describe, expect, it } from 'vitest';
import { assertEntryIsLines, assertFieldsFit, assertGstLinePairs, assertLineOpen, netOnAccount, signedAmount, twoSidedLines } from './create-from-line.rules';

const open = { bank_transaction_id: 'btx_1', account_id: 'acc_bank', direction: 'OUT', status: 'UNMATCHED', reconciliation_id: null };

describe('a line an entry is made from', () => {
  it('is open: not reconciled (conflict.reconciled), matched or excluded (conflict.invalid_state)', () => {
    expect(() => assertLineOpen(open)).not.toThrow();
    expect(() => assertLineOpen({ ...open, reconciliation_id: 'brc_1' })).toThrow(expect.objectContaining({ code: 'conflict.reconciled' }));
    expect(() => assertLineOpen({ ...open, status: 'MATCHED' })).toThrow(expect.objectContaining({ code: 'conflict.invalid_state' }));
    expect(() => assertLineOpen({ ...open, status: 'EXCLUDED' })).toThrow(expect.objectContaining({ code: 'conflict.invalid_state' }));
  });

  it('pairs a charge with a GST line of the same account, both money out', () => {
    expect(() => assertGstLinePairs(open, { ...open, bank_transaction_id: 'btx_2' })).not.toThrow();
    expect(() => assertGstLinePairs(open, open)).toThrow(expect.objectContaining({ field: 'gst_line_id' }));
    expect(() => assertGstLinePairs(open, { ...open, bank_transaction_id: 'btx_2', direction: 'IN' })).toThrow(expect.objectContaining({ field: 'gst_line_id' }));
    expect(() => assertGstLinePairs(open, { ...open, bank_transaction_id: 'btx_2', account_id: 'acc_cash' })).toThrow(expect.objectContaining({ field: 'gst_line_id' }));
  });

  it('takes only the fields its kind reads', () => {
    expect(() => assertFieldsFit('PAYMENT', { type: 'PAYMENT', contact_id: 'c', allocations: [] })).not.toThrow();
    expect(() => assertFieldsFit('TRANSFER', { account_id: 'a', tax_id: 't' })).toThrow(expect.objectContaining({ field: 'tax_id' }));
  });
});

describe('the entry a line is', () => {
  it('moves the line\'s amount between its account and the other side', () => {
    expect(twoSidedLines('IN', 'bank', 'income', 412.5, 'Interest')).toEqual([
      { account_id: 'bank', debit: 412.5, description: 'Interest' }, { account_id: 'income', credit: 412.5, description: 'Interest' },
    ]);
    expect(twoSidedLines('OUT', 'bank', 'cash', 5000, 'Self')).toEqual([
      { account_id: 'bank', credit: 5000, description: 'Self' }, { account_id: 'cash', debit: 5000, description: 'Self' },
    ]);
  });

  it('posts to the account what the lines come to, in direction and amount', () => {
    // A charge of 200 and its GST of 36, both out: −236 on the account.
    const posted = netOnAccount([{ account_id: 'bank', debit: 0, credit: 236_00 }, { account_id: 'charges', debit: 200_00, credit: 0 }], 'bank');
    expect(posted).toBe(-236_00);
    expect(signedAmount({ direction: 'OUT', amount: 200_00 }) + signedAmount({ direction: 'OUT', amount: 36_00 })).toBe(-236_00);
    expect(() => assertEntryIsLines(posted, -236_00, 'gst_line_id')).not.toThrow();
    expect(() => assertEntryIsLines(-118_00, -120_00, 'gst_line_id')).toThrow(expect.objectContaining({ field: 'gst_line_id', details: { entry_amount: -118, lines_amount: -120 } }));
  });
});
