import { Type } from '@sinclair/typebox';
import { csvReply } from '../../http/csv-reply';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { toCsv } from '../../kernel/csv';
import { BANK_LINE_COLUMNS, bankLineRows } from './bank-lines-csv.rules';
import { BankLine, ExcludeBankLineBody, ListBankLinesQuery } from './bank-lines.schemas';
import type { BankLinesService } from './bank-lines.service';

const tags = ['Banking'];
const LineParam = IdParam('bank_transaction_id');

/** An account's bank lines (docs/rules/banking.md, "Bank lines"). */
export function bankLinesRoutes(lines: BankLinesService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/bank_transactions', operationId: 'listBankTransactions', tags,
      summary: "An account's bank lines in the bank's order, by status and dates; format=csv lists them all",
      access: 'Svc.banking.READ', query: ListBankLinesQuery, response: { bank_transactions: Type.Array(BankLine), page_context: PageContext }, produces: 'text/csv',
      handle: async ({ ctx, query }) => (query.format === 'csv'
        ? csvReply(`bank_transactions-${query.account_id}`, toCsv(BANK_LINE_COLUMNS, bankLineRows(await lines.all(ctx, query))))
        : lines.list(ctx, query)),
    }),
    route({
      method: 'GET', url: '/bank_transactions/:bank_transaction_id', operationId: 'getBankTransaction', tags,
      summary: 'A bank line, with its match', access: 'Svc.banking.READ', params: LineParam, response: { bank_transaction: BankLine },
      handle: ({ ctx, params }) => lines.get(ctx, params.bank_transaction_id),
    }),
    route({
      method: 'POST', url: '/bank_transactions/:bank_transaction_id/exclude', operationId: 'excludeBankTransaction', tags, failsWithCodes: ['conflict.reconciled'],
      summary: 'Keep an unmatched line out of matching and reconciliation, with the reason', access: 'Svc.banking.UPDATE', params: LineParam,
      body: ExcludeBankLineBody, message: 'The line has been excluded.', response: { bank_transaction: BankLine },
      handle: ({ ctx, params, body }) => lines.exclude(ctx, params.bank_transaction_id, body),
    }),
    route({
      method: 'POST', url: '/bank_transactions/:bank_transaction_id/restore', operationId: 'restoreBankTransaction', tags, failsWithCodes: ['conflict.reconciled'],
      summary: 'Put an excluded line back among the unmatched', access: 'Svc.banking.UPDATE', params: LineParam,
      message: 'The line has been restored.', response: { bank_transaction: BankLine },
      handle: ({ ctx, params }) => lines.restore(ctx, params.bank_transaction_id),
    }),
  ];
}
