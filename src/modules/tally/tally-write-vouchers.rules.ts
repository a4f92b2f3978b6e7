import type { BillAllocation, InventoryEntry, LedgerEntry, TallyVoucher } from './tally-out-vouchers.rules';
import { stateName } from './tally-write-masters.rules';
import { branch, leaf, tallyAmount, tallyDate, tallyLogical, type XmlNode } from './tally-write-xml.rules';

/** Tally's sign rule: a debit is deemed positive and its amount is negative; a credit the reverse. */
const deemedPositive = (amount: number) => leaf('ISDEEMEDPOSITIVE', tallyLogical(amount < 0));

/** A quantity (× 1000) as Tally writes one, with its unit: "10 NOS", "2.5 KGS". */
function quantityText(milli: number, unit: string | null): string {
  const fraction = String(milli % 1000).padStart(3, '0').replace(/0+$/, '');
  const number = `${Math.floor(milli / 1000)}${fraction ? `.${fraction}` : ''}`;
  return unit ? `${number} ${unit}` : number;
}

function billNode(b: BillAllocation): XmlNode {
  return branch('BILLALLOCATIONS.LIST', [...(b.name !== null ? [leaf('NAME', b.name)] : []), leaf('BILLTYPE', b.type), leaf('AMOUNT', tallyAmount(b.amount))]);
}

function ledgerNode(listName: string, e: LedgerEntry): XmlNode {
  return branch(listName, [
    leaf('LEDGERNAME', e.ledger), deemedPositive(e.amount), leaf('ISPARTYLEDGER', tallyLogical(e.isParty)), leaf('AMOUNT', tallyAmount(e.amount)),
    ...e.bills.map(billNode),
  ]);
}

function inventoryNode(i: InventoryEntry): XmlNode {
  const quantity = quantityText(i.quantity_milli, i.unit);
  return branch('ALLINVENTORYENTRIES.LIST', [
    leaf('STOCKITEMNAME', i.item), deemedPositive(i.amount), leaf('RATE', `${tallyAmount(i.rate)}${i.unit ? `/${i.unit}` : ''}`),
    leaf('AMOUNT', tallyAmount(i.amount)), leaf('ACTUALQTY', quantity), leaf('BILLEDQTY', quantity),
    branch('ACCOUNTINGALLOCATIONS.LIST', [leaf('LEDGERNAME', i.ledger), deemedPositive(i.amount), leaf('AMOUNT', tallyAmount(i.amount))]),
  ]);
}

/** A document's place of supply by the state's name, as Tally's GST vouchers carry it. */
function placeOfSupply(place: string | null): XmlNode[] {
  const name = stateName(place);
  return name === null ? [] : [leaf('PLACEOFSUPPLY', name)];
}

/**
 * A voucher as Tally writes one (docs/rules/tally.md, "Vouchers"): with goods, in the invoice
 * view (inventory entries, the other ledgers in LEDGERENTRIES.LIST); without, in the accounting
 * view (every ledger in ALLLEDGERENTRIES.LIST).
 */
export function voucherNode(v: TallyVoucher): XmlNode {
  const invoice = v.inventory.length > 0;
  return branch('VOUCHER', [
    leaf('DATE', tallyDate(v.date)), leaf('GUID', v.guid), ...(v.narration ? [leaf('NARRATION', v.narration)] : []),
    leaf('VOUCHERTYPENAME', v.type), ...(v.number !== null ? [leaf('VOUCHERNUMBER', v.number)] : []),
    ...(v.party !== null ? [leaf('PARTYLEDGERNAME', v.party)] : []),
    ...placeOfSupply(v.placeOfSupply),
    leaf('PERSISTEDVIEW', invoice ? 'Invoice Voucher View' : 'Accounting Voucher View'), leaf('ISINVOICE', tallyLogical(invoice)),
    ...v.inventory.map(inventoryNode),
    ...v.entries.map((e) => ledgerNode(invoice ? 'LEDGERENTRIES.LIST' : 'ALLLEDGERENTRIES.LIST', e)),
  ], { REMOTEID: v.guid, VCHTYPE: v.type, ACTION: 'Create' });
}
