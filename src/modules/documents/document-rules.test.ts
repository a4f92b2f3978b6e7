import { describe, expect, it } from 'vitest';
import { DomainError } from '../../kernel/errors';
import { followUpDate } from './follow-up-date.rules';
import { formatDocumentNumber } from './numbering.rules';
import { assertMove, assertStatusIn, type StatusMoves } from './status-moves.rules';

type S = 'A' | 'B' | 'C';
const MOVES: StatusMoves<S> = { A: ['B'], B: ['C'] };

const refusal = (fn: () => void) => {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  return null;
};

describe('assertMove', () => {
  it.each<[S, S, boolean]>([
    ['A', 'B', true], ['B', 'C', true], ['A', 'A', true], ['C', 'C', true],
    ['A', 'C', false], ['B', 'A', false], ['C', 'A', false],
  ])('%s → %s allowed: %s', (from, to, allowed) => {
    const error = refusal(() => assertMove('thing', MOVES, from, to));
    if (allowed) expect(error).toBeNull();
    else expect(error).toMatchObject({ code: 'conflict.invalid_state', details: { status: from, requested: to, allowed: MOVES[from] ?? [] } });
  });
});

describe('assertStatusIn', () => {
  it('passes a listed status and refuses another with the allowed ones', () => {
    expect(refusal(() => assertStatusIn('thing', 'accepted', ['A', 'B'], 'B'))).toBeNull();
    const error = refusal(() => assertStatusIn('thing', 'accepted', ['A', 'B'], 'C'));
    expect(error).toMatchObject({ code: 'conflict.invalid_state', details: { status: 'C', allowed: ['A', 'B'] } });
    expect(error?.message).toBe('a thing can be accepted only in A or B; this one is C');
  });
});

describe('followUpDate', () => {
  it('keeps, clears, or sets a date not before the document date, in IST', () => {
    expect(followUpDate(undefined, '2026-07-01', '2026-06-15', 'expiry_date')).toBe('2026-07-01');
    expect(followUpDate(null, '2026-07-01', '2026-06-15', 'expiry_date')).toBeNull();
    expect(followUpDate('2026-06-15', null, '2026-06-15', 'expiry_date')).toBe('2026-06-15');
    // 20:00 UTC on the 14th is 01:30 IST on the 15th: the same day as the document.
    expect(followUpDate('2026-06-14T20:00:00Z', null, '2026-06-15', 'expiry_date')).toBe('2026-06-15');
    expect(refusal(() => followUpDate('2026-06-14', null, '2026-06-15', 'shipment_date')))
      .toMatchObject({ code: 'validation.invalid_value', field: 'shipment_date' });
  });
});

describe('formatDocumentNumber', () => {
  it('pads to six digits and grows beyond them', () => {
    const est = { counterKey: 'estimate', prefix: 'EST-' };
    expect(formatDocumentNumber(est, 1)).toBe('EST-000001');
    expect(formatDocumentNumber(est, 123456)).toBe('EST-123456');
    expect(formatDocumentNumber(est, 1234567)).toBe('EST-1234567');
  });
});
