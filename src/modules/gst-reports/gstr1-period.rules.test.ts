import { describe, expect, it } from 'vitest';
import { returnPeriod } from './gstr1-period.rules';

describe('returnPeriod', () => {
  it('reads a month, February of a leap year included', () => {
    expect(returnPeriod('082024')).toEqual({ fp: '082024', from: '2024-08-01', to: '2024-08-31' });
    expect(returnPeriod('022024')).toEqual({ fp: '022024', from: '2024-02-01', to: '2024-02-29' });
  });

  it('reads a quarter of the financial year, fp its last month; Q4 runs into the next calendar year', () => {
    expect(returnPeriod('2024-Q1')).toEqual({ fp: '062024', from: '2024-04-01', to: '2024-06-30' });
    expect(returnPeriod('2024-Q2')).toEqual({ fp: '092024', from: '2024-07-01', to: '2024-09-30' });
    expect(returnPeriod('2024-Q4')).toEqual({ fp: '032025', from: '2025-01-01', to: '2025-03-31' });
  });

  it('refuses anything else', () => {
    for (const bad of ['132024', '002024', '82024', '2024-Q5', '2024Q1', '2024-08', '']) expect(returnPeriod(bad)).toBeNull();
  });
});
