import { sum, toRupees, type Paise } from '../../kernel/money';
import type { Gstr1Doc } from './gstr1.rules';
import { isInterState } from './gstr1-section.rules';

const KINDS = ['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C'] as const;

/**
 * GSTR-1's nil table: the nil-rated, exempt and non-GST lines of the period by inter/intra-state
 * and registered or not, credit notes subtracting; only the kinds that have any.
 */
export function nilSection(entries: readonly { doc: Gstr1Doc; credit: boolean }[]) {
  const kindOf = (d: Gstr1Doc) => `${isInterState(d) ? 'INTR' : 'INTRA'}${d.ctin ? 'B2B' : 'B2C'}`;
  const inv = KINDS.flatMap((sply_ty) => {
    const lines = entries.filter((e) => kindOf(e.doc) === sply_ty)
      .flatMap(({ doc, credit }) => doc.lines.map((line) => ({ line, sign: credit ? -1 : 1 })));
    if (lines.length === 0) return [];
    const of = (supplyType: string) => toRupees(sum(lines.filter((l) => l.line.supplyType === supplyType).map((l): Paise => l.sign * l.line.txval)));
    return [{ sply_ty, nil_amt: of('NIL_RATED'), expt_amt: of('EXEMPT'), ngsup_amt: of('NON_GST') }];
  });
  return { inv };
}
