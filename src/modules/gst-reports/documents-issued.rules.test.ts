import { describe, expect, it } from 'vitest';
import { documentSeries, shapeOf } from './documents-issued.rules';

describe('shapeOf', () => {
  it('writes each run of digits #', () => {
    expect(shapeOf('INV/001/2026-27')).toBe('INV/#/#-#');
    expect(shapeOf('MANUAL')).toBe('MANUAL');
  });
});

describe('documentSeries', () => {
  it('groups by issuing series, first and last by running number, issued, cancelled and net', () => {
    const doc = (number: string, seriesId: string | null, cancelled = false) => ({ number, seriesId, cancelled });
    expect(documentSeries([
      doc('INV/10/2026-27', 's1'), doc('INV/9/2026-27', 's1', true), doc('INV/100/2026-27', 's1'), doc('A-7', null), doc('A-12', null), doc('INV/1/2026-27', 's2'),
    ])).toEqual([
      { num: 1, series: 'A-#', from: 'A-7', to: 'A-12', totnum: 2, cancel: 0, net_issue: 2 },
      { num: 2, series: 'INV/#/#-#', from: 'INV/9/2026-27', to: 'INV/100/2026-27', totnum: 3, cancel: 1, net_issue: 2 },
      { num: 3, series: 'INV/#/#-#', from: 'INV/1/2026-27', to: 'INV/1/2026-27', totnum: 1, cancel: 0, net_issue: 1 },
    ]);
  });
});
