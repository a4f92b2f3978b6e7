import { toRupees, type Paise } from '../../kernel/money';

/* GSTR-3B of one GSTIN and month (docs/rules/returns-gstr1-gstr3b.md, "GSTR-3B") from its document lines, amounts in INR paise. */

export type SupplyKind = 'TAXABLE' | 'NIL_RATED' | 'EXEMPT' | 'NON_GST';
export type ItcType = 'IMPG' | 'IMPS' | 'ISRC' | 'OTH';

/** A line's GST by head, and its compensation cess (a document without one, an expense, leaves it out). */
interface Tax { igst: Paise; cgst: Paise; sgst: Paise; cess?: Paise }
interface Valued extends Tax {
  /** −1 for a note that takes a supply back (a credit note issued, a debit note or vendor credit received). */
  sign: 1 | -1;
  kind: SupplyKind;
  txval: Paise;
}

/** The tables of 3.2: inter-state supplies to unregistered persons, composition dealers and UIN holders. */
export type InterStateTable = 'unreg_details' | 'comp_details' | 'uin_details';

/** A line of an invoice or a credit note issued. */
export interface OutwardLine extends Valued {
  /** An export or a supply to an SEZ: 3.1(b). */
  zeroRated: boolean;
  /** The table of 3.2 and the 2-digit place of supply of an inter-state supply reported there, else null. */
  interState: { table: InterStateTable; pos: string } | null;
  /**
   * The recipient pays the tax (GSTR-1 Table 4B): its value is reported, its tax is not the
   * supplier's (docs/rules/returns-gstr1-gstr3b.md, "From GSTR-1 to GSTR-3B").
   */
  reverseCharge?: boolean;
}

/** A line of a bill, an expense, or a debit note or vendor credit received (then typed as its bill), or a Bill of Entry (IMPG). */
export interface InwardLine extends Valued {
  /** Reverse charge: the tax is self-assessed (3.1(d)) and claimed as ISRC or IMPS. */
  reverseCharge: boolean;
  itcType: ItcType;
  /** Credit blocked by CGST s.17(5): claimed in 4(A) and reversed in 4(B)(1) (Notification 14/2022-CT). */
  blocked: boolean;
  /**
   * Credit restricted by place-of-supply rules: CGST and SGST of a state other than the
   * recipient's (a hotel stay elsewhere, IGST Act s.12(3)), which its GSTIN cannot take.
   * Reported in 4(D)(2), never in 4(A).
   */
  posRestricted: boolean;
  inter: boolean;
  /** From a composition dealer: reported with exempt and nil inward supplies in 5. */
  composition: boolean;
}

interface Totals { txval: Paise; igst: Paise; cgst: Paise; sgst: Paise; cess: Paise }

/**
 * Credit reversed under Rule 37 in the period (4(B)(2)) and reclaimed once the supplier was paid
 * (4(A)(5), and 4(D)(1) as Circular 170/02/2022-GST fills it).
 */
export interface Rule37Credit { reversed: Omit<Totals, 'txval'>; reclaimed: Omit<Totals, 'txval'> }
const zero = (): Totals => ({ txval: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 });
const add = (into: Totals, line: Valued, withTax = true) => {
  into.txval += line.sign * line.txval;
  if (!withTax) return;
  into.igst += line.sign * line.igst;
  into.cgst += line.sign * line.cgst;
  into.sgst += line.sign * line.sgst;
  into.cess += line.sign * (line.cess ?? 0);
};
const tax = (t: Totals) => ({ iamt: toRupees(t.igst), camt: toRupees(t.cgst), samt: toRupees(t.sgst), csamt: toRupees(t.cess) });
const supply = (t: Totals) => ({ txval: toRupees(t.txval), ...tax(t) });
const byPlace = (totals: ReadonlyMap<string, Totals>) =>
  [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([pos, t]) => ({ pos, txval: toRupees(t.txval), iamt: toRupees(t.igst) }));

