import { resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';
import type { AccountType } from '../../platform/orgs/chart-of-accounts';
import type { NameRef } from '../imports';
import { PARTY_GROUPS, TALLY_GROUP_TYPES } from './tally-groups.rules';

/**
 * Where a Tally ledger lives in Bahi (docs/rules/tally.md, "Tally in"): a party ledger is a contact;
 * a GST, round-off or profit-and-loss ledger is one of Bahi's own accounts (a GST ledger whose name
 * says neither input nor output is both of its head, the side chosen by each amount); any other is an
 * account of its group's type.
 */
export type LedgerTarget =
  | { to: 'contact'; side: 'CUSTOMER' | 'VENDOR' }
  | { to: 'account'; type: AccountType }
  | { to: 'system_account'; keys: readonly string[] };

export interface TallyLedger {
  name: string;
  /** The predefined group it sits under, however deep; null when its group leads to none. */
  group: string | null;
  target: LedgerTarget;
  /** A party's state as a place of supply (IN-MH), from its state or GSTIN. */
  place: string | null;
  /** A sales or purchase ledger's HSN or SAC and GST rate (hundredths of a per cent), for a voucher's lines without stock items. */
  hsn: string | null;
  taxCenti: number | null;
}

/** What a ledger is, before what it carries. */
type Placed = Pick<TallyLedger, 'name' | 'group' | 'target'>;
const unplaced = (placed: Placed): TallyLedger => ({ ...placed, place: null, hsn: null, taxCenti: null });

/** Tally's own ledger for the profit or loss carried forward; it sits directly under Primary. */
const PROFIT_AND_LOSS = /^profit\s*&\s*loss a\/c$/i;
const ROUND_OFF = /round(?:ing)?[\s-]*off/i;

/** The predefined group a group sits under (itself when predefined), walking user groups' parents. */
export function predefinedGroup(group: string | null, parents: ReadonlyMap<string, string | null>): string | null {
  const seen = new Set<string>();
  let at = group;
  while (at !== null && !seen.has(at)) {
    if (TALLY_GROUP_TYPES[at] !== undefined) return at;
    seen.add(at);
    at = parents.get(at) ?? null;
  }
  return null;
}

/** A GST ledger's head by its duty head (Tally's GSTDUTYHEAD: Central Tax, State Tax, UT Tax, Integrated Tax, Cess) or its name. */
export function gstHead(text: string): 'cgst' | 'sgst' | 'igst' | 'cess' | null {
  if (/integrated|igst/i.test(text)) return 'igst';
  if (/central|cgst/i.test(text)) return 'cgst';
  if (/cess/i.test(text)) return 'cess';
  if (/state tax|ut tax|sgst|utgst/i.test(text)) return 'sgst';
  return null;
}

/** Input (credit to take) or output (tax owed) by the ledger's name; null when the name says neither. */
function gstDirection(name: string): 'input' | 'output' | null {
  if (/input|itc|purchase|receivable/i.test(name)) return 'input';
  if (/output|sales|payable/i.test(name)) return 'output';
  return null;
}

/** The system accounts a GST ledger maps onto: its head's input or output, or both when its name says neither. */
export function gstKeys(name: string, dutyHead: string | null): readonly string[] | null {
  const head = gstHead(dutyHead ?? name);
  if (head === null) return null;
  const direction = gstDirection(name);
  return direction === null ? [`${head}_input`, `${head}_output`] : [`${head}_${direction}`];
}

export interface LedgerFacts {
  name: string;
  parent: string | null;
  taxType: string | null;
  dutyHead: string | null;
}

/** A ledger master's place in Bahi from its group and tax fields. */
export function classifyLedger(facts: LedgerFacts, parents: ReadonlyMap<string, string | null>): Placed {
  const group = predefinedGroup(facts.parent, parents);
  const at = (target: LedgerTarget): Placed => ({ name: facts.name, group, target });
  if (group !== null && PARTY_GROUPS[group]) return at({ to: 'contact', side: PARTY_GROUPS[group]! });
  if (PROFIT_AND_LOSS.test(facts.name)) return at({ to: 'system_account', keys: ['retained_earnings'] });
  if (ROUND_OFF.test(facts.name)) return at({ to: 'system_account', keys: ['round_off'] });
  const isGst = facts.taxType?.toUpperCase() === 'GST' || facts.dutyHead !== null;
  const keys = group === 'Duties & Taxes' && isGst ? gstKeys(facts.name, facts.dutyHead) : null;
  if (keys) return at({ to: 'system_account', keys });
  return at({ to: 'account', type: group === null ? 'SUSPENSE' : TALLY_GROUP_TYPES[group]! });
}

/**
 * A ledger a voucher names that no master read describes (a vouchers file imported alone): a GST or
 * round-off ledger by its name, else an account the masters' import wrote under that name.
 */
export function guessLedger(name: string): TallyLedger {
  if (ROUND_OFF.test(name)) return unplaced({ name, group: null, target: { to: 'system_account', keys: ['round_off'] } });
  const keys = gstKeys(name, null);
  if (keys) return unplaced({ name, group: 'Duties & Taxes', target: { to: 'system_account', keys } });
  return unplaced({ name, group: null, target: { to: 'account', type: 'SUSPENSE' } });
}

/**
 * The reference a journal line on the ledger takes, a debit when `debit`: a party's line is on
 * the receivable or payable control account (the journal names the contact), a GST ledger of both
 * sides on input for a debit and output for a credit.
 */
export function accountRefOf(ledger: Placed, debit: boolean): NameRef {
  const { target } = ledger;
  if (target.to === 'contact') return { $ref: 'system_account', name: target.side === 'CUSTOMER' ? 'accounts_receivable' : 'accounts_payable' };
  if (target.to === 'account') return { $ref: 'account', name: ledger.name };
  const key = target.keys.length > 1 ? target.keys[debit ? 0 : 1]! : target.keys[0]!;
  return { $ref: 'system_account', name: key };
}

/** A state as Tally names it ("Maharashtra") or a GSTIN's first two digits → Bahi's place of supply (IN-MH); null when neither resolves. */
export function placeOf(state: string | null, gstin: string | null): string | null {
  return (state === null ? null : resolvePlaceOfSupply(state)) ?? (gstin === null ? null : resolvePlaceOfSupply(gstin.slice(0, 2)));
}
