import { sum, toRupees, type Paise } from '../../kernel/money';
import type { InrLine, SourceLine } from '../einvoice';
import type { HsnRow } from './gst-reports.schemas';

/**
 * One line of an outward document in the range, with its amounts in INR (inrLines): an
 * invoice's adds, an issued credit note's subtracts. `goodsMilli` is the quantity it reports:
 * the line's, but 0 for a credit note line that lowers value alone (docs/decisions.md, Notes).
 */
export interface HsnEntry { line: SourceLine; inr: InrLine; credit: boolean; goodsMilli: number }

interface Group { hsn: string; uqc: string; rateCenti: number; desc: string; qtyMilli: number; txval: Paise; iamt: Paise; camt: Paise; samt: Paise; csamt: Paise }

/** The longest description GSTR-1's HSN table takes (docs/rules/returns-gstr1-gstr3b.md, "HSN summary"). */
const DESC_LENGTH = 30;

/** The GST unit of a line: NA for a service (docs/rules/hsn-and-units.md, "Units (UQC)"), else its unit, upper case, OTH when it has none (as the e-invoice). */
const uqcOf = (l: SourceLine) => (l.isService ? 'NA' : (l.unit?.toUpperCase() ?? 'OTH'));

/**
 * GSTR-1's HSN table of some lines: one row per (HSN/SAC, unit, rate), amounts in INR as the
 * e-invoice converts them, services with quantity 0. Rows in code, unit, rate order.
 */
export function hsnSection(entries: readonly HsnEntry[]) {
  const groups = new Map<string, Group>();
  for (const { line, inr, credit, goodsMilli } of entries) {
    const uqc = uqcOf(line);
    const key = `${line.hsnOrSac ?? ''}|${uqc}|${line.taxRateCenti}`;
    const group = groups.get(key) ?? { hsn: line.hsnOrSac ?? '', uqc, rateCenti: line.taxRateCenti, desc: line.name, qtyMilli: 0, txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 };
    // The smallest name: the same whatever order the lines come in (the database sums most of them).
    if (line.name < group.desc) group.desc = line.name;
    const sign = credit ? -1 : 1;
    group.qtyMilli += line.isService ? 0 : sign * goodsMilli;
    group.txval += sign * inr.taxable;
    group.iamt += sign * inr.igst;
    group.camt += sign * inr.cgst;
    group.samt += sign * inr.sgst;
    group.csamt += sign * inr.cess;
    groups.set(key, group);
  }
  const sorted = [...groups.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || a.uqc.localeCompare(b.uqc) || a.rateCenti - b.rateCenti);
  // As the portal takes a row: no empty hsn_sc (a row of lines without a code is named by its desc), desc at most 30 characters.
  const data: HsnRow[] = sorted.map((g, i) => ({
    num: i + 1, ...(g.hsn !== '' && { hsn_sc: g.hsn }), desc: [...g.desc].slice(0, DESC_LENGTH).join(''), uqc: g.uqc, qty: g.qtyMilli / 1000, rt: g.rateCenti / 100,
    txval: toRupees(g.txval), iamt: toRupees(g.iamt), camt: toRupees(g.camt), samt: toRupees(g.samt), csamt: toRupees(g.csamt),
  }));
  const total = (pick: (g: Group) => Paise) => toRupees(sum(sorted.map(pick)));
  return { data, totals: { txval: total((g) => g.txval), iamt: total((g) => g.iamt), camt: total((g) => g.camt), samt: total((g) => g.samt), csamt: total((g) => g.csamt) } };
}
