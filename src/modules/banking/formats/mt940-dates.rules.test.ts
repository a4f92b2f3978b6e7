import { describe, expect, it } from 'vitest';
import { entryDateOf, valueDateOf } from './mt940-dates.rules';

describe('MT940 dates', () => {
  it('reads two-digit years as 20YY', () => {
    expect(valueDateOf('260430')).toBe('2026-04-30');
  });

  it('gives the entry date the year nearest its value date, across the turn of the year either way', () => {
    expect(entryDateOf('2026-04-30', '0430')).toBe('2026-04-30');
    expect(entryDateOf('2026-04-30', '0502')).toBe('2026-05-02');
    expect(entryDateOf('2026-01-01', '1231')).toBe('2025-12-31');
    expect(entryDateOf('2025-12-31', '0102')).toBe('2026-01-02');
    expect(entryDateOf('2028-03-01', '0229')).toBe('2028-02-29');
    // 2025, 2026 and 2027 have no 29 February: returned as written, for the parser to refuse.
    expect(entryDateOf('2026-03-01', '0229')).toBe('2026-02-29');
    expect(entryDateOf('2026-03-01', '1340')).toBe('2026-13-40');
  });
});
