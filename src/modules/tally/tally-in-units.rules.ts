import { gstUnit } from '../catalog/units.rules';

/** Tally's usual unit symbols that are not themselves a GST unit (UQC), and the UQC each stands for. */
const TALLY_UNIT_UQC: Readonly<Record<string, string>> = {
  NO: 'NOS', NUMBER: 'NOS', NUMBERS: 'NOS', PC: 'PCS', PIECE: 'PCS', PIECES: 'PCS', KG: 'KGS', KILOGRAM: 'KGS',
  GM: 'GMS', GRAM: 'GMS', GRAMS: 'GMS', G: 'GMS', LTRS: 'LTR', LITRE: 'LTR', LITRES: 'LTR', L: 'LTR', ML: 'MLT',
  MTRS: 'MTR', METRE: 'MTR', METRES: 'MTR', M: 'MTR', PKT: 'PAC', PACK: 'PAC', PACKET: 'PAC', BOXES: 'BOX',
  DOZEN: 'DOZ', SETS: 'SET', PAIR: 'PRS', PAIRS: 'PRS', BAGS: 'BAG', BOTTLE: 'BTL', BOTTLES: 'BTL', ROLL: 'ROL',
  ROLLS: 'ROL', TONNE: 'TON', TONNES: 'TON', QUINTAL: 'QTL', UNITS: 'UNT', UNIT: 'UNT', SQFT: 'SQF', SQM: 'SQM',
};

/**
 * The GST unit (UQC) of a Tally unit (docs/rules/hsn-and-units.md, "Units (UQC)"): the UQC Tally
 * records with it (GSTREPUOM, "NOS-NUMBERS"), else its symbol when it is one or a usual spelling of
 * one (Nos, Kgs, Ltrs, Pcs), else OTH (others).
 */
export function uqcOfTallyUnit(symbol: string, reported: string | null): string {
  const fromReported = reported === null ? null : gstUnit(reported.split('-')[0]!);
  if (fromReported) return fromReported;
  const upper = symbol.trim().toUpperCase().replace(/\.$/, '');
  return gstUnit(upper) ?? TALLY_UNIT_UQC[upper] ?? 'OTH';
}
