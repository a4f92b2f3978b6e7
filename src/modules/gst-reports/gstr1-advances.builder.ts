import { sum, toRupees, type Paise } from '../../kernel/money';
import { groupBy } from './gstr1.rules';
import type { TaxBySource } from './gstr1-summary.rules';

/** The tax on an advance for services as posted: by its receipt (+) or by an adjustment against an invoice (taken back). */
export interface AdvanceEntry {
  /** The payment_id of a receipt, the allocation_id of an adjustment. */
  id: string;
  /** The receipt voucher's number. */
  number: string | null;
  /** 2-digit state code. */
  pos: string;
  supplyType: 'INTRA' | 'INTER';
  rateCenti: number;
  taxable: Paise; igst: Paise; cgst: Paise; sgst: Paise;
}

/**
 * What took back (part of) an advance's tax: an adjustment against an invoice (its allocation's
 * entry) or a refund (its own entry, source PAYMENT); `earlier` when the advance was received
 * before the period.
 */
export type AdjustmentEntry = AdvanceEntry & { source: 'ALLOCATION' | 'PAYMENT'; earlier: boolean };

/**
 * GSTR-1 Table 11 in GSTN's shape, by place of supply and supply type, `itms` by rate, `ad_amt`
 * the taxable value (docs/rules/returns-gstr1-gstr3b.md, "Advances received"). `at` (11A) is
 * built from the period's receipts less what adjustments in the period took back of them;
 * `txpd` (11B) from the adjustments of earlier receipts. An item or row that nets to nothing is
 * left out. Rows in place and supply type order.
 */
export function advanceSection(entries: readonly { entry: AdvanceEntry; sign: 1 | -1 }[]) {
  return groupBy(entries, ({ entry }) => `${entry.pos}|${entry.supplyType}`).map(([, group]) => {
    const rates = groupBy(group, ({ entry }) => String(entry.rateCenti).padStart(6, '0'));
    const itms = rates.map(([, at]) => {
      const total = (pick: (e: AdvanceEntry) => Paise) => toRupees(sum(at.map(({ entry, sign }) => sign * pick(entry))));
      return { rt: at[0]!.entry.rateCenti / 100, ad_amt: total((e) => e.taxable), iamt: total((e) => e.igst), camt: total((e) => e.cgst), samt: total((e) => e.sgst), csamt: 0 };
    }).filter((i) => i.ad_amt !== 0 || i.iamt !== 0 || i.camt !== 0 || i.samt !== 0);
    return { pos: group[0]!.entry.pos, sply_ty: group[0]!.entry.supplyType, itms };
  }).filter((row) => row.itms.length > 0);
}

/**
 * The two tables from the period's advances, and the tax each receipt and adjustment carries
 * (what the summary holds against the output ledgers, source by source as the books post it).
 */
export function gstr1Advances(received: readonly AdvanceEntry[], adjusted: readonly AdjustmentEntry[]) {
  const taxOf = (e: AdvanceEntry) => e.igst + e.cgst + e.sgst;
  const carried: TaxBySource[] = [
    ...received.map((e) => ({ source: 'PAYMENT', sourceId: e.id, number: e.number, tax: taxOf(e) })),
    ...adjusted.map((e) => ({ source: e.source, sourceId: e.id, number: e.number, tax: -taxOf(e) })),
  ];
  return {
    at: advanceSection([...received.map((entry) => ({ entry, sign: 1 as const })), ...adjusted.filter((e) => !e.earlier).map((entry) => ({ entry, sign: -1 as const }))]),
    txpd: advanceSection(adjusted.filter((e) => e.earlier).map((entry) => ({ entry, sign: 1 as const }))),
    carried,
  };
}