export function buildGstr3b(gstin: string, period: string, outward: readonly OutwardLine[], inward: readonly InwardLine[], rule37?: Rule37Credit) {
  const out = { det: zero(), zero: zero(), nilExempt: zero(), nonGst: zero() };
  const interState: Record<InterStateTable, Map<string, Totals>> = { unreg_details: new Map(), comp_details: new Map(), uin_details: new Map() };
  for (const line of outward) {
    if (line.kind === 'NIL_RATED' || line.kind === 'EXEMPT') add(out.nilExempt, line);
    else if (line.kind === 'NON_GST') add(out.nonGst, line);
    else add(line.zeroRated ? out.zero : out.det, line, !line.reverseCharge);
    if (line.kind === 'TAXABLE' && !line.zeroRated && line.interState !== null) {
      const { table, pos } = line.interState;
      const totals = interState[table].get(pos) ?? zero();
      add(totals, line, !line.reverseCharge);
      interState[table].set(pos, totals);
    }
  }

  const reverse = zero();
  const available: Record<ItcType, Totals> = { IMPG: zero(), IMPS: zero(), ISRC: zero(), OTH: zero() };
  const blocked = zero();
  const ineligible = zero();
  const exemptIn = { inter: zero(), intra: zero() };
  const nonGstIn = { inter: zero(), intra: zero() };
  for (const line of inward) {
    const side = line.inter ? 'inter' : 'intra';
    if (line.kind === 'NON_GST') add(nonGstIn[side], line, false);
    else if (line.kind !== 'TAXABLE' || line.composition) add(exemptIn[side], line, false);
    else {
      if (line.reverseCharge) add(reverse, line);
      if (line.posRestricted) add(ineligible, line);
      else {
        add(available[line.itcType], line);
        if (line.blocked) add(blocked, line);
      }
    }
  }

  const none = zero();
  const reversed37 = { ...none, ...rule37?.reversed };
  const reclaimed37 = { ...none, ...rule37?.reclaimed };
  for (const k of ['igst', 'cgst', 'sgst', 'cess'] as const) available.OTH[k] += reclaimed37[k];
  const avl = [['IMPG', available.IMPG], ['IMPS', available.IMPS], ['ISRC', available.ISRC], ['ISD', none], ['OTH', available.OTH]] as const;
  const claimed = zero();
  for (const [, t] of avl) for (const k of ['igst', 'cgst', 'sgst', 'cess'] as const) claimed[k] += t[k];
  const reversedAll = { igst: blocked.igst + reversed37.igst, cgst: blocked.cgst + reversed37.cgst, sgst: blocked.sgst + reversed37.sgst, cess: blocked.cess + reversed37.cess };
  const net = { txval: 0, igst: claimed.igst - reversedAll.igst, cgst: claimed.cgst - reversedAll.cgst, sgst: claimed.sgst - reversedAll.sgst, cess: claimed.cess - reversedAll.cess };
  return {
    gstin,
    ret_period: period,
    sup_details: { osup_det: supply(out.det), osup_zero: supply(out.zero), osup_nil_exmp: supply(out.nilExempt), isup_rev: supply(reverse), osup_nongst: supply(out.nonGst) },
    inter_sup: { unreg_details: byPlace(interState.unreg_details), comp_details: byPlace(interState.comp_details), uin_details: byPlace(interState.uin_details) },
    itc_elg: {
      itc_avl: avl.map(([ty, t]) => ({ ty, ...tax(t) })),
      itc_rev: [{ ty: 'RUL' as const, ...tax(blocked) }, { ty: 'OTH' as const, ...tax(reversed37) }],
      itc_net: tax(net),
      // 4(D)(1): credit reclaimed after an earlier 4(B)(2) reversal, shown here as well as in 4(A)(5) (Circular 170/02/2022-GST).
      itc_inelg: [{ ty: 'RUL' as const, ...tax(reclaimed37) }, { ty: 'OTH' as const, ...tax(ineligible) }],
    },
    inward_sup: {
      isup_details: [
        { ty: 'GST' as const, inter: toRupees(exemptIn.inter.txval), intra: toRupees(exemptIn.intra.txval) },
        { ty: 'NONGST' as const, inter: toRupees(nonGstIn.inter.txval), intra: toRupees(nonGstIn.intra.txval) },
      ],
    },
  };
}
export type Gstr3b = ReturnType<typeof buildGstr3b>;
