import { invalidValue, requiredField } from '../../kernel/errors';

/**
 * HSN (goods) and SAC (services) codes on items and document lines. Notification 78/2020-CT:
 * up to ₹5 crore of aggregate turnover, B2B invoices carry at least 4 digits (B2C may go
 * without until GSTN's Phase III, from May 2025); above it, every invoice carries at least 6. Only the format is checked here:
 * whether a code exists is the IRP's check against its master (docs/rules/hsn-and-units.md, "HSN and SAC codes").
 */

/** The organisation's hsnDigits preference: 4 by default, 6 above ₹5 crore, 8 by choice. */
export const HSN_DIGITS = [4, 6, 8] as const;
export type HsnDigits = (typeof HSN_DIGITS)[number];

/** The HSN chapter of services: a code starting with 99 is a SAC. */
export const isSac = (code: string) => code.startsWith('99');

/** An HSN or SAC code is 4, 6 or 8 digits (chapter, heading, sub-heading, tariff item). */
export const HSN_PATTERN = '^([0-9]{4}|[0-9]{6}|[0-9]{8})$';

/** Why a code cannot be an HSN or SAC code (of an item of this type, when known); null when it can. */
export function hsnFormatFault(code: string, itemType?: 'GOODS' | 'SERVICE'): string | null {
  if (!new RegExp(HSN_PATTERN).test(code)) return `${code} is not an HSN or SAC code, which is 4, 6 or 8 digits`;
  if (code.startsWith('00')) return `${code} is not an HSN or SAC code: chapters run from 01 to 99`;
  if (itemType === 'SERVICE' && !isSac(code)) return `a service carries a SAC, which starts with 99; ${code} is an HSN code of goods`;
  if (itemType === 'GOODS' && isSac(code)) return `${code} is a SAC (services start with 99); goods carry an HSN code`;
  return null;
}

/**
 * The first day GSTN's Phase III of GSTR-1's HSN table applies to: from the May 2025 return
 * period a row needs an HSN or SAC, B2C included (docs/rules/hsn-and-units.md, "Digits required").
 */
export const HSN_PHASE_3_FROM = '2025-05-01';

/**
 * The fewest digits a line of an invoice or credit note must carry under the preference; null
 * when it may have none. `issuedOn`, the date of a document being issued, brings in Phase III.
 */
export function requiredHsnDigits(preference: HsnDigits, isB2b: boolean, issuedOn?: string): number | null {
  if (preference > 4) return preference;
  return isB2b || (issuedOn !== undefined && issuedOn >= HSN_PHASE_3_FROM) ? 4 : null;
}

function whyDigits(preference: HsnDigits, isB2b: boolean, digits: number): string {
  if (preference > 4) return `with hsnDigits ${preference}, every line carries an HSN or SAC of at least ${digits} digits (Notification 78/2020-CT)`;
  if (isB2b) return 'with hsnDigits 4, a line to a customer with a GSTIN (B2B) carries an HSN or SAC of at least 4 digits (Notification 78/2020-CT)';
  return "from 1 May 2025 every line issued, B2C included, carries an HSN or SAC of at least 4 digits (Notification 78/2020-CT; GSTN's Phase III of GSTR-1 Table 12)";
}

/**
 * Holds the lines of an invoice or credit note to the preference (and, given the date it is
 * issued on, to Phase III): a missing code is 400 required_field, a shorter one 400
 * invalid_value, on line_items[i].hsn_or_sac, naming the rule.
 */
export function assertHsnDigits(lines: readonly { hsnOrSac: string | null }[], preference: HsnDigits, isB2b: boolean, issuedOn?: string): void {
  const digits = requiredHsnDigits(preference, isB2b, issuedOn);
  if (digits === null) return;
  const why = whyDigits(preference, isB2b, digits);
  for (const [i, line] of lines.entries()) {
    const field = `line_items[${i}].hsn_or_sac`;
    if (!line.hsnOrSac) throw requiredField(field, `${field} is required: ${why}`);
    if (line.hsnOrSac.length < digits) throw invalidValue(field, `${line.hsnOrSac} has ${line.hsnOrSac.length} digits: ${why}`);
  }
}
