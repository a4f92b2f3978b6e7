/**
 * GST state and union-territory codes as data (docs/rules/gst-supply-and-tax.md, "States and union territories").
 *
 * `code` is the 2-digit prefix of a GSTIN; `iso` is the canonical place_of_supply
 * (current ISO 3166-2:IN). A null `iso` means the code can appear in a GSTIN but never
 * resolves as a place of supply:
 *  - 25 Daman and Diu: merged into 26 on 2020-01-26 and its ISO code (IN-DD) was deleted.
 *    Mapping it to IN-DH would be an extra alias the spec does not have.
 *  - 28 Andhra Pradesh (Old, pre-2014): has no ISO code of its own. IN-AP belongs to 37,
 *    so resolving "28" to IN-AP would give one ISO code two GST codes and make the
 *    reverse lookup (ISO → GST code) ambiguous. Rejected.
 *
 * 96 (a foreign country: an export) and 97 (other territory: offshore, continental shelf)
 * have no ISO code; Bahi (docs/rules/gst-supply-and-tax.md) returns them as `IN-96` and `IN-97`. 97 GSTINs exist
 * (offshore registrations); 96 is a place-of-supply marker for exports, never a GSTIN prefix.
 * `aliases` are further names accepted for the same code.
 */

export type GstStateType = 'STATE' | 'UT' | 'LEGACY' | 'OTHER';

export interface GstState {
  /** 2-digit GST state code, e.g. '29'. */
  readonly code: string;
  /** Name as on the GST portal. */
  readonly name: string;
  readonly type: GstStateType;
  /** Current ISO 3166-2:IN code, or null when the code is not a valid place of supply. */
  readonly iso: string | null;
  /** May a GSTIN start with this code? */
  readonly gstinPrefix: boolean;
  /** Other names accepted as input for this code. */
  readonly aliases: readonly string[];
}

function s(code: string, name: string, type: GstStateType, iso: string | null, gstinPrefix = true, aliases: readonly string[] = []): GstState {
  return { code, name, type, iso, gstinPrefix, aliases };
}

export const GST_STATES: readonly GstState[] = Object.freeze([
  s('01', 'Jammu and Kashmir', 'UT', 'IN-JK'), // UT since 2019
  s('02', 'Himachal Pradesh', 'STATE', 'IN-HP'),
  s('03', 'Punjab', 'STATE', 'IN-PB'),
  s('04', 'Chandigarh', 'UT', 'IN-CH'),
  s('05', 'Uttarakhand', 'STATE', 'IN-UK'), // ISO IN-UT until 2023-11-23: the one accepted alias
  s('06', 'Haryana', 'STATE', 'IN-HR'),
  s('07', 'Delhi', 'UT', 'IN-DL'),
  s('08', 'Rajasthan', 'STATE', 'IN-RJ'),
  s('09', 'Uttar Pradesh', 'STATE', 'IN-UP'),
  s('10', 'Bihar', 'STATE', 'IN-BR'),
  s('11', 'Sikkim', 'STATE', 'IN-SK'),
  s('12', 'Arunachal Pradesh', 'STATE', 'IN-AR'),
  s('13', 'Nagaland', 'STATE', 'IN-NL'),
  s('14', 'Manipur', 'STATE', 'IN-MN'),
  s('15', 'Mizoram', 'STATE', 'IN-MZ'),
  s('16', 'Tripura', 'STATE', 'IN-TR'),
  s('17', 'Meghalaya', 'STATE', 'IN-ML'),
  s('18', 'Assam', 'STATE', 'IN-AS'),
  s('19', 'West Bengal', 'STATE', 'IN-WB'),
  s('20', 'Jharkhand', 'STATE', 'IN-JH'),
  s('21', 'Odisha', 'STATE', 'IN-OD'), // was IN-OR: not accepted
  s('22', 'Chhattisgarh', 'STATE', 'IN-CG'), // was IN-CT: not accepted
  s('23', 'Madhya Pradesh', 'STATE', 'IN-MP'),
  s('24', 'Gujarat', 'STATE', 'IN-GJ'),
  s('25', 'Daman and Diu', 'LEGACY', null), // see header
  s('26', 'Dadra and Nagar Haveli and Daman and Diu', 'UT', 'IN-DH'), // was IN-DN: not accepted
  s('27', 'Maharashtra', 'STATE', 'IN-MH'),
  s('28', 'Andhra Pradesh (Old)', 'LEGACY', null), // see header
  s('29', 'Karnataka', 'STATE', 'IN-KA'),
  s('30', 'Goa', 'STATE', 'IN-GA'),
  s('31', 'Lakshadweep', 'UT', 'IN-LD'),
  s('32', 'Kerala', 'STATE', 'IN-KL'),
  s('33', 'Tamil Nadu', 'STATE', 'IN-TN'),
  s('34', 'Puducherry', 'UT', 'IN-PY'),
  s('35', 'Andaman and Nicobar Islands', 'UT', 'IN-AN'),
  s('36', 'Telangana', 'STATE', 'IN-TS'), // was IN-TG: not accepted
  s('37', 'Andhra Pradesh', 'STATE', 'IN-AP'),
  s('38', 'Ladakh', 'UT', 'IN-LA'), // UT since 2019
  s('96', 'Other Countries', 'OTHER', 'IN-96', false, ['Foreign Country', 'Other Country']), // export POS marker only
  s('97', 'Other Territory', 'OTHER', 'IN-97'), // offshore / continental shelf GSTINs
]);

/** Older ISO codes: only IN-UT is kept (the public spec allows exactly one alias). */
export const LEGACY_ISO_ALIASES: Readonly<Record<string, string>> = Object.freeze({ 'IN-UT': 'IN-UK' });

/** The place of supply of an export (a foreign country), and of other territory. */
export const EXPORT_PLACE_OF_SUPPLY = 'IN-96';
export const OTHER_TERRITORY_PLACE_OF_SUPPLY = 'IN-97';

/** Entries usable as a place of supply (those with an `IN-XX` code). */
export const PLACE_OF_SUPPLY_STATES: readonly (GstState & { readonly iso: string })[] = GST_STATES.filter(
  (st): st is GstState & { readonly iso: string } => st.iso !== null,
);

const byCode = new Map(GST_STATES.map((st) => [st.code, st]));

/** Look up an entry by exact 2-digit GST code; undefined when unknown. */
export function gstStateByCode(code: string): GstState | undefined {
  return byCode.get(code);
}
