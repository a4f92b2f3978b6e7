import { route, type RouteDef } from '../../http/route';
import { TrialBalance, TrialBalanceQuery } from '../ledger/ledger.schemas';
import { BalanceSheet, BalanceSheetQuery, ProfitAndLoss, ProfitAndLossQuery } from './statements.schemas';
import type { FinancialStatements } from './statements.service';

const tags = ['Reports'];

export function financialStatementsRoutes(statements: FinancialStatements): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/reports/trial_balance', operationId: 'getTrialBalance', tags,
      summary: "Every account's debit and credit totals through a date, or over a period with opening and closing balances",
      access: 'Svc.accounts.READ', query: TrialBalanceQuery, response: { trial_balance: TrialBalance },
      handle: ({ ctx, query }) => statements.trialBalance(ctx.orgId, query),
    }),
    route({
      method: 'GET', url: '/reports/profit_and_loss', operationId: 'getProfitAndLoss', tags,
      summary: 'The statement of profit and loss over a range (Schedule III order), optionally beside a comparison range',
      access: 'Svc.accounts.READ', query: ProfitAndLossQuery, response: { profit_and_loss: ProfitAndLoss },
      handle: ({ ctx, query }) => statements.profitAndLoss(ctx.orgId, query),
    }),
    route({
      method: 'GET', url: '/reports/balance_sheet', operationId: 'getBalanceSheet', tags,
      summary: 'The balance sheet as at a date (Schedule III order), optionally beside the same date a year earlier',
      access: 'Svc.accounts.READ', query: BalanceSheetQuery, response: { balance_sheet: BalanceSheet },
      handle: ({ ctx, query }) => statements.balanceSheet(ctx.orgId, query),
    }),
  ];
}
