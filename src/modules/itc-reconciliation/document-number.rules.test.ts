import { describe, expect, it } from 'vitest';
import { documentNumberKey } from './document-number.rules';

const FY = '2025-26';

describe('a supplier document number normalised for matching', () => {
  it('ignores case and separators', () => {
    expect(documentNumberKey('inv-12', FY)).toBe('INV12');
    expect(documentNumberKey('INV / 12', FY)).toBe('INV12');
    expect(documentNumberKey('Inv.12', FY)).toBe('INV12');
  });
  it('ignores leading zeros in each run of digits', () => {
    expect(documentNumberKey('INV-0012', FY)).toBe('INV12');
    expect(documentNumberKey('A007B010', FY)).toBe('A7B10');
    expect(documentNumberKey('0000', FY)).toBe('0');
  });
  it("drops the document's own financial year written before or after the number", () => {
    for (const n of ['INV/0012/2025-26', 'INV-12/25-26', 'INV 12 (2025-2026)', 'INV-12-FY26', '2025-26/INV/12', 'FY25-26/INV12', 'INV/12/25/26']) {
      expect(documentNumberKey(n, FY), n).toBe('INV12');
    }
  });
  it('keeps another year, and a year inside the number', () => {
    expect(documentNumberKey('INV/12/2024-25', FY)).toBe('INV12202425');
    expect(documentNumberKey('INV-2025-26-12', FY)).toBe('INV20252612');
  });
  it('keeps a number that is only the year', () => {
    expect(documentNumberKey('2025-26', FY)).toBe('202526');
  });
});
