/**
 * The answer to a state or place of supply that does not resolve: what forms are accepted,
 * and the nearest state when the input looks like a slip (`IN-KR` → IN-KA, `Karnatak`,
 * a former code or name such as `IN-OR` or `Orissa`).
 */
import { nearest } from '../edit-distance';
import { invalidValue, type DomainError } from '../errors';
import { normaliseName } from './place-of-supply';
import { PLACE_OF_SUPPLY_STATES } from './states';

/*
 * Former spellings, used only to suggest: the spec accepts none of them (./place-of-supply),
 * but a caller who sends one means the state it became.
 */
const FORMER_SPELLINGS: readonly (readonly [spelling: string, iso: string])[] = [
  ['in-or', 'IN-OD'], ['orissa', 'IN-OD'],
  ['in-ct', 'IN-CG'],
  ['in-tg', 'IN-TS'],
  ['in-dn', 'IN-DH'], ['in-dd', 'IN-DH'], ['25', 'IN-DH'], ['daman and diu', 'IN-DH'], ['dadra and nagar haveli', 'IN-DH'],
  ['in-ul', 'IN-UK'], ['uttaranchal', 'IN-UK'],
  ['pondicherry', 'IN-PY'],
];

const SPELLINGS: readonly (readonly [spelling: string, iso: string])[] = [
  ...PLACE_OF_SUPPLY_STATES.flatMap((st) => [[st.iso.toLowerCase(), st.iso], [st.code, st.iso], [normaliseName(st.name), st.iso]] as const),
  ...FORMER_SPELLINGS,
];

const nameOf = new Map(PLACE_OF_SUPPLY_STATES.map((st) => [st.iso, st.name]));

/** More equally near guesses than this is no guess at all. */
const MAX_SUGGESTIONS = 3;

/** The ISO codes of the states nearest to an unrecognised input: at most three, none when nothing is close. */
export function suggestStates(input: string): string[] {
  const text = normaliseName(input);
  // A lone character is one edit from many codes: any guess would be a coin toss.
  if (text.length < 2) return [];
  // One slip per four characters, at least one: "IN-KR" and "Karnatak" are slips, "Bengal" is not.
  const maxDistance = Math.max(1, Math.floor(text.length / 4));
  const isos = [...new Set(nearest(text, SPELLINGS, ([spelling]) => spelling, maxDistance).map(([, iso]) => iso))];
  return isos.length <= MAX_SUGGESTIONS ? isos : [];
}

const named = (iso: string) => `${iso} (${nameOf.get(iso)})`;

/** Long inputs are cut in the message: it names the value, it need not repeat a page of it. */
const quoted = (input: string) => JSON.stringify(input.length > 40 ? `${input.slice(0, 40)}…` : input);

/**
 * 422 validation.invalid_value on `field` (the spec's status for place_of_supply), saying which
 * forms are accepted and suggesting the nearest state; `details.allowed` lists every ISO code
 * and `details.suggestions` the guesses.
 */
export function unrecognisedState(field: string, input: string): DomainError {
  const suggestions = suggestStates(input);
  const guess = suggestions.length === 0 ? '.' : `; did you mean ${suggestions.map(named).join(' or ')}?`;
  const message = `${field} ${quoted(input)} is not a recognised Indian state or union territory${guess} `
    + 'Send its ISO 3166-2:IN code (IN-KA), its 2-digit GST state code (29), its name (Karnataka) or code and name (29-Karnataka).';
  return invalidValue(field, message, { status: 422, details: { allowed: PLACE_OF_SUPPLY_STATES.map((st) => st.iso), suggestions } });
}
