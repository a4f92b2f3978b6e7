import { describe, expect, it } from 'vitest';
import { posRestricted } from './gstr3b.rules';

describe('credit restricted by place of supply', () => {
  it("restricts CGST and SGST of a state other than the branch's, and nothing else", () => {
    // A Maharashtra hotel's bill to a Karnataka branch.
    expect(posRestricted('INTRA', 'IN-MH', 'IN-KA')).toBe(true);
    // Bought at home, or across states with IGST, which the branch's GSTIN claims.
    expect(posRestricted('INTRA', 'IN-KA', 'IN-KA')).toBe(false);
    expect(posRestricted('INTER', 'IN-MH', 'IN-KA')).toBe(false);
    expect(posRestricted('INTER', 'IN-KA', 'IN-KA')).toBe(false);
  });
});
