import { toRupees } from '../../kernel/money';
import type { ImportUnit } from '../imports';
import { gstDetailsOf, type GstDetails } from './tally-in-gst-details.rules';
import { classifyLedger, placeOf, type TallyLedger } from './tally-in-ledgers.rules';
import { uqcOfTallyUnit } from './tally-in-units.rules';
import { children, masterName, textAt, type TallyElement } from './tally-read-xml.rules';

/** A stock item as the vouchers need it: its HSN, GST rate and unit. */
export interface TallyItem extends GstDetails {
  name: string;
  uqc: string | null;
}

/** A file's masters: the ledgers and stock items it describes, and the contacts, accounts and items to create. */
export interface TallyMasters {
  ledgers: TallyLedger[];
  /** Each ledger master as read, by name, for its opening balance. */
  ledgerElements: ReadonlyMap<string, TallyElement>;
  items: TallyItem[];
  units: ImportUnit[];
}

/** Tally's GST registration types and Bahi's treatment of a contact under each. */
const TREATMENTS: Readonly<Record<string, string>> = {
  regular: 'REGISTERED', composition: 'REGISTERED_COMPOSITION', consumer: 'CONSUMER', unregistered: 'UNREGISTERED',
  unknown: 'UNREGISTERED', sez: 'SEZ', overseas: 'OVERSEAS', 'deemed export': 'DEEMED_EXPORT',
};

/**
 * GROUP, LEDGER, UNIT and STOCKITEM masters → contacts (Sundry Debtors and Creditors), accounts
 * (other ledgers, by their group's type; not the GST, round-off and profit-and-loss ledgers, which
 * are Bahi's own accounts) and items, in that order (docs/rules/tally.md, "Masters").
 */
export function readMasters(messages: readonly TallyElement[]): TallyMasters {
  const parents = new Map<string, string | null>();
  for (const group of messages.flatMap((m) => children(m, 'GROUP'))) {
    const name = masterName(group);
    if (name !== null) parents.set(name, textAt(group, 'PARENT'));
  }
  const uqcBySymbol = new Map<string, string>();
  for (const unit of messages.flatMap((m) => children(m, 'UNIT'))) {
    const symbol = masterName(unit);
    if (symbol !== null) uqcBySymbol.set(symbol.toLowerCase(), uqcOfTallyUnit(symbol, textAt(unit, 'GSTREPUOM')));
  }
  const ledgers: TallyLedger[] = [];
  const ledgerElements = new Map<string, TallyElement>();
  const units: ImportUnit[] = [];
  for (const element of messages.flatMap((m) => children(m, 'LEDGER'))) {
    const name = masterName(element);
    if (name === null) continue;
    const placed = classifyLedger({ name, parent: textAt(element, 'PARENT'), taxType: textAt(element, 'TAXTYPE'), dutyHead: textAt(element, 'GSTDUTYHEAD') }, parents);
    const gst = gstDetailsOf(element);
    const ledger: TallyLedger = { ...placed, place: placeOf(stateOf(element), gstinOf(element)), hsn: gst.hsn, taxCenti: gst.rateCenti };
    ledgers.push(ledger);
    ledgerElements.set(name, element);
    const unit = ledgerUnit(ledger, element);
    if (unit) units.push(unit);
  }
  const items = messages.flatMap((m) => children(m, 'STOCKITEM')).flatMap((element): TallyItem[] => {
    const name = masterName(element);
    if (name === null) return [];
    const symbol = textAt(element, 'BASEUNITS');
    return [{ name, ...gstDetailsOf(element), uqc: symbol === null ? null : uqcBySymbol.get(symbol.toLowerCase()) ?? uqcOfTallyUnit(symbol, null) }];
  });
  return { ledgers, ledgerElements, items, units: [...units.filter((u) => u.kind === 'contacts'), ...units.filter((u) => u.kind === 'accounts'), ...items.map(itemUnit)] };
}

function ledgerUnit(ledger: TallyLedger, element: TallyElement): ImportUnit | null {
  const source = `LEDGER ${ledger.name}`;
  if (ledger.target.to === 'account') {
    return { kind: 'accounts', key: ledger.name, source, row: null, body: { account_name: ledger.name, account_type: ledger.target.type } };
  }
  if (ledger.target.to !== 'contact') return null;
  const gstin = gstinOf(element);
  const registration = (textAt(element, 'GSTREGISTRATIONTYPE') ?? textAt(element, 'LEDGSTREGDETAILS.LIST', 'GSTREGISTRATIONTYPE'))?.toLowerCase();
  const address = addressOf(element);
  const pin = textAt(element, 'PINCODE') ?? textAt(element, 'LEDMAILINGDETAILS.LIST', 'PINCODE');
  const body = {
    contact_name: ledger.name,
    contact_type: ledger.target.side,
    ...(gstin !== null ? { gst_no: gstin } : {}),
    gst_treatment: (registration !== undefined ? TREATMENTS[registration] : undefined) ?? (gstin !== null ? 'REGISTERED' : 'UNREGISTERED'),
    ...(ledger.place !== null ? { place_of_contact: ledger.place } : {}),
    ...(address !== null || pin !== null ? { billing_address: { ...(address !== null ? { address } : {}), ...(pin !== null ? { zip: pin } : {}) } } : {}),
  };
  return { kind: 'contacts', key: ledger.name, source, row: null, body };
}

function itemUnit(item: TallyItem): ImportUnit {
  const body = {
    name: item.name,
    type: item.hsn?.startsWith('99') ? 'SERVICE' : 'GOODS',
    rate: toRupees(0),
    ...(item.hsn !== null ? { hsn_sac: item.hsn } : {}),
    ...(item.rateCenti !== null ? { tax_id: { $ref: 'tax', name: String(item.rateCenti / 100) } } : {}),
    ...(item.uqc !== null ? { unit: item.uqc } : {}),
  };
  return { kind: 'items', key: item.name, source: `STOCKITEM ${item.name}`, row: null, body };
}

/** A party's GSTIN, upper-cased: PARTYGSTIN, GSTREGISTRATIONNUMBER or TallyPrime's LEDGSTREGDETAILS.LIST. */
function gstinOf(element: TallyElement): string | null {
  const text = textAt(element, 'PARTYGSTIN') ?? textAt(element, 'GSTREGISTRATIONNUMBER') ?? textAt(element, 'LEDGSTREGDETAILS.LIST', 'GSTIN');
  return text === null ? null : text.toUpperCase();
}

function stateOf(element: TallyElement): string | null {
  return textAt(element, 'LEDSTATENAME') ?? textAt(element, 'STATENAME') ?? textAt(element, 'LEDMAILINGDETAILS.LIST', 'STATE');
}

function addressOf(element: TallyElement): string | null {
  const lines = [...children(element, 'ADDRESS.LIST'), ...children(element, 'LEDMAILINGDETAILS.LIST').flatMap((m) => children(m, 'ADDRESS.LIST'))]
    .flatMap((list) => children(list, 'ADDRESS')).map((a) => textAt(a)).filter((a): a is string => a !== null);
  return lines.length === 0 ? null : lines.join(', ').slice(0, 500);
}
