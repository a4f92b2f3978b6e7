import { describe, expect, it } from 'vitest';
import { DEFAULT_SERIES_OF, formatNumber, seriesCounterKey } from './series.rules';

describe('series rules', () => {
  it('a series showing the year counts per year; one without counts on for good', () => {
    expect(seriesCounterKey({ series_id: 'ser_1', format_template: '{prefix}{fy}-{num}' }, '2026-27')).toBe('series:ser_1:2026-27');
    expect(seriesCounterKey({ series_id: 'ser_1', format_template: '{prefix}{num}' }, '2026-27')).toBe('series:ser_1');
  });
  it('each kind of issued document has a default series of its own', () => {
    expect(formatNumber(DEFAULT_SERIES_OF.invoice, 1, '2026-27')).toBe('INV-2026-27-001');
    expect(formatNumber(DEFAULT_SERIES_OF.credit_note, 1, '2026-27')).toBe('CN-000001');
    expect(formatNumber(DEFAULT_SERIES_OF.estimate, 12, '2026-27')).toBe('EST-000012');
    expect(formatNumber(DEFAULT_SERIES_OF.sales_order, 1, '2026-27')).toBe('SO-000001');
    expect(formatNumber(DEFAULT_SERIES_OF.purchase_order, 1, '2026-27')).toBe('PO-000001');
  });
});
