import { toRupees } from '../../kernel/money';
import { byRate, groupBy, igstItems, numbered, returnDate, reverseChargeFlag, type Gstr1Note } from './gstr1.rules';
import { exportType, invoiceSection, invoiceType } from './gstr1-section.rules';

/* The issued credit notes of GSTR-1 (`ntty` C), amounts as positive numbers: cdnr by recipient, cdnur one by one. */

const head = (n: Gstr1Note) => ({ ntty: 'C' as const, nt_num: n.number, nt_dt: returnDate(n.date), val: toRupees(n.value), pos: n.pos });

export function cdnrSection(notes: readonly Gstr1Note[]) {
  return groupBy(notes, (n) => n.ctin ?? '').map(([ctin, nt]) => ({
    ctin,
    nt: nt.map((n) => ({ ...head(n), rchrg: reverseChargeFlag(n), inv_typ: invoiceType(n), itms: numbered(byRate(n.lines)) })),
  }));
}

/** A note against a b2cl invoice is B2CL; against an export (or, naming none, at place of supply 96) EXPWP or EXPWOP. */
function unregisteredType(n: Gstr1Note): 'B2CL' | 'EXPWP' | 'EXPWOP' {
  if (n.invoice && invoiceSection(n.invoice) === 'b2cl') return 'B2CL';
  return exportType(n.invoice ?? n) === 'WOPAY' ? 'EXPWOP' : 'EXPWP';
}

/** A note against an export names no place of supply: GSTN's cdnur schema takes `pos` for B2CL only (the export's is 96, outside its codes). */
export function cdnurSection(notes: readonly Gstr1Note[]) {
  return notes.map((n) => {
    const typ = unregisteredType(n);
    const { pos, ...rest } = head(n);
    return {
      typ, ...rest, ...(typ === 'B2CL' && { pos }),
      itms: numbered(igstItems(n.lines)),
    };
  });
}
