import { describe, expect, it } from 'vitest';
import { closingOf, continuityBreak, fileBalanceBreak, openingOf } from './statement-balances.rules';
import { lineKeys } from './statement-keys.rules';
import { dayBase, inBankOrder, placeLines } from './statement-order.rules';
import type { StatementLine } from './statement.types';

const line = (n: number, date: string, direction: 'IN' | 'OUT', amount: number, balance: number | null, bankId: string | null = null): StatementLine =>
  ({ line: n, date, valueDate: null, narration: `L${n}`, reference: null, direction, amount, balance, bankId });

describe('line keys', () => {
  it('tells identical lines of a day apart by their occurrence, and the same file keys the same', () => {
    const lines = [line(1, '2026-05-01', 'OUT', 100, null), line(2, '2026-05-01', 'OUT', 100, null), line(3, '2026-05-02', 'OUT', 100, null)];
    const { keys } = lineKeys(lines) as { keys: string[] };
    expect(new Set(keys).size).toBe(3);
    expect(lineKeys(lines)).toEqual({ keys });
    expect(lineKeys([line(1, '2026-05-01', 'IN', 5, null, 'FIT1')])).toEqual({ keys: ['id:FIT1'] });
    expect(lineKeys([line(1, '2026-05-01', 'IN', 5, null, 'FIT1'), line(2, '2026-05-02', 'IN', 6, null, 'FIT1')])).toEqual({ line: 2, problem: "the bank's id FIT1 was already given to line 1" });
  });
});

describe('order', () => {
  it('turns a newest-first file round and refuses dates that go back', () => {
    expect(inBankOrder([{ line: 1, date: '2026-05-03' }, { line: 2, date: '2026-05-01' }])).toEqual({ lines: [{ line: 2, date: '2026-05-01' }, { line: 1, date: '2026-05-03' }] });
    expect(inBankOrder([{ line: 1, date: '2026-05-01' }, { line: 2, date: '2026-05-03' }, { line: 3, date: '2026-05-02' }, { line: 4, date: '2026-05-04' }])).toHaveProperty('line', 3);
  });

  it('spaces a new day 2^16 apart, fits new lines between stored ones, and sorts an older day before', () => {
    const day = dayBase('2026-05-01');
    expect(dayBase('2026-05-02') - day).toBe(2 ** 32);
    const fresh = placeLines([{ date: '2026-05-01' }, { date: '2026-05-01' }], ['a', 'b'], new Map());
    expect(fresh).toEqual({ sequences: [day + 65536, day + 131072], fresh: [true, true] });
    const stored = new Map([['2026-05-01', [{ key: 'a', sequence: day + 65536 }, { key: 'b', sequence: day + 131072 }]]]);
    // c comes between a and b: half way.
    expect(placeLines([{ date: '2026-05-01' }, { date: '2026-05-01' }, { date: '2026-05-01' }], ['a', 'c', 'b'], stored))
      .toEqual({ sequences: [day + 65536, day + 98304, day + 131072], fresh: [false, true, false] });
    // A file starting on the day, none of its lines stored there: after the stored ones.
    expect(placeLines([{ date: '2026-05-01' }], ['d'], stored)).toEqual({ sequences: [day + 131072 + 65536], fresh: [true] });
    // A file ending on the day it shares with stored lines: before them.
    expect(placeLines([{ date: '2026-04-30' }, { date: '2026-05-01' }], ['e', 'f'], stored)).toEqual({ sequences: [dayBase('2026-04-30') + 65536, day + 32768], fresh: [true, true] });
  });
});

describe('balances', () => {
  const lines = [line(2, '2026-05-01', 'IN', 100_00, 1100_00), line(3, '2026-05-02', 'OUT', 50_00, 1050_00)];

  it('checks each running balance and the stated closing', () => {
    expect(fileBalanceBreak({ openingBalance: null, closingBalance: null, lines })).toBeNull();
    expect(fileBalanceBreak({ openingBalance: 1000_00, closingBalance: 1050_00, lines })).toBeNull();
    expect(fileBalanceBreak({ openingBalance: null, closingBalance: null, lines: [lines[0]!, { ...lines[1]!, balance: 1040_00 }] }))
      .toEqual({ where: 'line 3', problem: 'the balance ₹1040.00 is not the balance before (₹1100.00) less ₹50.00' });
    // 1,000 + 100 − 50 = 1,050 without running balances; 1,060 is stated.
    const bare = lines.map((l) => ({ ...l, balance: null }));
    expect(fileBalanceBreak({ openingBalance: 1000_00, closingBalance: 1060_00, lines: bare }))
      .toEqual({ where: 'statement', problem: 'the closing balance ₹1060.00 is not the opening balance with the lines (₹1050.00)' });
    expect(openingOf({ openingBalance: null, lines })).toBe(1000_00);
    expect(closingOf({ closingBalance: null, lines })).toBe(1050_00);
  });

  it('checks the file against the stored lines around it', () => {
    const before = { txn_date: '2026-04-30', balance: 1000_00, direction: 'OUT', amount: 1 };
    const after = { txn_date: '2026-05-03', balance: 1070_00, direction: 'IN', amount: 20_00 };
    expect(continuityBreak(1000_00, 1050_00, before, after)).toBeNull();
    expect(continuityBreak(999_00, 1050_00, before, after)).toHaveProperty('where', 'statement');
    expect(continuityBreak(1000_00, 1049_00, before, after)).toHaveProperty('where', 'statement');
    expect(continuityBreak(1000_00, 1050_00, { ...before, balance: null }, null)).toBeNull();
  });
});
