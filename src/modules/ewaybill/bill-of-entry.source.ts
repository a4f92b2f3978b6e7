import type { Db } from '../../db/database';
import { allocateByRemainder, type Paise } from '../../kernel/money';
import { documentLines, inrOf, type SourceLine } from '../einvoice';

/*
 * The goods an import's Bill of Entry clears, as its e-way bill lists them (docs/rules/einvoice-ewaybill.md,
 * "The Bill of Entry's e-way bill"): the goods lines of the bills it covers, valued as customs
 * assessed them.
 */

export interface CoveredBill { bill_id: string; exchange_rate_micro: number; vendor_name: string; party: string | null; place_of_supply: string }

/** The bills a Bill of Entry covers, in the order it names them, except any voided since. */
export const coveredBills = (db: Db, orgId: string, billOfEntryId: string): Promise<CoveredBill[]> => db.selectFrom('bill_of_entry_bills as c')
  .innerJoin('bills as b', (j) => j.onRef('b.org_id', '=', 'c.org_id').onRef('b.bill_id', '=', 'c.bill_id'))
  .select(['b.bill_id', 'b.exchange_rate_micro', 'b.vendor_name', 'b.party', 'b.place_of_supply'])
  .where('c.org_id', '=', orgId).where('c.bill_of_entry_id', '=', billOfEntryId).where('b.status', '!=', 'CANCELLED')
  .orderBy('c.position').execute();

/**
 * The covered bills' goods lines in rupees, each carrying its share of what customs assessed:
 * the value IGST was levied on (assessable value with the duties, Customs Tariff Act s.3(8)) and
 * that IGST, spread over the lines in proportion to their value on the bills (largest remainder,
 * so the shares add up to the Bill of Entry's figures).
 */
export async function billOfEntryGoods(db: Db, orgId: string, bills: readonly CoveredBill[], customs: { igstTaxableValue: Paise; igst: Paise }): Promise<SourceLine[]> {
  const goods: SourceLine[] = [];
  for (const bill of bills) {
    const inr = inrOf(bill.exchange_rate_micro);
    const lines = await documentLines(db, 'bill_lines', 'bill_id', orgId, bill.bill_id);
    goods.push(...lines.filter((l) => !l.isService).map((l) => ({ ...l, itemTotal: inr(l.itemTotal + l.discount) - inr(l.discount), discount: 0 })));
  }
  const weights = goods.map((l) => BigInt(Math.max(l.itemTotal, 0)));
  const whole = weights.reduce((a, b) => a + b, 0n);
  if (whole === 0n) return goods;
  const share = (total: Paise) => allocateByRemainder(total, weights.map((w) => BigInt(total) * w), whole);
  const [values, igst] = [share(customs.igstTaxableValue), share(customs.igst)];
  return goods.map((l, i) => ({ ...l, discount: 0, itemTotal: values[i]!, cgst: 0, sgst: 0, igst: igst[i]!, cess: 0, cessRateCenti: 0, cessPerUnit: 0 }));
}
