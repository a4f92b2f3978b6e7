import { invalidValue } from '../../kernel/errors';

/**
 * GST units of quantity (UQC), the list GSTN publishes for returns and the IRP for
 * e-invoices (docs/rules/hsn-and-units.md, "Units (UQC)"). A goods line reports one of them; a service line reports NA.
 */
export const GST_UNITS = [
  'BAG', 'BAL', 'BDL', 'BKL', 'BOU', 'BOX', 'BTL', 'BUN', 'CAN', 'CBM', 'CCM', 'CMS', 'CTN', 'DOZ', 'DRM', 'GGK',
  'GMS', 'GRS', 'GYD', 'KGS', 'KLR', 'KME', 'LTR', 'MLS', 'MLT', 'MTR', 'MTS', 'NOS', 'OTH', 'PAC', 'PCS', 'PRS',
  'QTL', 'ROL', 'SET', 'SQF', 'SQM', 'SQY', 'TBS', 'TGM', 'THD', 'TON', 'TUB', 'UGS', 'UNT', 'YDS',
] as const;
export type GstUnit = (typeof GST_UNITS)[number];

/** What a service line reports in place of a unit (the HSN summary's NA). */
export const SERVICE_UNIT = 'NA';

const KNOWN = new Set<string>(GST_UNITS);

/** The unit as the list writes it (upper case), or null when it is not on the list. */
export function gstUnit(unit: string): GstUnit | null {
  const upper = unit.trim().toUpperCase();
  return KNOWN.has(upper) ? (upper as GstUnit) : null;
}

/** The listed units nearest to an unknown one: those starting with its first letter, else the whole list. */
export function nearestUnits(unit: string): readonly GstUnit[] {
  const first = unit.trim().charAt(0).toUpperCase();
  const near = GST_UNITS.filter((u) => u.startsWith(first));
  return near.length > 0 ? near : GST_UNITS;
}

/**
 * The unit an item or line reports: NA for a service, whatever was sent; else the listed unit
 * (upper-cased), or null when none was given. An unlisted one is 400 on the field, naming the nearest.
 */
export function reportedUnit(unit: string | null, isService: boolean, field: string): string | null {
  if (isService) return SERVICE_UNIT;
  if (unit === null) return null;
  const listed = gstUnit(unit);
  if (listed) return listed;
  const nearest = nearestUnits(unit);
  throw invalidValue(field, `${unit} is not a GST unit (UQC); nearest: ${nearest.join(', ')}`, { details: { accepted: nearest } });
}
