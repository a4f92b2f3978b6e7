/**
 * GSTIN validation (docs/rules/gstin.md; CGST s.25, Rule 10).
 *
 * Every identification number the GST Network issues is 15 characters ending in the same
 * check character; the layout before it tells the kind of holder (docs/rules/gstin.md,
 * "Kinds"). Accepted state codes are every code a GSTIN may start with (see ./states): 01–38
 * including the legacy 25 and 28, because historic GSTINs with those prefixes still appear
 * on old documents and contacts; and 97 (Other Territory), which the GST portal issues to
 * offshore registrations. 96 is a place-of-supply marker for exports, never a prefix; 99
 * starts only the ids of OIDAR providers (Centre jurisdiction).
 *
 * Nothing here throws; validateGstin returns a result the caller maps to its own error.
 */
import { gstStateByCode } from './states';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const RADIX = ALPHABET.length; // 36
const BODY_CHARS = /^[0-9A-Z]{14}$/;

/**
 * Who holds an id: a regular taxpayer (a PAN; position 14 `Z`, or another letter or digit),
 * a government department, a tax deductor (s.51, `D`) or collector (s.52, `C`) with a PAN or
 * TAN, a UN body or embassy (UIN, s.25(9)), a non-resident taxable person (s.24) or an
 * OIDAR provider (IGST s.14).
 */
export type GstinKind = 'REGULAR' | 'GOVERNMENT' | 'TDS' | 'TCS' | 'UIN' | 'NON_RESIDENT' | 'OIDAR';

/** Each kind's layout; an id takes the first that matches (a PAN-based `D` id is a regular one, as GSTN's pattern has it). */
const LAYOUTS: readonly (readonly [GstinKind, RegExp])[] = [
  ['REGULAR', /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][Z1-9ABD-J][0-9A-Z]$/],
  ['GOVERNMENT', /^[0-9]{2}[A-Z]{4}[0-9]{5}[A-Z][0-9]Z[0-9]$/],
  ['TDS', /^[0-9]{2}[A-Z]{4}[A-Z0-9][0-9]{4}[A-Z][1-9A-Z]D[0-9A-Z]$/],
  ['TCS', /^[0-9]{2}[A-Z]{4}[A-Z0-9][0-9]{4}[A-Z][1-9A-Z]C[0-9A-Z]$/],
  ['UIN', /^[0-9]{4}[A-Z]{3}[0-9]{5}[UO]N[0-9A-Z]$/],
  ['NON_RESIDENT', /^[0-9]{4}[A-Z]{3}[0-9]{5}NR[0-9A-Z]$/],
  ['OIDAR', /^99[0-9]{2}[A-Z]{3}[0-9]{5}OS[0-9A-Z]$/],
];

/** The kind of a 15-character id by its layout alone (no state or check character), null when none fits. */
export const gstinKind = (gstin: string): GstinKind | null => LAYOUTS.find(([, layout]) => layout.test(gstin))?.[0] ?? null;

/** Every kind: what a party's GSTIN may be. */
export const ALL_GSTIN_KINDS: ReadonlySet<GstinKind> = new Set(LAYOUTS.map(([kind]) => kind));
/** A registration that issues invoices and files GSTR-1 and GSTR-3B: a regular taxpayer's. */
export const REGISTRATION_KINDS: ReadonlySet<GstinKind> = new Set(['REGULAR']);

/**
 * How the returns class a recipient by the id it gave (docs/rules/gstin.md, "Kinds"): a
 * non-resident's or OIDAR provider's id does not make a B2B supply, every other id does, a
 * UIN holder's also in 3.2. The 14th character alone decides it (`R` and `S` only in those
 * two layouts, `N` only in a UIN), which is how partyRecipientSql reads it in SQL.
 */
export type RecipientClass = 'B2B' | 'UIN' | 'B2C';
export function recipientClass(gstin: string | null): RecipientClass {
  const mark = gstin?.charAt(13);
  if (mark === undefined || mark === 'R' || mark === 'S') return 'B2C';
  return mark === 'N' ? 'UIN' : 'B2B';
}

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
  | { readonly ok: true; readonly gstin: string; readonly stateCode: string; readonly kind: GstinKind }
  | { readonly ok: false; readonly reason: GstinInvalidReason };

const WHAT_IS_WRONG: Readonly<Record<GstinInvalidReason, string>> = {
  invalid_length: 'a GSTIN has 15 letters and digits, such as 27AAPFU0939F1ZV',
  invalid_format: 'a GSTIN is a 2-digit state code, a 10-character PAN (5 letters, 4 digits, a letter), '
    + 'an entity number (1-9 or a letter), Z (D or C for tax deductors and collectors) and a check character, such as 27AAPFU0939F1ZV',
  unknown_state_code: 'its first two digits are not a GST state code (01 to 38, or 97; 99 only for an OIDAR provider)',
  check_character_mismatch: 'its last character is not the check character of the first 14; look for a mistyped character',
};

/** The sentence a client sees for a GSTIN that failed: what a GSTIN looks like, or which part is wrong. */
export const gstinProblem = (field: string, reason: GstinInvalidReason): string => `${field} is not a valid GSTIN: ${WHAT_IS_WRONG[reason]}`;

/**
 * Validate a GSTIN of one of the `accepted` kinds (a party's may be any, a registration's
 * only a regular one). Surrounding whitespace is trimmed and letters upper-cased; on success
 * `gstin` is that normalised form, `stateCode` its 2-digit prefix and `kind` its holder's.
 * Checks run in order length, format, state code, check character; the first failure is reported.
 */
export function validateGstin(input: string, accepted: ReadonlySet<GstinKind> = ALL_GSTIN_KINDS): GstinResult {
  const gstin = input.trim().toUpperCase();
  if (gstin.length !== 15) return { ok: false, reason: 'invalid_length' };
  const kind = gstinKind(gstin);
  if (kind === null || !accepted.has(kind)) return { ok: false, reason: 'invalid_format' };

  // An OIDAR provider's 99 is its layout's own; every other kind starts with a state's code.
  const stateCode = gstin.slice(0, 2);
  if (kind !== 'OIDAR' && gstStateByCode(stateCode)?.gstinPrefix !== true) return { ok: false, reason: 'unknown_state_code' };

  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) {
    return { ok: false, reason: 'check_character_mismatch' };
  }
  return { ok: true, gstin, stateCode, kind };
}
