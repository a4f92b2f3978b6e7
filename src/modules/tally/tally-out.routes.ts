import { Readable } from 'node:stream';
import { FileReply, route, type RouteDef } from '../../http/route';
import { TALLY_MEDIA_TYPE, TallyExportQuery } from './tally-out.schemas';
import type { TallyExports } from './tally-out.service';

export function tallyOutRoutes(exports: TallyExports): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/exports/tally', operationId: 'exportTally', tags: ['Reports'],
      summary: "The masters and vouchers of a period (the financial year to date by default) as a Tally import file: ledgers with their opening balances, stock items, units, then every voucher",
      access: 'Svc.accounts.READ', query: TallyExportQuery, produces: {
        'application/xml': 'A Tally XML import (UTF-8): ENVELOPE, one IMPORTDATA whose report is Vouchers, masters before vouchers',
      },
      handle: async ({ ctx, query }) => {
        const { parts, range } = await exports.tally(ctx.orgId, query);
        return new FileReply(Readable.from(parts), { 'Content-Type': TALLY_MEDIA_TYPE, 'Content-Disposition': `attachment; filename="tally-${range.from}-${range.to}.xml"` });
      },
    }),
  ];
}
