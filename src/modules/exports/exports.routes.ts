import { Readable } from 'node:stream';
import { FileReply, route, type RouteDef } from '../../http/route';
import { LEDGER_MEDIA_TYPES, LedgerExportQuery } from './exports.schemas';
import type { LedgerExports } from './exports.service';

export function exportsRoutes(exports: LedgerExports): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/exports/ledger', operationId: 'exportLedger', tags: ['Reports'],
      summary: 'Every journal of a period (the financial year to date by default) as an hledger journal or a CSV of postings, after its opening balances',
      access: 'Svc.accounts.READ', query: LedgerExportQuery, produces: {
        'text/plain': 'format=hledger (the default): an hledger journal (UTF-8) that `hledger check --strict` accepts',
        'text/csv': 'format=csv: a header row, then one row per posting (date, journal_id, code, description, account, debit, credit)',
      },
      handle: async ({ ctx, query }) => {
        const format = query.format ?? 'hledger';
        const { parts, range } = await exports.ledger(ctx.orgId, query);
        const { contentType, extension } = LEDGER_MEDIA_TYPES[format];
        return new FileReply(Readable.from(parts), { 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="ledger-${range.from}-${range.to}.${extension}"` });
      },
    }),
  ];
}
