import { describe, expect, it } from 'vitest';
import { byRank, datePoints, fit, lineText, nameInNarration, partyText, referenceKey, upiInNarration, type Ranked, type ScoredEntry, type ScoredLine } from './match-score.rules';

const line = (narration: string, extra: Partial<ScoredLine> & { reference?: string | null } = {}): ScoredLine => ({
  date: '2026-06-10', valueDate: null, amount: 1_180_00, ...extra, text: lineText(narration, extra.reference ?? null),
});
const entry = (extra: Partial<ScoredEntry> = {}): ScoredEntry => ({ date: '2026-06-10', amount: 1_180_00, reference: null, party: partyText([], null), ...extra });

describe('referenceKey', () => {
  it('keeps letters and digits in upper case, drops a number\'s leading zeros, and refuses short or digitless codes', () => {
    expect(referenceKey('hdfc-n123/456')).toBe('HDFCN123456');
    expect(referenceKey('000123')).toBe('123');
    expect(referenceKey('0000')).toBe('0');
    expect(referenceKey('A12')).toBeNull();
    expect(referenceKey('NEFT')).toBeNull();
    expect(referenceKey(null)).toBeNull();
  });
});

describe('names and UPI handles in a narration', () => {
  const text = (n: string) => lineText(n, null);
  it('finds a name by its first word and its second whole or cut short, or its words written together', () => {
    const acme = partyText(['Acme Traders Pvt. Ltd.'], null).names[0]!;
    expect(acme).toEqual(['ACME', 'TRADERS']);
    expect(nameInNarration(acme, text('NEFT/N1234/ACME TRAD/HDFC'))).toBe(true);
    expect(nameInNarration(acme, text('UPI/312345678901/ACMETRADERS/pay'))).toBe(true);
    expect(nameInNarration(acme, text('NEFT ACME TR'))).toBe(false);
    expect(nameInNarration(acme, text('ACME INDUSTRIES'))).toBe(false);
  });
  it('needs 4 letters of a one-word name', () => {
    expect(nameInNarration(['RAVI'], text('IMPS RAVI 1234'))).toBe(true);
    expect(nameInNarration(['OM'], text('IMPS OM 1234'))).toBe(false);
  });
  it('finds a UPI handle whole or with its provider cut short, in any case', () => {
    expect(upiInNarration('acme@okhdfcbank', text('UPI/312345678901/ACME@OKHDFCBANK/Payment'))).toBe(true);
    expect(upiInNarration('acme@okhdfcbank', text('UPI-ACME@OKHDF-312345678901'))).toBe(true);
    expect(upiInNarration('acme@okhdfcbank', text('UPI-ACME@O-312345678901'))).toBe(false);
    expect(upiInNarration('acme@okhdfcbank', text('UPI-ACMEX@OKHDFCBANK'))).toBe(false);
  });
});

describe('fit', () => {
  it('scores 100 for the exact amount on the same day with the reference and the party, and says why', () => {
    const got = fit(line('NEFT/HDFCN52026061012345/ACME TRADERS'), entry({ reference: 'HDFCN52026061012345', party: partyText(['Acme Traders'], null) }), 7);
    // amount 50 + date 10 + reference 25 + party 15 = 100.
    expect(got).toEqual({ score: 100, reasons: ['amount', 'date', 'reference', 'party'], exact: true, days: 0 });
  });
  it('reads the reference from the line\'s own column and a cheque number without its zeros', () => {
    expect(fit(line('CLG CHQ', { reference: '000456' }), entry({ reference: '0456' }), 7).reasons).toContain('reference');
    expect(fit(line('CHQ DEP 000456 SBI'), entry({ reference: '000456' }), 7).reasons).toContain('reference');
  });
  it('counts the party once when its name and its UPI handle both stand in the narration', () => {
    const got = fit(line('UPI/ACME TRADERS/acme@okicici'), entry({ date: '2026-06-15', party: partyText(['Acme Traders'], 'acme@okicici') }), 7);
    // amount 50 + 5 days apart 2 + party 15 = 67; five days is no reason.
    expect(got).toEqual({ score: 67, reasons: ['amount', 'party', 'upi'], exact: true, days: 5 });
  });
  it('gives no amount points to an amount a paisa off, and measures days to the nearer of date and value date', () => {
    const got = fit(line('X', { valueDate: '2026-06-12' }), entry({ date: '2026-06-13', amount: 1_180_01 }), 7);
    // 1 day from the value date: 8 points.
    expect(got).toEqual({ score: 8, reasons: ['date'], exact: false, days: 1 });
  });
  it('gives date points by distance', () => {
    expect([0, 1, 2, 3, 4, 7, 8].map((d) => datePoints(d, 7))).toEqual([10, 8, 5, 5, 2, 2, 0]);
  });
});

describe('byRank', () => {
  const ranked = (score: number, exact: boolean, days: number, amount: number, sourceId: string): Ranked =>
    ({ fit: { score, reasons: [], exact, days }, amount, date: '2026-06-10', source: 'PAYMENT', sourceId });
  it('orders by score, then an exact amount, then nearer dates, nearer amounts, then ids', () => {
    const rows = [ranked(50, false, 0, 100, 'd'), ranked(50, true, 7, 100, 'c'), ranked(60, true, 3, 100, 'e'), ranked(50, false, 0, 90, 'b'), ranked(50, false, 0, 90, 'a')];
    expect(rows.sort(byRank(100)).map((r) => r.sourceId)).toEqual(['e', 'c', 'd', 'a', 'b']);
  });
});
