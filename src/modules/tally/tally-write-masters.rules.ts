import { gstStateByCode, GST_STATES } from '../../kernel/gst/states';
import type { Paise } from '../../kernel/money';
import type { AccountType } from '../../platform/orgs/chart-of-accounts';
import { tallyGroupOf } from './tally-groups.rules';
import { branch, leaf, tallyAmount, tallyLogical, type XmlNode } from './tally-write-xml.rules';

/** An account as the export writes it: its ledger name and the net it opens the range with (debit positive). */
export interface LedgerOfAccount { name: string; account_type: AccountType; system_key: string | null; opening: Paise }

/** A contact as the export writes it: a party ledger. */
export interface LedgerOfContact {
  name: string;
  contact_type: string;
  gst_no: string | null;
  gst_treatment: string | null;
  /** The state as Bahi keeps it: IN-MH. */
  place_of_contact: string | null;
  opening: Paise;
}

/** A goods item as a stock item: its unit (UQC), HSN and GST rate (percent × 100). */
export interface StockItemOut { name: string; unit: string | null; hsn_sac: string | null; rate_centi: number | null }

/** The GST duty head of Bahi's tax accounts, as Tally names the heads (docs/rules/tally.md, "Tally out"). */
const DUTY_HEADS: Readonly<Record<string, string>> = {
  cgst_input: 'Central Tax', cgst_output: 'Central Tax', sgst_input: 'State Tax', sgst_output: 'State Tax',
  igst_input: 'Integrated Tax', igst_output: 'Integrated Tax', cess_input: 'Cess', cess_output: 'Cess',
};

/** Tally's registration types for Bahi's GST treatments. */
const REGISTRATION_TYPES: Readonly<Record<string, string>> = {
  REGISTERED: 'Regular', REGISTERED_COMPOSITION: 'Composition', UNREGISTERED: 'Unregistered', CONSUMER: 'Consumer',
  OVERSEAS: 'Unknown', SEZ: 'Regular', DEEMED_EXPORT: 'Regular', UIN: 'Unknown',
};

/** Tally's sign: an opening debit is negative. */
const openingText = (opening: Paise) => leaf('OPENINGBALANCE', tallyAmount(-opening));

const ledger = (name: string, parent: string, details: XmlNode[], opening: Paise): XmlNode =>
  branch('LEDGER', [leaf('NAME', name), leaf('PARENT', parent), ...details, openingText(opening)], { NAME: name, ACTION: 'Create' });

/** An account's ledger under the predefined group of its type; Bahi's GST accounts are Tally's GST duty ledgers. */
export function accountLedger(a: LedgerOfAccount): XmlNode {
  const group = tallyGroupOf(a.account_type);
  const head = a.system_key === null ? undefined : DUTY_HEADS[a.system_key];
  const tax = group !== 'Duties & Taxes' ? [] : head ? [leaf('TAXTYPE', 'GST'), leaf('GSTDUTYHEAD', head)] : [leaf('TAXTYPE', 'Others')];
  return ledger(a.name, group, tax, a.opening);
}

/** The state's name as Tally lists states, from Bahi's IN-XX code. */
export function stateName(placeOfContact: string | null): string | null {
  if (placeOfContact === null) return null;
  return GST_STATES.find((s) => s.iso === placeOfContact)?.name ?? null;
}

/**
 * A contact's party ledger: customers under Sundry Debtors, vendors under Sundry Creditors,
 * bill-wise, with the GSTIN and the state (from the GSTIN's first two digits when the contact
 * names no state).
 */
export function partyLedger(c: LedgerOfContact): XmlNode {
  const state = stateName(c.place_of_contact) ?? (c.gst_no ? gstStateByCode(c.gst_no.slice(0, 2))?.name ?? null : null);
  const details = [
    leaf('ISBILLWISEON', tallyLogical(true)),
    ...(c.gst_treatment && REGISTRATION_TYPES[c.gst_treatment] ? [leaf('GSTREGISTRATIONTYPE', REGISTRATION_TYPES[c.gst_treatment]!)] : []),
    ...(c.gst_no ? [leaf('PARTYGSTIN', c.gst_no)] : []),
    ...(state ? [leaf('LEDSTATENAME', state)] : []),
    leaf('COUNTRYOFRESIDENCE', c.gst_treatment === 'OVERSEAS' ? 'Overseas' : 'India'),
  ];
  return ledger(c.name, c.contact_type === 'VENDOR' ? 'Sundry Creditors' : 'Sundry Debtors', details, c.opening);
}

/** A unit of measure: a simple unit named by its UQC. */
export const unitMaster = (unit: string): XmlNode =>
  branch('UNIT', [leaf('NAME', unit), leaf('ISSIMPLEUNIT', tallyLogical(true))], { NAME: unit, ACTION: 'Create' });

/** A rate (percent × 1000) as Tally writes a GST rate: percent without trailing zeros (18, 0.125). */
function percentText(rateMilli: number): string {
  const whole = Math.floor(rateMilli / 1000);
  const fraction = String(rateMilli % 1000).padStart(3, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/**
 * A goods item as a stock item: its base unit and GST details (HSN, and the rate split into the
 * central and state halves and the integrated whole, as Tally keeps a rate). An item without a
 * tax says nothing of its rate: Tally then takes the rate from the voucher's tax ledgers.
 */
export function stockItem(i: StockItemOut): XmlNode {
  const hsn = i.hsn_sac ? [leaf('HSNCODE', i.hsn_sac)] : [];
  const rated = i.rate_centi === null ? [] : [
    leaf('TAXABILITY', 'Taxable'),
    branch('STATEWISEDETAILS.LIST', [
      leaf('STATENAME', 'Any'),
      ...[['Central Tax', i.rate_centi * 5], ['State Tax', i.rate_centi * 5], ['Integrated Tax', i.rate_centi * 10]]
        .map(([head, milli]) => branch('RATEDETAILS.LIST', [leaf('GSTRATEDUTYHEAD', head as string), leaf('GSTRATE', percentText(milli as number))])),
    ]),
  ];
  return branch('STOCKITEM', [
    leaf('NAME', i.name), ...(i.unit ? [leaf('BASEUNITS', i.unit)] : []), leaf('GSTAPPLICABLE', 'Applicable'), branch('GSTDETAILS.LIST', [...hsn, ...rated]),
  ], { NAME: i.name, ACTION: 'Create' });
}
