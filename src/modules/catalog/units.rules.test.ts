import { describe, expect, it } from 'vitest';
import { GST_UNITS, gstUnit, nearestUnits, reportedUnit } from './units.rules';

describe('GST units (UQC)', () => {
  it('holds the published list, the common units among them', () => {
    expect(GST_UNITS).toHaveLength(46);
    for (const u of ['BAG', 'BOX', 'BTL', 'CTN', 'DOZ', 'GMS', 'KGS', 'KLR', 'LTR', 'MTR', 'MLT', 'NOS', 'PAC', 'PCS', 'PRS', 'QTL', 'ROL', 'SET', 'SQF', 'SQM', 'TON', 'UNT', 'OTH']) {
      expect(GST_UNITS).toContain(u);
    }
  });
  it('reads a unit in any case', () => {
    expect(gstUnit('kgs')).toBe('KGS');
    expect(gstUnit(' Pcs ')).toBe('PCS');
    expect(gstUnit('kg')).toBeNull();
  });
  it('names the units nearest an unknown one, else the whole list', () => {
    expect(nearestUnits('kg')).toEqual(['KGS', 'KLR', 'KME']);
    expect(nearestUnits('ea')).toEqual(GST_UNITS);
  });
  it('a service keeps a listed unit, else NA; a goods line its unit, or none; an unknown goods unit is 400 on the field', () => {
    expect(reportedUnit('hrs', true, 'unit')).toBe('NA');
    expect(reportedUnit(null, true, 'unit')).toBe('NA');
    expect(reportedUnit('nos', true, 'unit')).toBe('NOS');
    expect(reportedUnit('nos', false, 'unit')).toBe('NOS');
    expect(reportedUnit(null, false, 'unit')).toBeNull();
    expect(() => reportedUnit('kg', false, 'line_items[0].unit')).toThrow(expect.objectContaining({
      code: 'validation.invalid_value', field: 'line_items[0].unit', details: { accepted: ['KGS', 'KLR', 'KME'] },
    }));
  });
});
