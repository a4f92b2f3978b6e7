import { Type } from '@sinclair/typebox';
import { csvReply } from '../../http/csv-reply';
import { route, type RouteDef } from '../../http/route';
import { toCsv } from '../../kernel/csv';
import { BANK_RECONCILIATION_COLUMNS, bankReconciliationRows } from './reconciliation-csv.rules';
import {
  AccountParams, BankReconciliationQuery, BankReconciliationReport, CreateReconciliationBody, Reconciliation, ReconciliationParams, ReconciliationSummary,
} from './reconciliation.schemas';
import type { BankReconciliationService } from './reconciliation.service';

const tags = ['Banking'];
const response = { reconciliation: Reconciliation };

export function bankReconciliationRoutes(reconciliations: BankReconciliationService): RouteDef[] {
  return [
    route({
      method: 'POST', url: '/bank_accounts/:account_id/reconciliations', operationId: 'createBankReconciliation', tags,
      summary: "Reconcile the account to a statement date and the bank's closing balance on it (one open at a time: posting again while one is open sets its date and balance)",
      access: 'Svc.banking.CREATE', params: AccountParams, body: CreateReconciliationBody, status: 201, message: 'The reconciliation has been saved.', response,
      handle: ({ ctx, params, body }) => reconciliations.create(ctx, params.account_id, body),
    }),
    route({
      method: 'GET', url: '/bank_accounts/:account_id/reconciliations', operationId: 'listBankReconciliations', tags,
      summary: "The account's reconciliations, the latest statement date first, with their cleared balance and difference",
      access: 'Svc.banking.READ', params: AccountParams, response: { reconciliations: Type.Array(ReconciliationSummary) },
      handle: ({ ctx, params }) => reconciliations.list(ctx, params.account_id),
    }),
    route({
      method: 'GET', url: '/bank_accounts/:account_id/reconciliations/:bank_reconciliation_id', operationId: 'getBankReconciliation', tags,
      summary: 'A reconciliation with its cleared balance, difference and the lines it settles',
      access: 'Svc.banking.READ', params: ReconciliationParams, response,
      handle: ({ ctx, params }) => reconciliations.get(ctx, params.account_id, params.bank_reconciliation_id),
    }),
    route({
      method: 'POST', url: '/bank_accounts/:account_id/reconciliations/:bank_reconciliation_id/close', operationId: 'closeBankReconciliation', tags,
      summary: 'Close an open reconciliation whose difference is 0: its lines, and the entries matched to them, are reconciled until it is reopened',
      access: 'Svc.banking.UPDATE', params: ReconciliationParams, message: 'The reconciliation has been closed.', response,
      handle: ({ ctx, params }) => reconciliations.close(ctx, params.account_id, params.bank_reconciliation_id),
    }),
    route({
      method: 'POST', url: '/bank_accounts/:account_id/reconciliations/:bank_reconciliation_id/reopen', operationId: 'reopenBankReconciliation', tags,
      summary: "Reopen the account's latest closed reconciliation: its lines are no longer reconciled (it replaces an open one)",
      access: 'Svc.banking.UPDATE', params: ReconciliationParams, message: 'The reconciliation has been reopened.', response,
      handle: ({ ctx, params }) => reconciliations.reopen(ctx, params.account_id, params.bank_reconciliation_id),
    }),
    route({
      method: 'GET', url: '/reports/bank_reconciliation', operationId: 'getBankReconciliationReport', tags: ['Reports'],
      summary: 'The bank reconciliation statement of a BANK or CASH account on a date: balance per books to balance per bank',
      access: 'Svc.banking.READ', query: BankReconciliationQuery, response: { bank_reconciliation: BankReconciliationReport }, produces: 'text/csv',
      handle: async ({ ctx, query }) => {
        const report = await reconciliations.report(ctx, query);
        if (query.format === 'csv') return csvReply(`bank_reconciliation-${query.date}`, toCsv(BANK_RECONCILIATION_COLUMNS, bankReconciliationRows(report)));
        return { bank_reconciliation: report };
      },
    }),
  ];
}
