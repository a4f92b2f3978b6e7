import { describe, expect, it } from 'vitest';
import { assertDeductions } from './payment.rules';

const sent = (...fields: string[]) => new Set(fields);

describe('a payment\'s deductions, on create and update alike', () => {
  it('INCOMING: charges and TDS must leave something received; the error names the field the request sent', () => {
    expect(() => assertDeductions({ flow: 'INCOMING', amount: 100_00, bankCharges: 50_00, tds: 49_99 }, sent('amount', 'bank_charges'))).not.toThrow();
    expect(() => assertDeductions({ flow: 'INCOMING', amount: 100_00, bankCharges: 50_00, tds: 50_00 }, sent('amount', 'bank_charges', 'tds_amount')))
      .toThrowError(expect.objectContaining({ code: 'validation.invalid_value', field: 'bank_charges' }));
    expect(() => assertDeductions({ flow: 'INCOMING', amount: 100_00, bankCharges: 0, tds: 100_00 }, sent('amount', 'tds_amount')))
      .toThrowError(expect.objectContaining({ field: 'tds_amount' }));
    // An update that lowers the amount below what was withheld: the amount is what changed.
    expect(() => assertDeductions({ flow: 'INCOMING', amount: 30_00, bankCharges: 10_00, tds: 20_00 }, sent('amount')))
      .toThrowError(expect.objectContaining({ field: 'amount' }));
  });

  it('OUTGOING: TDS must stay below the amount (charges are paid on top)', () => {
    expect(() => assertDeductions({ flow: 'OUTGOING', amount: 100_00, bankCharges: 500_00, tds: 99_99 }, sent('amount'))).not.toThrow();
    expect(() => assertDeductions({ flow: 'OUTGOING', amount: 100_00, bankCharges: 0, tds: 100_00 }, sent('amount', 'tds_amount')))
      .toThrowError(expect.objectContaining({ code: 'validation.invalid_value', field: 'tds_amount' }));
    expect(() => assertDeductions({ flow: 'OUTGOING', amount: 50_00, bankCharges: 0, tds: 100_00 }, sent('amount')))
      .toThrowError(expect.objectContaining({ field: 'amount' }));
    expect(() => assertDeductions({ flow: 'OUTGOING', amount: 50_00, bankCharges: 0, tds: 100_00 }, sent('flow')))
      .toThrowError(expect.objectContaining({ field: 'flow' }));
  });
});
