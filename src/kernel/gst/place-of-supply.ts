/**
 * place_of_supply normalisation (public spec, "Place of supply").
 *
 * Canonical form is the current ISO 3166-2:IN code `IN-XX`. Accepted inputs:
 *   - `IN-XX` (case-insensitive), plus the single legacy alias IN-UT → IN-UK;
 *   - the 2-digit GST state code, e.g. `29`;
 *   - the full GST state name, case-insensitive, `&` and `and` interchangeable;
 *   - `<2-digit>-<state name>`, e.g. `29-Karnataka`, where code and name must agree.
 * 96 (foreign country) and 97 (other territory) resolve to `IN-96` and `IN-97` in every form
 * (`96`, `IN-96`, `96-Foreign Country`, `Other Territory`; docs/rules/gst-supply-and-tax.md, "Places outside the states: 96 and 97"). Everything else,
 * including IN-IN, the other pre-2023 ISO codes and the legacy GST codes 25 and 28, resolves to null.
 * Functions here never throw: the caller maps null to its own validation error.
 */
import { EXPORT_PLACE_OF_SUPPLY, LEGACY_ISO_ALIASES, OTHER_TERRITORY_PLACE_OF_SUPPLY, PLACE_OF_SUPPLY_STATES } from './states';

const isoToCode = new Map(PLACE_OF_SUPPLY_STATES.map((st) => [st.iso, st.code]));
const codeToIso = new Map(PLACE_OF_SUPPLY_STATES.map((st) => [st.code, st.iso]));
const nameToIso = new Map(PLACE_OF_SUPPLY_STATES.flatMap((st) => [st.name, ...st.aliases].map((name) => [normaliseName(name), st.iso] as const)));

/** Lower-case, `&` → `and`, collapse whitespace: "Jammu & Kashmir" ≡ "jammu and  kashmir". */
export function normaliseName(name: string): string {
  return name.toLowerCase().replace(/&/g, ' and ').replace(/\s+/g, ' ').trim();
}

function resolveIso(upper: string): string | null {
  const iso = LEGACY_ISO_ALIASES[upper] ?? upper;
  return isoToCode.has(iso) ? iso : null;
}

/** Canonical `IN-XX` for any accepted spelling, or null when unresolvable. */
export function resolvePlaceOfSupply(input: string): string | null {
  const text = input.trim();
  if (/^IN-[A-Z0-9]{2}$/i.test(text)) return resolveIso(text.toUpperCase());
  if (/^[0-9]{2}$/.test(text)) return codeToIso.get(text) ?? null;

  // Checked before the plain-name branch; no state name starts with two digits.
  const codeAndName = /^([0-9]{2})\s*-\s*(.+)$/.exec(text);
  if (codeAndName) {
    const byCode = codeToIso.get(codeAndName[1] ?? '');
    const byName = nameToIso.get(normaliseName(codeAndName[2] ?? ''));
    return byCode !== undefined && byCode === byName ? byCode : null;
  }

  return nameToIso.get(normaliseName(text)) ?? null;
}

/**
 * 2-digit GST state code of an ISO code (`IN-KA` → `29`); case-insensitive and honours
 * the IN-UT alias. Null for anything that is not a resolvable ISO code.
 */
export function stateCodeOfIso(iso: string): string | null {
  const text = iso.trim().toUpperCase();
  const canonical = /^IN-[A-Z0-9]{2}$/.test(text) ? resolveIso(text) : null;
  return canonical === null ? null : (isoToCode.get(canonical) ?? null);
}

/**
 * True when the supplier's state and the place of supply are the same Indian state or union
 * territory (CGST + SGST/UTGST, IGST Act s.8); false means inter-state (IGST, s.7). A foreign
 * country (96) and other territory (97) are never intra-state: an export is inter-state
 * (s.7(5)(a)) and the operator decision makes 97 inter-state too. Both sides accept any
 * spelling resolvePlaceOfSupply does. An unresolvable side yields false: both values are
 * validated at the API edge, so this is a guard, not a decision the caller should rely on.
 */
export function isIntraState(supplierState: string, placeOfSupply: string): boolean {
  const supplier = resolvePlaceOfSupply(supplierState);
  return supplier !== null && !OUTSIDE_THE_STATES.has(supplier) && supplier === resolvePlaceOfSupply(placeOfSupply);
}

const OUTSIDE_THE_STATES = new Set([EXPORT_PLACE_OF_SUPPLY, OTHER_TERRITORY_PLACE_OF_SUPPLY]);
