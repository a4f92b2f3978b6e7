import { sum, toRupees, type Paise } from '../../kernel/money';
import type { Gstr1Doc, Gstr1Line } from './gstr1.rules';
import { isInterState } from './gstr1-section.rules';

/**
 * GSTR-1's b2cs: every other supply to unregistered recipients, summed by supply type, place of
 * supply and rate (`typ` OE: not through an e-commerce operator). Credit notes to such recipients
 * net here (`credit`), so a row may fall; rows in place, supply type and rate order.
 */
export function b2csSection(entries: readonly { doc: Gstr1Doc; credit: boolean }[]) {
  const rows = new Map<string, { sply_ty: 'INTRA' | 'INTER'; pos: string; rateCenti: number; lines: { line: Gstr1Line; sign: number }[] }>();
  for (const { doc, credit } of entries) {
    const sply_ty = isInterState(doc) ? 'INTER' as const : 'INTRA' as const;
    for (const line of doc.lines) {
      const key = `${doc.pos}|${sply_ty}|${String(line.rateCenti).padStart(6, '0')}`;
      const row = rows.get(key) ?? { sply_ty, pos: doc.pos, rateCenti: line.rateCenti, lines: [] };
      row.lines.push({ line, sign: credit ? -1 : 1 });
      rows.set(key, row);
    }
  }
  return [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, r]) => {
    const total = (pick: (l: Gstr1Line) => Paise) => toRupees(sum(r.lines.map(({ line, sign }) => sign * pick(line))));
    return { sply_ty: r.sply_ty, pos: r.pos, typ: 'OE' as const, rt: r.rateCenti / 100,
      txval: total((l) => l.txval), iamt: total((l) => l.iamt), camt: total((l) => l.camt), samt: total((l) => l.samt), csamt: total((l) => l.csamt ?? 0) };
  });
}
