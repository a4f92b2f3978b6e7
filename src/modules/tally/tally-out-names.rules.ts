import { TALLY_GROUP_TYPES } from './tally-groups.rules';

/** What a ledger is named after: an account (with its code) or a contact. */
export interface NamedMaster { id: string; name: string; code: string | null }

/** Tally's own names no ledger may take: its groups (ledgers and groups share one list of names) and Primary. */
const RESERVED = new Set(['primary', ...Object.keys(TALLY_GROUP_TYPES).map((g) => g.toLowerCase())]);

/**
 * Every master's ledger name, accounts first then contacts (docs/rules/tally.md, "Ledger names").
 * Tally keeps ledger names unique without regard to case and Bahi does not, so a name already
 * taken, or one of Tally's groups, gets the account's code in brackets, else its id; an empty
 * name is the code or the id. The id is unique, so the last candidate is always free.
 */
export function ledgerNames(masters: readonly NamedMaster[]): Map<string, string> {
  const taken = new Set(RESERVED);
  const names = new Map<string, string>();
  for (const m of masters) {
    const base = m.name.trim().replace(/\s+/g, ' ');
    const marks = [...(m.code ? [m.code] : []), m.id];
    const candidates = base === '' ? marks : [base, ...marks.map((mark) => `${base} (${mark})`)];
    const name = candidates.find((c) => !taken.has(c.toLowerCase())) ?? candidates[candidates.length - 1]!;
    taken.add(name.toLowerCase());
    names.set(m.id, name);
  }
  return names;
}
