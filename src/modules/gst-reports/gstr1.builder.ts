import { b2csSection } from './gstr1-b2cs.builder';
import { b2bSection, b2clSection, expSection } from './gstr1-invoices.builder';
import { carriedTax, isTaxable, type Gstr1Doc, type Gstr1Note, type TaxedSection } from './gstr1.rules';
import { nilSection } from './gstr1-nil.builder';
import { cdnrSection, cdnurSection } from './gstr1-notes.builder';
import { invoiceSection, isExport, noteSection } from './gstr1-section.rules';
import type { TaxBySource } from './gstr1-summary.rules';

/**
 * The document sections of GSTR-1 from the period's issued invoices and credit notes (no drafts,
 * no voids). A document's taxable lines go to its section, its nil-rated, exempt and non-GST lines
 * to `nil`; an export keeps every line (it is zero-rated). A document without taxable lines is in
 * `nil` only. `carried` is the tax each document's section carries as built (a note's negative),
 * which the summary holds against the books: none for a reverse-charge document, whose items
 * carry the recipient's tax, not the supplier's (docs/rules/returns-gstr1-gstr3b.md, "Outward reverse charge").
 */
export function gstr1Sections(invoices: readonly Gstr1Doc[], notes: readonly Gstr1Note[]) {
  const taxablePart = <D extends Gstr1Doc>(d: D, exported: boolean): D => ({ ...d, lines: exported ? d.lines : d.lines.filter(isTaxable) });
  const nilPart = (d: Gstr1Doc) => ({ ...d, lines: d.lines.filter((l) => !isTaxable(l)) });

  const bySection = { b2b: [] as Gstr1Doc[], b2cl: [] as Gstr1Doc[], exp: [] as Gstr1Doc[], cdnr: [] as Gstr1Note[], cdnur: [] as Gstr1Note[] };
  const b2cs: { doc: Gstr1Doc; credit: boolean }[] = [];
  const nil: { doc: Gstr1Doc; credit: boolean }[] = [];
  const carried: TaxBySource[] = [];
  const place = (section: TaxedSection, doc: Gstr1Doc | Gstr1Note, credit: boolean) => {
    const exported = isExport(doc);
    const taxed = taxablePart(doc, exported);
    if (!exported) nil.push({ doc: nilPart(doc), credit });
    if (taxed.lines.length === 0) return;
    carried.push({ source: credit ? 'CREDIT_NOTE' : 'INVOICE', sourceId: doc.id, number: doc.number, tax: doc.reverseCharge ? 0 : (credit ? -1 : 1) * carriedTax(section, taxed.lines) });
    if (section === 'b2cs') b2cs.push({ doc: taxed, credit });
    else if (section === 'cdnr' || section === 'cdnur') bySection[section].push(taxed as Gstr1Note);
    else bySection[section].push(taxed);
  };
  for (const d of invoices) place(invoiceSection(d), d, false);
  for (const n of notes) place(noteSection(n), n, true);

  return {
    sections: {
      b2b: b2bSection(bySection.b2b), b2cl: b2clSection(bySection.b2cl), b2cs: b2csSection(b2cs),
      cdnr: cdnrSection(bySection.cdnr), cdnur: cdnurSection(bySection.cdnur), exp: expSection(bySection.exp), nil: nilSection(nil),
    },
    carried,
  };
}
