import type { LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';
import { attribute, children, isYes, textAt, type TallyElement } from './tally-read-xml.rules';
import { debitPositive, tallyAmount, tallyDate, tallyQuantity, tallyRate, type TallyQuantity } from './tally-read-values.rules';

/** The voucher types Bahi writes as records; every user voucher type descends from one of Tally's. */
export const VOUCHER_BASES = ['Sales', 'Purchase', 'Credit Note', 'Debit Note', 'Receipt', 'Payment', 'Journal', 'Contra'] as const;
export type VoucherBase = (typeof VOUCHER_BASES)[number];

/** Tally's vouchers that move no money in the books (orders, delivery and receipt notes, stock and memoranda). */
const NOT_ACCOUNTING = /order|delivery note|receipt note|rejection|stock journal|physical stock|memorandum|reversing journal|job work|material/i;

/** A user voucher type without its master is taken by what its name says ("GST Sale", "Cash Purchase"). */
const NAME_STEMS: readonly (readonly [RegExp, VoucherBase])[] = [
  [/credit note/i, 'Credit Note'], [/debit note/i, 'Debit Note'], [/sale/i, 'Sales'], [/purchase/i, 'Purchase'],
  [/receipt/i, 'Receipt'], [/payment/i, 'Payment'], [/contra/i, 'Contra'],
];

export interface BillAllocation {
  /** New Ref, Agst Ref, Advance or On Account. */
  type: string;
  name: string | null;
  /** Its size in paise. */
  paise: Paise;
}

export interface LedgerEntry {
  ledger: string;
  /** Debit positive. */
  paise: Paise;
  bills: BillAllocation[];
}

export interface InventoryEntry {
  item: string;
  quantity: TallyQuantity | null;
  rate: Paise | null;
  /** Its value in paise, whatever its side. */
  paise: Paise;
  /** The sales or purchase ledger it is accounted in. */
  ledger: string | null;
}

export interface TallyVoucher {
  source: string;
  key: string;
  base: VoucherBase | 'not_accounting';
  date: LocalDate;
  number: string | null;
  party: string | null;
  narration: string | null;
  placeOfSupply: string | null;
  companyState: string | null;
  /** The supplier's invoice number a purchase records. */
  reference: string | null;
  cancelled: boolean;
  optional: boolean;
  /** Ledger lines, with each inventory entry's accounting allocations among them. */
  entries: LedgerEntry[];
  inventory: InventoryEntry[];
}

/** A voucher type's base: the masters' parent chain when the file holds VOUCHERTYPE masters, else the name itself. */
export function voucherBase(typeName: string, parents: ReadonlyMap<string, string | null>): VoucherBase | 'not_accounting' {
  const seen = new Set<string>();
  for (let at: string | null = typeName; at !== null && !seen.has(at); at = parents.get(at) ?? null) {
    seen.add(at);
    const base = VOUCHER_BASES.find((b) => b.toLowerCase() === at!.toLowerCase());
    if (base) return base;
  }
  if (NOT_ACCOUNTING.test(typeName)) return 'not_accounting';
  return NAME_STEMS.find(([stem]) => stem.test(typeName))?.[1] ?? 'Journal';
}

/** A VOUCHER element as the mapping needs it. */
export function readVoucher(element: TallyElement, typeParents: ReadonlyMap<string, string | null>): TallyVoucher {
  const typeName = textAt(element, 'VOUCHERTYPENAME') ?? attribute(element, 'VCHTYPE') ?? 'Journal';
  const number = textAt(element, 'VOUCHERNUMBER');
  const rawDate = textAt(element, 'DATE');
  const source = `VOUCHER ${typeName} ${number ?? ''} (${rawDate ?? ''})`.replace(/\s+/g, ' ');
  const date = tallyDate(rawDate, source);
  const inventory = [...children(element, 'ALLINVENTORYENTRIES.LIST'), ...children(element, 'INVENTORYENTRIES.LIST')].map((e) => inventoryEntry(e, source));
  const allocations = [...children(element, 'ALLINVENTORYENTRIES.LIST'), ...children(element, 'INVENTORYENTRIES.LIST')]
    .flatMap((e) => children(e, 'ACCOUNTINGALLOCATIONS.LIST'));
  const entries = [...children(element, 'ALLLEDGERENTRIES.LIST'), ...children(element, 'LEDGERENTRIES.LIST'), ...allocations]
    .map((e) => ledgerEntry(e, source)).filter((e): e is LedgerEntry => e !== null);
  const guid = textAt(element, 'GUID');
  return {
    source, date, number, entries, inventory,
    key: guid ?? `${typeName}/${number ?? ''}/${date}`,
    base: voucherBase(typeName, typeParents),
    party: textAt(element, 'PARTYLEDGERNAME') ?? textAt(element, 'PARTYNAME'),
    narration: textAt(element, 'NARRATION'),
    placeOfSupply: textAt(element, 'PLACEOFSUPPLY'),
    companyState: textAt(element, 'CMPGSTSTATE'),
    reference: textAt(element, 'SUPPLIERINVOICENO') ?? textAt(element, 'REFERENCE'),
    cancelled: isYes(element, 'ISCANCELLED'),
    optional: isYes(element, 'ISOPTIONAL'),
  };
}

function ledgerEntry(element: TallyElement, source: string): LedgerEntry | null {
  const ledger = textAt(element, 'LEDGERNAME');
  if (ledger === null) return null;
  const amount = tallyAmount(textAt(element, 'AMOUNT'), `${source} ${ledger}`);
  // AMOUNT's sign says the side; a zero amount leaves only ISDEEMEDPOSITIVE, which then changes nothing.
  const bills = children(element, 'BILLALLOCATIONS.LIST').map((b) => ({
    type: textAt(b, 'BILLTYPE') ?? 'New Ref',
    name: textAt(b, 'NAME'),
    paise: Math.abs(tallyAmount(textAt(b, 'AMOUNT'), `${source} ${ledger} bill`)),
  }));
  return { ledger, paise: debitPositive(amount), bills };
}

function inventoryEntry(element: TallyElement, source: string): InventoryEntry {
  const item = textAt(element, 'STOCKITEMNAME') ?? '';
  return {
    item,
    quantity: tallyQuantity(textAt(element, 'BILLEDQTY') ?? textAt(element, 'ACTUALQTY')),
    rate: tallyRate(textAt(element, 'RATE')),
    paise: Math.abs(tallyAmount(textAt(element, 'AMOUNT'), `${source} ${item}`)),
    ledger: textAt(element, 'ACCOUNTINGALLOCATIONS.LIST', 'LEDGERNAME'),
  };
}
