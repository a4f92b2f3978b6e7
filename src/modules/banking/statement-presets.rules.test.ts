import { describe, expect, it } from 'vitest';
import { headerKey, missingRoles, placeColumns, PRESETS, withMapping } from './statement-presets.rules';

describe('presets', () => {
  it('compares headers without case, spaces and punctuation', () => {
    expect(headerKey('Chq./Ref.No.')).toBe(headerKey('Chq / Ref No'));
    expect(headerKey('Withdrawal Amount (INR )')).toBe(headerKey('Withdrawal Amount(INR)'));
  });

  it('places each preset\'s own header row whole', () => {
    const rows = {
      HDFC: ['Date', 'Narration', 'Chq./Ref.No.', 'Value Dt', 'Withdrawal Amt.', 'Deposit Amt.', 'Closing Balance'],
      ICICI: ['S No.', 'Value Date', 'Transaction Date', 'Cheque Number', 'Transaction Remarks', 'Withdrawal Amount (INR )', 'Deposit Amount (INR )', 'Balance (INR )'],
      SBI: ['Txn Date', 'Value Date', 'Description', 'Ref No./Cheque No.', 'Debit', 'Credit', 'Balance'],
      AXIS: ['Tran Date', 'Chq No', 'Particulars', 'Debit', 'Credit', 'Balance', 'Init. Br'],
      KOTAK: ['Sl. No.', 'Transaction Date', 'Value Date', 'Description', 'Chq / Ref No.', 'Amount', 'Dr / Cr', 'Balance', 'Dr / Cr'],
    } as const;
    for (const [name, row] of Object.entries(rows)) {
      const places = placeColumns(row, PRESETS[name as keyof typeof rows]);
      expect(missingRoles(places), name).toEqual([]);
    }
    expect(placeColumns(rows.ICICI, PRESETS.ICICI)).toMatchObject({ date: 2, value_date: 1 });
    expect(placeColumns(rows.KOTAK, PRESETS.KOTAK)).toMatchObject({ amount: 5, dr_cr: 6, balance: 7 });
  });

  it('lets a mapping replace a preset\'s column, and one amount column stand for two', () => {
    const headers = withMapping(PRESETS.SBI, { amount: 'Amt', date: 'Posted' });
    const places = placeColumns(['Posted', 'Description', 'Amt', 'Debit', 'Credit'], headers);
    expect(places).toEqual({ date: 0, narration: 1, amount: 2 });
    expect(missingRoles({ date: 0 })).toEqual(['narration', 'withdrawal and deposit, or amount']);
  });
});
