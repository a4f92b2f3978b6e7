import { toRupees } from '../../kernel/money';
import { byRate, groupBy, igstItems, numbered, returnDate, reverseChargeFlag, type Gstr1Doc } from './gstr1.rules';
import { exportType, invoiceType } from './gstr1-section.rules';

/* The invoice sections of GSTR-1: b2b by recipient, b2cl by place of supply, exp by kind. Documents come in date and number order. */

const head = (d: Gstr1Doc) => ({ inum: d.number, idt: returnDate(d.date), val: toRupees(d.value) });

export function b2bSection(docs: readonly Gstr1Doc[]) {
  return groupBy(docs, (d) => d.ctin ?? '').map(([ctin, inv]) => ({
    ctin,
    inv: inv.map((d) => ({ ...head(d), pos: d.pos, rchrg: reverseChargeFlag(d), inv_typ: invoiceType(d), itms: numbered(byRate(d.lines)) })),
  }));
}

export function b2clSection(docs: readonly Gstr1Doc[]) {
  return groupBy(docs, (d) => d.pos).map(([pos, inv]) => ({
    pos,
    inv: inv.map((d) => ({ ...head(d), itms: numbered(igstItems(d.lines)) })),
  }));
}

export function expSection(docs: readonly Gstr1Doc[]) {
  return groupBy(docs, exportType).map(([exp_typ, inv]) => ({
    exp_typ,
    inv: inv.map((d) => ({ ...head(d), itms: igstItems(d.lines) })),
  }));
}
