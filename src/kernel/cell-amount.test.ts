import { describe, expect, it } from 'vitest';
import { readCellAmount } from './cell-amount';
import { readDayFirstDate } from './day-first-date';

describe('readCellAmount', () => {
  it.each([
    ['1,23,456.78', { paise: 12345678, negative: false, marker: null }],
    ['123,456.7', { paise: 12345670, negative: false, marker: null }],
    ['₹ 5,900.00', { paise: 590000, negative: false, marker: null }],
    ['Rs. 12', { paise: 1200, negative: false, marker: null }],
    ['1,200.00 Cr', { paise: 120000, negative: false, marker: 'CR' }],
    ['1,200.00Dr.', { paise: 120000, negative: false, marker: 'DR' }],
    ['Dr 45.10', { paise: 4510, negative: false, marker: 'DR' }],
    ['(2,000.50)', { paise: 200050, negative: true, marker: null }],
    ['-120.5', { paise: 12050, negative: true, marker: null }],
    ['0.10', { paise: 10, negative: false, marker: null }],
    ['88259496234.57', { paise: 8825949623457, negative: false, marker: null }],
    ['1.500', { paise: 150, negative: false, marker: null }],
  ])('reads %s to paise exactly', (cell, want) => expect(readCellAmount(cell)).toEqual(want));

  it('reads blanks and a lone dash as no amount', () => {
    expect(readCellAmount('  ')).toBeNull();
    expect(readCellAmount('-')).toBeNull();
  });

  it.each(['1.005', '12a', '=1+1', '1,,000', '.5', '10000000000000.00'])('refuses %s', (cell) => expect(readCellAmount(cell)).toHaveProperty('problem'));
});

describe('readDayFirstDate', () => {
  it.each([
    ['03/04/26', '2026-04-03'], ['03/04/2026', '2026-04-03'], ['3-4-2026', '2026-04-03'], ['03.04.2026', '2026-04-03'],
    ['03-Apr-2026', '2026-04-03'], ['3 Apr 2026', '2026-04-03'], ['03 April 2026', '2026-04-03'], ['3 Sept 2026', '2026-09-03'],
    ['29/02/2028', '2028-02-29'], ['15/01/2026 10:22:11', '2026-01-15'], ['2026-04-03', '2026-04-03'],
  ])('reads %s day first', (cell, want) => expect(readDayFirstDate(cell)).toBe(want));

  it.each(['04/13/2026', '31/04/2026', '29/02/2027', 'Apr 3 2026', '3 Apz 2026', 'yesterday', '1/2'])('refuses %s', (cell) => expect(readDayFirstDate(cell)).toBeNull());
});
