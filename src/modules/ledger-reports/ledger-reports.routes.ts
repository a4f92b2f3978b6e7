import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { csvReply } from '../../http/csv-reply';
import type { DayBookService } from './day-book.service';
import type { GeneralLedgerService } from './general-ledger.service';
import { DayBook, DayBookQuery, GeneralLedger, GeneralLedgerQuery } from './ledger-reports.schemas';

const tags = ['Reports'];

export function ledgerReportRoutes(generalLedger: GeneralLedgerService, dayBook: DayBookService): RouteDef[] {
  /** The general ledger and the cash book are one report; the cash book only takes BANK and CASH accounts. */
  const accountBook = (key: 'general_ledger' | 'cash_book', cashOnly: boolean) =>
    async ({ ctx, query }: { ctx: { orgId: string }; query: GeneralLedgerQuery }) => {
      if (query.format === 'csv') return csvReply(key, await generalLedger.csv(ctx.orgId, query, { cashOnly }));
      const { ledger, page_context } = await generalLedger.page(ctx.orgId, query, { cashOnly });
      return { [key]: ledger, page_context };
    };
  return [
    route({
      method: 'GET', url: '/reports/general_ledger', operationId: 'getGeneralLedger', tags,
      summary: "One account's lines over a range with its opening balance and a running balance, a page at a time",
      access: 'Svc.accounts.READ', query: GeneralLedgerQuery, response: { general_ledger: GeneralLedger, page_context: PageContext }, produces: 'text/csv',
      handle: accountBook('general_ledger', false),
    }),
    route({
      method: 'GET', url: '/reports/cash_book', operationId: 'getCashBook', tags,
      summary: 'The general ledger of one BANK or CASH account, a page at a time',
      access: 'Svc.accounts.READ', query: GeneralLedgerQuery, response: { cash_book: GeneralLedger, page_context: PageContext }, produces: 'text/csv',
      handle: accountBook('cash_book', true),
    }),
    route({
      method: 'GET', url: '/reports/day_book', operationId: 'getDayBook', tags,
      summary: 'Every journal entry of a range with its lines and account names, a page at a time',
      access: 'Svc.accounts.READ', query: DayBookQuery, response: { day_book: DayBook, page_context: PageContext }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        if (query.format === 'csv') return csvReply('day_book', dayBook.csv(ctx.orgId, query));
        return dayBook.page(ctx.orgId, query);
      },
    }),
  ];
}
