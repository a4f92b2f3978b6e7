import { isoFromTyped } from '../../format/dates';
import type { Kind } from './kind';

/** Filters every list takes: part of a number or a party's name. */
const COMMON = ['search'] as const;

/** The filters a kind's list takes, by the API's parameter names (the address uses the same names). */
export function filterParams(kind: Kind): string[] {
  return [
    ...COMMON,
    ...(kind.choices ?? []).map((c) => c.param),
    ...(kind.einvoice ? ['einvoice_status'] : []),
    ...(kind.partyFilter ? [kind.partyFilter] : []),
    ...(kind.dated ? ['date_from', 'date_to'] : []),
  ];
}

/**
 * The list's query from the page's address: only the filters this kind takes, only those given,
 * so an address typed or kept from another list cannot send the API a parameter it refuses.
 */
export function listQuery(kind: Kind, address: Record<string, string | undefined>): Record<string, string> {
  const query: Record<string, string> = {};
  for (const param of filterParams(kind)) {
    const value = address[param]?.trim();
    if (value) query[param] = value;
  }
  return query;
}

/** The address of a list with these filters (empty ones left out), for Back to return to. */
export function listAddress(path: string, filters: Record<string, string>): string {
  const given = Object.entries(filters).filter(([, value]) => value.trim() !== '');
  return given.length === 0 ? path : `${path}?${new URLSearchParams(given)}`;
}

/**
 * The filters a person submitted, from the form's fields: dates typed DD/MM/YYYY become ISO (read
 * here rather than on the field's blur, which Enter in the field does not wait for); empty fields
 * are left out; a date that is not a day is named in `invalid` so the list is not asked.
 */
export function filtersFromForm(fields: Iterable<[string, string]>, dateParams: readonly string[]): { filters: Record<string, string>; invalid: string[] } {
  const filters: Record<string, string> = {};
  const invalid: string[] = [];
  for (const [name, raw] of fields) {
    const value = raw.trim();
    if (value === '') continue;
    if (!dateParams.includes(name)) { filters[name] = value; continue; }
    const iso = isoFromTyped(value);
    if (iso) filters[name] = iso;
    else invalid.push(name);
  }
  return { filters, invalid };
}
