import { describe, expect, it } from 'vitest';
import { bankFile, expectFileError, junk } from '../../../../test/support/bank-files';
import { parseMt940 } from './mt940';

describe('parseMt940', () => {
  it('reads a statement in its SWIFT wrapper: :25: account, :60F: and :62F: balances, a line per :61: with its :86:', () => {
    const statement = parseMt940(bankFile('mt940-hdfc.sta'));
    // 1,50,000.00 + 25,000 − 1,180 − 12,500.50 − 2,500 − 59 = 1,58,760.50
    expect(statement).toMatchObject({ format: 'MT940', preset: null, accountNumber: '50200012345678', openingBalance: 15_000_000, closingBalance: 15_876_050 });
    // Six :61:; the fifth moves 0,00 and is not a line.
    expect(statement.lines.map((l) => l.line)).toEqual([1, 2, 3, 4, 6]);
    expect(statement.lines[0]).toEqual({
      line: 1, date: '2026-04-01', valueDate: '2026-04-01',
      // The first :86: line is a full 65 characters: the UTR wrapped onto the next joins without a space.
      narration: 'NEFT CR-SBIN0001234-KAVERI FOODS PVT LTD-INV 0042-UTR SBIN126091123456',
      reference: null, direction: 'IN', amount: 2_500_000, balance: null, bankId: 'N091261234567',
    });
    expect(statement.lines[1]).toEqual({
      line: 2, date: '2026-04-02', valueDate: '2026-04-02', narration: 'CHQ PAID-CTS-MUMBAI-000457-SHARMA ELECTRICALS',
      reference: '000457', direction: 'OUT', amount: 118_000, balance: null, bankId: 'CHQ000457',
    });
    // "12500,5" is ₹12,500.50; a short :86: line ends where the bank ended it, so the next joins with a space.
    expect(statement.lines[2]).toMatchObject({ amount: 1_250_050, direction: 'OUT', reference: '7001234567', narration: 'IMPS-609312345678-MEENA STORES HDFC-XXXX1234-PAYMENT' });
    // RC, a reversed credit, is money out; "2500," is ₹2,500.00.
    expect(statement.lines[3]).toMatchObject({ amount: 250_000, direction: 'OUT', bankId: 'REV609412345678' });
    // Without a bank reference the line has no key of the bank's: the import keys it by its fields.
    expect(statement.lines[4]).toMatchObject({ line: 6, date: '2026-04-30', amount: 5_900, direction: 'OUT', reference: null, bankId: null, narration: 'NEFT CHARGES INCL GST' });
  });

  it('reads two pages of a statement (:62M:, :60M:) as one and dates entries across the turn of the year', () => {
    const statement = parseMt940(bankFile('mt940-icici-year-turn.sta'));
    // Page 1: 10,000 + 5,000 − 2,000 = 13,000 (:62M:), page 2 opens there: + 700 (RD, a reversed debit, is money in) + 300 = 14,000.
    expect(statement).toMatchObject({ accountNumber: '000405012345', openingBalance: 1_000_000, closingBalance: 1_400_000 });
    expect(statement.lines.map((l) => [l.line, l.date, l.valueDate, l.direction, l.amount, l.bankId])).toEqual([
      [1, '2025-12-29', '2025-12-29', 'IN', 500_000, 'UTR-A1'],
      [2, '2025-12-31', '2025-12-31', 'OUT', 200_000, 'UTR-A2'],
      // Valued 1 January 2026, booked 31 December: 2025.
      [3, '2025-12-31', '2026-01-01', 'IN', 70_000, 'UTR-A3'],
      // Valued 31 December 2025, booked 1 January: 2026.
      [4, '2026-01-01', '2025-12-31', 'IN', 30_000, 'UTR-A4'],
    ]);
  });

  it('reads several wrapped messages, headers with a nested {3:{108:…}} block, and a :86: for the whole statement', () => {
    const message = (reference: string, opening: string, closing: string, line: string) => [
      '{1:F01SBININBBAXXX0000000000}{2:I940SBININBBXXXXN}{3:{108:B12345678S000001}}{4:',
      `:20:${reference}`, ':25:00000034567890123', ':28C:00001/001', `:60F:${opening}`, line, ':86:UPI/609112345678/RAVI', `:62F:${closing}`, ':86:/SUM/1/0/100,00/0,/', '-}',
    ].join('\r\n');
    const file = `${message('A1', 'C260331INR0,', 'C260401INR100,', ':61:260401C100,NTRFNONREF//SBI1')}\r\n${message('A2', 'C260401INR100,', 'C260402INR60,', ':61:260402D40,NTRFNONREF//SBI2')}`;
    const statement = parseMt940(Buffer.from(file));
    // 0 + 100 − 40 = 60
    expect(statement).toMatchObject({ accountNumber: '00000034567890123', openingBalance: 0, closingBalance: 6_000 });
    expect(statement.lines.map((l) => [l.line, l.date, l.direction, l.amount, l.bankId, l.narration])).toEqual([
      [1, '2026-04-01', 'IN', 10_000, 'SBI1', 'UPI/609112345678/RAVI'],
      [2, '2026-04-02', 'OUT', 4_000, 'SBI2', 'UPI/609112345678/RAVI'],
    ]);
  });

  it('reads a statement overlapping an earlier one: the shared lines carry the same bank references', () => {
    const earlier = parseMt940(bankFile('mt940-hdfc.sta'));
    const later = parseMt940(bankFile('mt940-hdfc-overlap.sta'));
    // It opens after the earlier file's first two lines: 1,50,000.00 + 25,000 − 1,180 = 1,73,820.00;
    // then − 12,500.50 − 2,500 − 59 + 10,000 − 3,540 = 1,65,220.50.
    expect(later).toMatchObject({ accountNumber: '50200012345678', openingBalance: 17_382_000, closingBalance: 16_522_050 });
    const withoutPlace = ({ line: _line, ...rest }: (typeof later.lines)[number]) => rest;
    expect(later.lines.slice(0, 3).map(withoutPlace)).toEqual(earlier.lines.slice(2).map(withoutPlace));
    expect(later.lines.slice(3).map((l) => [l.line, l.date, l.direction, l.amount, l.bankId])).toEqual([[4, '2026-05-02', 'IN', 1_000_000, 'N122261234999'], [5, '2026-05-05', 'OUT', 354_000, 'CHQ000458']]);
  });

  it('returns the balances a file states when its lines do not add up to them: the import checks them', () => {
    expect(parseMt940(bankFile('mt940-broken-balance.sta'))).toMatchObject({ openingBalance: 15_000_000, closingBalance: 15_876_000 });
  });

  it('checks the joins of pages: the second opens where the first closed, and the first adds up', () => {
    const file = bankFile('mt940-icici-year-turn.sta').toString('utf8');
    expectFileError(() => parseMt940(Buffer.from(file.replace(':60M:C251231INR13000,00', ':60M:C251231INR13100,00'))), 'line 10', 'the opening balance 13100.00 is not the closing balance 13000.00');
    expectFileError(() => parseMt940(Buffer.from(file.replace(':62M:C251231INR13000,00', ':62M:C251231INR13100,00').replace(':60M:C251231INR13000,00', ':60M:C251231INR13100,00'))), 'line 1', 'make 13000.00, not the closing balance 13100.00');
    expectFileError(() => parseMt940(Buffer.from(file.replace(':25:000405012345\n:28C:12/2', ':25:000405099999\n:28C:12/2'))), 'line 10', 'account 000405099999');
  });

  it('refuses hostile and broken files, naming the line', () => {
    expectFileError(() => parseMt940(bankFile('mt940-truncated.sta')), 'line 2', 'no closing balance');
    expectFileError(() => parseMt940(bankFile('mt940-absurd-amount.sta')), 'line 10', 'beyond the largest amount');
    expectFileError(() => parseMt940(bankFile('ofx-hdfc-1x.ofx')), 'line 1', 'not an MT940 field');
    expectFileError(() => parseMt940(junk()), 'line 1', 'not an MT940 field');
    expectFileError(() => parseMt940(Buffer.from(':20:X\n:60F:C260331INR1,00\n:61:2604011C1,00NTRF\n:62F:C260331INR1,00\n')), 'line 3', 'not a statement line');
    expectFileError(() => parseMt940(Buffer.from(':20:X\n:60F:C260331INR1,00\n:61:2602300230C1,00NTRFNONREF\n:62F:C260331INR2,00\n')), 'line 3', '2026-02-30 is not a date');
    expectFileError(() => parseMt940(Buffer.from(':20:X\n:61:2604010401C1,00NTRFNONREF\n')), 'line 2', 'before the opening balance');
    expectFileError(() => parseMt940(Buffer.from(':20:X\n:60F:C260331INR1.00\n')), 'line 2', 'not a balance');
    expectFileError(() => parseMt940(Buffer.from(':20:X\n:60F:C260331INR1,00\n:62F:C260331USD1,00\n')), 'line 3', 'in USD, the statement in INR');
    expectFileError(() => parseMt940(Buffer.from(':25:X\n')), 'line 1', 'before the statement\'s :20:');
    expectFileError(() => parseMt940(Buffer.from('\n\n')), 'line 1', 'no MT940 statement');
  });
});
