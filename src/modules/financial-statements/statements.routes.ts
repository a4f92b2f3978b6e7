import { csvReply } from '../../http/csv-reply';
import { route, type RouteDef } from '../../http/route';
import { toCsv } from '../../kernel/csv';
import { TrialBalance, TrialBalanceQuery } from '../ledger/ledger.schemas';
import { STATEMENT_COLUMNS, statementRows, trialBalanceTable } from './statement-csv.rules';
import { BalanceSheet, BalanceSheetQuery, ProfitAndLoss, ProfitAndLossQuery } from './statements.schemas';
import type { FinancialStatements } from './statements.service';

const tags = ['Reports'];

export function financialStatementsRoutes(statements: FinancialStatements): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/reports/trial_balance', operationId: 'getTrialBalance', tags,
      summary: "Every account's debit and credit totals through a date, or over a period with opening and closing balances",
      access: 'Svc.accounts.READ', query: TrialBalanceQuery, response: { trial_balance: TrialBalance }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        const answer = await statements.trialBalance(ctx.orgId, query);
        if (query.format !== 'csv') return answer;
        const { columns, rows } = trialBalanceTable(answer.trial_balance);
        return csvReply('trial_balance', toCsv(columns, rows));
      },
    }),
    route({
      method: 'GET', url: '/reports/profit_and_loss', operationId: 'getProfitAndLoss', tags,
      summary: 'The statement of profit and loss over a range (Schedule III order), optionally beside a comparison range',
      access: 'Svc.accounts.READ', query: ProfitAndLossQuery, response: { profit_and_loss: ProfitAndLoss }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        const answer = await statements.profitAndLoss(ctx.orgId, query);
        return query.format === 'csv' ? csvReply('profit_and_loss', toCsv(STATEMENT_COLUMNS, statementRows(answer.profit_and_loss))) : answer;
      },
    }),
    route({
      method: 'GET', url: '/reports/balance_sheet', operationId: 'getBalanceSheet', tags,
      summary: 'The balance sheet as at a date (Schedule III order), optionally beside the same date a year earlier',
      access: 'Svc.accounts.READ', query: BalanceSheetQuery, response: { balance_sheet: BalanceSheet }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        const answer = await statements.balanceSheet(ctx.orgId, query);
        return query.format === 'csv' ? csvReply('balance_sheet', toCsv(STATEMENT_COLUMNS, statementRows(answer.balance_sheet))) : answer;
      },
    }),
  ];
}
