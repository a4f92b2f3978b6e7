import { describe, expect, it } from 'vitest';
import { flatRows } from './flat-rows';

describe("a return's nested records as rows", () => {
  it('repeats a recipient and its invoice on each item', () => {
    const b2b = { ctin: '29AAACR5055K1Z3', inv: [
      { inum: 'INV-1', val: 1180, itms: [{ num: 1, itm_det: { rt: 18, txval: 1000 } }, { num: 2, itm_det: { rt: 5, txval: 100 } }] },
      { inum: 'INV-2', val: 50, itms: [{ num: 1, itm_det: { rt: 0, txval: 50 } }] },
    ] };
    expect(flatRows(b2b)).toEqual([
      { ctin: '29AAACR5055K1Z3', inum: 'INV-1', val: 1180, num: 1, rt: 18, txval: 1000 },
      { ctin: '29AAACR5055K1Z3', inum: 'INV-1', val: 1180, num: 2, rt: 5, txval: 100 },
      { ctin: '29AAACR5055K1Z3', inum: 'INV-2', val: 50, num: 1, rt: 0, txval: 50 },
    ]);
  });
  it('keeps a flat record as one row, and a record with an empty list as none', () => {
    expect(flatRows({ sply_ty: 'INTRA', txval: 10 })).toEqual([{ sply_ty: 'INTRA', txval: 10 }]);
    expect(flatRows({ ctin: 'X', inv: [] })).toEqual([]);
  });
});
