import { describe, expect, it } from 'vitest';
import { documentSeries, seriesOf } from './documents-issued.rules';

describe('seriesOf', () => {
  it('is the number without its trailing digits', () => {
    expect(seriesOf('INV-2026-27-0012')).toBe('INV-2026-27-');
    expect(seriesOf('CN/9')).toBe('CN/');
    expect(seriesOf('MANUAL')).toBe('MANUAL');
  });
});

describe('documentSeries', () => {
  it('gives each series its first and last number by running number, issued, cancelled and net', () => {
    expect(documentSeries([
      { number: 'A-10', cancelled: false }, { number: 'A-9', cancelled: true }, { number: 'A-100', cancelled: false }, { number: 'B-1', cancelled: false },
    ])).toEqual([
      { num: 1, series: 'A-', from: 'A-9', to: 'A-100', totnum: 3, cancel: 1, net_issue: 2 },
      { num: 2, series: 'B-', from: 'B-1', to: 'B-1', totnum: 1, cancel: 0, net_issue: 1 },
    ]);
  });
});
