import { sum, toRupees, type Paise } from '../../kernel/money';

/*
 * What GSTR-1 is built from: each outward document of the return, in INR paise (converted line
 * by line as the e-invoice converts them), with what places it in a section.
 */

/** One line: its rate, the kind of supply its tax marks (TAXABLE, NIL_RATED, EXEMPT, NON_GST), its amounts in INR. */
export interface Gstr1Line { rateCenti: number; supplyType: string; txval: Paise; iamt: Paise; camt: Paise; samt: Paise; /** Compensation cess; none when left out. */ csamt?: Paise }

/** What decides an invoice's section: its party, its places and its value. */
export interface Gstr1Head {
  /** The invoice_id or credit_note_id. */
  id: string;
  number: string;
  date: string;
  /** The customer's GSTIN; null for an unregistered one, a consumer, or a non-resident or OIDAR provider. */
  ctin: string | null;
  gstTreatment: string | null;
  exportType: string | null;
  /** 2-digit code of the place of supply (96 abroad, 97 other territory). */
  pos: string;
  /** 2-digit code of the supplier's state: the GSTIN's first two digits. */
  supplierState: string;
  /** The document's value in INR. */
  value: Paise;
  /**
   * The recipient pays the tax (CGST s.9(3)): `rchrg` Y, the items still carrying it (Table 4B),
   * though the supplier owes none of it. A note follows its invoice.
   */
  reverseCharge?: boolean;
}

export interface Gstr1Doc extends Gstr1Head {
  lines: Gstr1Line[];
}

/** An issued credit note, with the invoice it credits when it names one. */
export interface Gstr1Note extends Gstr1Doc {
  invoice: Gstr1Head | null;
}

/** DD-MM-YYYY, the return's date format, of an ISO date. */
export const returnDate = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

export const isTaxable = (l: Gstr1Line) => l.supplyType === 'TAXABLE';

/** `rchrg` of a b2b invoice or a cdnr note. */
export const reverseChargeFlag = (d: Gstr1Head): 'Y' | 'N' => (d.reverseCharge ? 'Y' : 'N');

export interface RateTotals { rt: number; txval: number; iamt: number; camt: number; samt: number; csamt: number }

/** A document's lines summed by rate, in rate order: the `itms[]` of its entry. */
export function byRate(lines: readonly Gstr1Line[]): RateTotals[] {
  const rates = [...new Set(lines.map((l) => l.rateCenti))].sort((a, b) => a - b);
  return rates.map((rate) => {
    const at = lines.filter((l) => l.rateCenti === rate);
    const total = (pick: (l: Gstr1Line) => Paise) => toRupees(sum(at.map(pick)));
    return { rt: rate / 100, txval: total((l) => l.txval), iamt: total((l) => l.iamt), camt: total((l) => l.camt), samt: total((l) => l.samt), csamt: total((l) => l.csamt ?? 0) };
  });
}

/** `itms[]` as the portal numbers them, each with its `itm_det`. */
export const numbered = <T>(items: readonly T[]) => items.map((itm_det, i) => ({ num: i + 1, itm_det }));

/** Entries grouped under a key, groups in key order, entries in the order given. */
export function groupBy<T, K extends string>(items: readonly T[], keyOf: (item: T) => K): [K, T[]][] {
  const groups = new Map<K, T[]>();
  // Appended in place: copying a group at each entry made one recipient's thousands of invoices cost their square.
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** The sections that carry tax. */
export type TaxedSection = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur' | 'exp';
/** Sections whose items have fields for IGST and cess alone (GSTN's schema: their supplies are inter-state); their builders use igstItems. */
const IGST_ONLY: ReadonlySet<TaxedSection> = new Set(['b2cl', 'exp', 'cdnur']);

/** A document's lines by rate as an IGST-only section's items. */
export const igstItems = (lines: readonly Gstr1Line[]) => byRate(lines).map(({ rt, txval, iamt, csamt }) => ({ rt, txval, iamt, csamt }));

/**
 * The tax in INR paise a section carries of a document's lines: the heads its items have fields
 * for, and the cess every section has. CGST and SGST placed in an IGST-only section are lost, and the summary shows the loss.
 */
export const carriedTax = (section: TaxedSection, lines: readonly Gstr1Line[]): Paise =>
  sum(lines.map((l) => l.iamt + (l.csamt ?? 0) + (IGST_ONLY.has(section) ? 0 : l.camt + l.samt)));
