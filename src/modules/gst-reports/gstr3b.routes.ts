import { Type } from '@sinclair/typebox';
import type { Db } from '../../db/database';
import { csvReply } from '../../http/csv-reply';
import { route, type RouteDef } from '../../http/route';
import { toCsv } from '../../kernel/csv';
import { GSTR3B_COLUMNS, gstr3bRows } from './gstr3b-csv.rules';
import { buildGstr3b, type InwardLine, type Rule37Credit } from './gstr3b.builder';
import { requestedPeriod } from './gstr1-period.rules';
import { gstr3bLines } from './gstr3b.reader';
import { rule37OfPeriod } from './rule37.reader';
import { Gstr3b, Gstr3bQuery, ItcDifference } from './gstr3b.schemas';
import type { ReturnPeriod } from './gstr1-period.rules';
import { branchesOfGstin } from './gstin-branches';
import { filedField } from './filed-returns.reader';
import { FILED } from './filed-returns.schemas';

/**
 * Table 4 from the period's GSTR-2B instead of the books (docs/rules/itc-reconciliation.md,
 * "GSTR-3B from 2B"): given by the module that reconciles 2B, which itself reads this one.
 */
export type ItcBasis = (orgId: string, scope: { gstin: string; branches: string[] }, period: ReturnPeriod, books: { inward: readonly InwardLine[]; rule37: Rule37Credit }) =>
  Promise<{ itc_elg: Gstr3b['itc_elg']; itc_differences: ItcDifference[] }>;

export function gstr3bRoutes(db: Db, gstr2bBasis: ItcBasis): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/gst/gstr3b', operationId: 'getGstr3b', tags: ['GST'],
      summary: "GSTR-3B of one GSTIN for a month or a quarter (QRMP) in the portal's JSON: outward and reverse-charge supplies, input tax credit, exempt and non-GST inward supplies",
      access: 'Svc.gst.READ', query: Gstr3bQuery, produces: 'text/csv',
      response: { gstr3b: Gstr3b, filed: FILED, itc_differences: Type.Optional(Type.Array(ItcDifference, { description: 'itc_basis=gstr2b: each document whose credit in the period differs from the books basis' })) },
      handle: async ({ ctx, query }) => {
        const { gstin, branches } = await branchesOfGstin(db, ctx.orgId, query.gstin);
        // A quarterly (QRMP) filer's return sums the quarter's three months under its last month, as GSTR-1's `fp`.
        const period = requestedPeriod(query.period);
        const scope = { orgId: ctx.orgId, branches, from: period.from, to: period.to };
        const [{ outward, inward }, rule37] = await Promise.all([gstr3bLines(db, scope), rule37OfPeriod(db, scope)]);
        const books = buildGstr3b(gstin, period.fp, outward, inward, rule37);
        const basis = query.itc_basis === 'gstr2b' ? await gstr2bBasis(ctx.orgId, { gstin, branches }, period, { inward, rule37 }) : null;
        const gstr3b = basis ? { ...books, itc_elg: basis.itc_elg } : books;
        if (query.format === 'csv') return csvReply(`gstr3b-${period.fp}`, toCsv(GSTR3B_COLUMNS, gstr3bRows(gstr3b)));
        const filed = await filedField(db, ctx.orgId, { gstin, return: 'GSTR3B', period: query.period }, branches);
        return { gstr3b, ...(filed && { filed }), ...(basis && { itc_differences: basis.itc_differences }) };
      },
    }),
  ];
}
