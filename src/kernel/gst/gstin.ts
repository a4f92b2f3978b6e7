/**
 * GSTIN validation (docs/rules/gstin.md; CGST s.25, Rule 10).
 *
 * Layout: state code (2) + PAN `[A-Z]{5}[0-9]{4}[A-Z]` + entity number `[1-9A-Z]`
 * + `Z` (default) / `D` (TDS deductor) / `C` (TCS collector) + check character.
 *
 * Accepted state codes are every code a GSTIN may start with (see ./states): 01–38
 * including the legacy 25 and 28, because historic GSTINs with those prefixes still
 * appear on old documents and contacts; and 97 (Other Territory), which the GST portal
 * issues to offshore registrations. 96 is a place-of-supply marker for exports, never
 * issued as a GSTIN prefix. 99 (UIN / OIDAR registrations) is rejected: those ids do not
 * follow the PAN layout above, so they would fail the format check anyway.
 *
 * Nothing here throws; validateGstin returns a result the caller maps to its own error.
 */
import { gstStateByCode } from './states';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const RADIX = ALPHABET.length; // 36
const GSTIN_FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][ZDC][0-9A-Z]$/;
const BODY_CHARS = /^[0-9A-Z]{14}$/;

/**
 * Check character for the first 14 characters (case-insensitive): a Luhn mod 36 over the
 * alphabet 0-9A-Z with factors 1, 2, 1, 2, … from the left. Returns null when the input is
 * not 14 characters of that alphabet. Only the alphabet is checked, not the GSTIN layout.
 */
export function gstinCheckCharacter(first14: string): string | null {
  const body = first14.toUpperCase();
  if (!BODY_CHARS.test(body)) return null;
  let total = 0;
  for (let i = 0; i < body.length; i++) {
    const product = ALPHABET.indexOf(body.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    total += Math.floor(product / RADIX) + (product % RADIX);
  }
  return ALPHABET.charAt((RADIX - (total % RADIX)) % RADIX);
}

export type GstinInvalidReason = 'invalid_length' | 'invalid_format' | 'unknown_state_code' | 'check_character_mismatch';

export type GstinResult =
  | { readonly ok: true; readonly gstin: string; readonly stateCode: string }
  | { readonly ok: false; readonly reason: GstinInvalidReason };

const WHAT_IS_WRONG: Readonly<Record<GstinInvalidReason, string>> = {
  invalid_length: 'a GSTIN has 15 letters and digits, such as 27AAPFU0939F1ZV',
  invalid_format: 'a GSTIN is a 2-digit state code, a 10-character PAN (5 letters, 4 digits, a letter), '
    + 'an entity number (1-9 or a letter), Z (D or C for tax deductors and collectors) and a check character, such as 27AAPFU0939F1ZV',
  unknown_state_code: 'its first two digits are not a GST state code (01 to 38, or 97)',
  check_character_mismatch: 'its last character is not the check character of the first 14; look for a mistyped character',
};

/** The sentence a client sees for a GSTIN that failed: what a GSTIN looks like, or which part is wrong. */
export const gstinProblem = (field: string, reason: GstinInvalidReason): string => `${field} is not a valid GSTIN: ${WHAT_IS_WRONG[reason]}`;

/**
 * Validate a GSTIN. Surrounding whitespace is trimmed and letters upper-cased; on success
 * `gstin` is that normalised form and `stateCode` its 2-digit prefix. Checks run in order
 * length, format, state code, check character; the first failure is reported.
 */
export function validateGstin(input: string): GstinResult {
  const gstin = input.trim().toUpperCase();
  if (gstin.length !== 15) return { ok: false, reason: 'invalid_length' };
  if (!GSTIN_FORMAT.test(gstin)) return { ok: false, reason: 'invalid_format' };

  const stateCode = gstin.slice(0, 2);
  if (gstStateByCode(stateCode)?.gstinPrefix !== true) return { ok: false, reason: 'unknown_state_code' };

  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) {
    return { ok: false, reason: 'check_character_mismatch' };
  }
  return { ok: true, gstin, stateCode };
}
