import { describe, expect, it } from 'vitest';
import { DEFAULT_SERIES_OF, formatNumber, registrationOf, seriesCounterKey } from './series.rules';
import { nearlyExhausted, roomOf } from './number-length.rules';
import { legacyShapes, seriesShapes, sharedNumber } from './number-overlap.rules';

describe('series rules', () => {
  it('a series showing the year counts per year; one without counts on for good', () => {
    expect(seriesCounterKey({ series_id: 'ser_1', format_template: '{prefix}{fy}-{num}' }, '2026-27')).toBe('series:ser_1:2026-27');
    expect(seriesCounterKey({ series_id: 'ser_1', format_template: '{prefix}{fy_short}-{num}' }, '2026-27')).toBe('series:ser_1:2026-27');
    expect(seriesCounterKey({ series_id: 'ser_1', format_template: '{prefix}{num}' }, '2026-27')).toBe('series:ser_1');
  });
  it('each kind of issued document has a default series of its own, 15 characters with room for 999,999 a year', () => {
    expect(formatNumber(DEFAULT_SERIES_OF.invoice, 1, '2026-27')).toBe('INV-26-27-00001');
    expect(formatNumber(DEFAULT_SERIES_OF.credit_note, 1, '2026-27')).toBe('CN-26-27-00001');
    expect(formatNumber(DEFAULT_SERIES_OF.estimate, 12, '2026-27')).toBe('EST-26-27-00012');
    expect(formatNumber(DEFAULT_SERIES_OF.sales_order, 1, '2026-27')).toBe('SO-26-27-00001');
    expect(formatNumber(DEFAULT_SERIES_OF.purchase_order, 1, '2026-27')).toBe('PO-26-27-00001');
    expect(formatNumber(DEFAULT_SERIES_OF.refund_voucher, 1, '2026-27')).toBe('RF-26-27-00001');
    expect(roomOf(DEFAULT_SERIES_OF.invoice)).toBe(999_999);
    expect(formatNumber(DEFAULT_SERIES_OF.invoice, 999_999, '2026-27')).toBe('INV-26-27-999999');
    // The spec's default template with padding 3: 4 digits after INV-2026-27-.
    expect(roomOf({ prefix: 'INV-', padding: 3, format_template: '{prefix}{fy}-{num}' })).toBe(9_999);
    expect(roomOf({ prefix: 'CN-', padding: 6, format_template: '{prefix}{num}' })).toBe(9_999_999_999_999);
  });
  it('warns past 90% of the room, not at it', () => {
    expect(nearlyExhausted(8_999, 9_999)).toBe(false);
    expect(nearlyExhausted(9_000, 9_999)).toBe(true);
    expect(nearlyExhausted(899_999, 999_999)).toBe(false);
    expect(nearlyExhausted(900_000, 999_999)).toBe(true);
  });
  it('branches share the registration of their GSTIN; one without numbers on its own', () => {
    expect(registrationOf({ branch_id: 'br_1', gstin: '29AAACR5055K1Z3' })).toBe('29AAACR5055K1Z3');
    expect(registrationOf({ branch_id: 'br_1', gstin: null })).toBe('branch:br_1');
  });
});

describe('series whose numbers could coincide', () => {
  const shapes = (prefix: string, padding: number, format_template: string) => seriesShapes({ prefix, padding, format_template }, '2026-27');
  it.each([
    // Same shape: every number.
    [['INV-', 5, '{prefix}{fy_short}-{num}'], ['INV-', 5, '{prefix}{fy_short}-{num}'], 'INV-26-27-00000'],
    // A prefix that is the other's prefix and year: INV-26-27-1 + 0000 is INV-26-27- + 10000.
    [['INV-26-27-1', 4, '{prefix}{num}'], ['INV-', 5, '{prefix}{fy_short}-{num}'], 'INV-26-27-10000'],
    // Padding 3 against 4 within one prefix: 1000 is both a 4-digit run and an unpadded longer one.
    [['X-', 3, '{prefix}{num}'], ['X-', 4, '{prefix}{num}'], 'X-1000'],
  ])('%o and %o could both write %s', (a, b, number) => {
    expect(sharedNumber(shapes(...(a as [string, number, string])), shapes(...(b as [string, number, string])))).toBe(number);
  });
  it.each([
    [['INV-', 3, '{prefix}{fy}-{num}'], ['INV-', 5, '{prefix}{fy_short}-{num}']],
    [['EXP-', 3, '{prefix}{fy}-{num}'], ['INV-', 5, '{prefix}{fy_short}-{num}']],
    // A run longer than its padding never starts with 0: INV-0 + 4 or more digits against INV- + 5 or more.
    [['INV-0', 4, '{prefix}{num}'], ['INV-', 4, '{prefix}{num}']],
  ])('%o and %o never meet', (a, b) => {
    expect(sharedNumber(shapes(...(a as [string, number, string])), shapes(...(b as [string, number, string])))).toBeNull();
  });
  it('legacy numbers (INV-YYMMDD-NNNN) meet a series that could write them', () => {
    expect(sharedNumber(shapes('INV-', 6, '{prefix}{num}-{fy}'), legacyShapes())).toBeNull();
    expect(sharedNumber(shapes('INV-260615-', 4, '{prefix}{num}'), legacyShapes())).toBe('INV-260615-0000');
  });
});
