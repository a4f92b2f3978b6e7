import type { Db } from '../../db/database';
import { toPaise, toRupees } from '../../kernel/money';
import { orgSettings } from '../../platform/orgs/org-settings';
import type { Gstr3b, InwardLine, ItcBasis, ItcDifference } from '../gst-reports';
import { buildTable4, type CreditDifference, type Table4 } from './gstr2b-credit.rules';
import type { TaxHeads } from './itc-documents';
import { imsStandingOf } from './ims-standing.reader';
import { reconcilePeriod } from './reconciliation.reader';

/*
 * GSTR-3B table 4 on the GSTR-2B basis (docs/rules/itc-reconciliation.md, "GSTR-3B from 2B"):
 * the period's reconciliation, the IMS actions, the books' reverse-charge credit (never in 2B)
 * and Rule 37's reversals, through buildTable4.
 */

const none = (): TaxHeads => ({ igst: 0, cgst: 0, sgst: 0, cess: 0 });
const addLine = (into: TaxHeads, l: InwardLine) => {
  into.igst += l.sign * l.igst;
  into.cgst += l.sign * l.cgst;
  into.sgst += l.sign * l.sgst;
  into.cess += l.sign * (l.cess ?? 0);
};

/** Import of services (4(A)(2)) and other reverse charge (4(A)(3)): the tax this return pays in 3.1(d), and the part s.17(5) blocks. */
function reverseChargeCredit(inward: readonly InwardLine[]) {
  const credit = { IMPS: none(), ISRC: none(), blocked: none() };
  for (const l of inward) {
    if (l.kind !== 'TAXABLE' || l.composition || l.posRestricted || (l.itcType !== 'IMPS' && l.itcType !== 'ISRC')) continue;
    addLine(credit[l.itcType], l);
    if (l.blocked) addLine(credit.blocked, l);
  }
  return credit;
}

const tax = (h: TaxHeads) => ({ iamt: toRupees(h.igst), camt: toRupees(h.cgst), samt: toRupees(h.sgst), csamt: toRupees(h.cess) });
const rupees = (h: TaxHeads) => ({ igst: toRupees(h.igst), cgst: toRupees(h.cgst), sgst: toRupees(h.sgst), cess: toRupees(h.cess) });

function itcElg(t: Table4): Gstr3b['itc_elg'] {
  const rows = ['IMPG', 'IMPS', 'ISRC', 'ISD', 'OTH'] as const;
  const net = none();
  for (const k of ['igst', 'cgst', 'sgst', 'cess'] as const) {
    net[k] = rows.reduce((sum, ty) => sum + t.available[ty][k], 0) - t.reversed.RUL[k] - t.reversed.OTH[k];
  }
  return {
    itc_avl: rows.map((ty) => ({ ty, ...tax(t.available[ty]) })),
    itc_rev: [{ ty: 'RUL' as const, ...tax(t.reversed.RUL) }, { ty: 'OTH' as const, ...tax(t.reversed.OTH) }],
    itc_net: tax(net),
    itc_inelg: [{ ty: 'RUL' as const, ...tax(t.ineligible.RUL) }, { ty: 'OTH' as const, ...tax(t.ineligible.OTH) }],
  };
}

function presentDifference(d: CreditDifference): ItcDifference {
  const named = d.gstr2b ?? d.books!;
  return {
    reason: d.reason, supplier_gstin: named.supplierGstin, document_type: named.documentType, document_number: named.documentNumber, document_date: named.documentDate,
    gstr2b_document_id: d.gstr2b?.id ?? null, gstr2b_period: d.gstr2b?.period ?? null,
    books_document_type: d.books?.type ?? null, books_document_id: d.books?.id ?? null,
    books_credit: rupees(d.booksCredit), gstr2b_credit: rupees(d.gstr2bCredit),
  };
}

export function gstr2bItcBasis(db: Db): ItcBasis {
  return async (orgId, scope, period, { inward, rule37 }) => {
    const { prefs } = await orgSettings(db, orgId);
    const [found, imsStanding] = await Promise.all([
      reconcilePeriod(db, { orgId, ...scope }, period, toPaise(prefs.itcMatchTolerance)),
      imsStandingOf(db, orgId, scope.gstin),
    ]);
    const table4 = buildTable4({ pairs: found.pairs, period, inPeriod: found.inPeriod, imsStanding, reverseCharge: reverseChargeCredit(inward), rule37 });
    return { itc_elg: itcElg(table4), itc_differences: table4.differences.map(presentDifference) };
  };
}
