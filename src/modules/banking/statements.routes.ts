import { Type } from '@sinclair/typebox';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import type { StatementImportService } from './statement-import.service';
import { receiveStatement } from './statement-upload';
import { BankStatement, StatementUploadForm } from './statements.schemas';

const tags = ['Banking'];
const AccountParam = IdParam('account_id');

/** Bank statements imported for an account (docs/rules/banking.md, "Statements in"). */
export function statementsRoutes(statements: StatementImportService): RouteDef[] {
  return [
    route({
      method: 'POST', url: '/bank_accounts/:account_id/statements', operationId: 'importBankStatement', tags,
      summary: "Import a statement file for a BANK or CASH account (multipart/form-data, at most 20 MB): its lines not already stored are stored, in the bank's order, once every balance holds",
      access: 'Svc.banking.CREATE', params: AccountParam, multipart: StatementUploadForm, status: 201, failsWith: [413],
      message: 'The statement has been imported.', response: { bank_statement: BankStatement },
      handle: ({ request, params }) => receiveStatement(statements, { request, accountId: params.account_id }),
    }),
    route({
      method: 'GET', url: '/bank_accounts/:account_id/statements', operationId: 'listBankStatements', tags,
      summary: "An account's imported statements, newest first", access: 'Svc.banking.READ', params: AccountParam,
      response: { bank_statements: Type.Array(BankStatement) },
      handle: ({ ctx, params }) => statements.list(ctx, params.account_id),
    }),
    route({
      method: 'GET', url: '/bank_statements/:statement_id', operationId: 'getBankStatement', tags,
      summary: 'An imported statement', access: 'Svc.banking.READ', params: IdParam('statement_id'), response: { bank_statement: BankStatement },
      handle: ({ ctx, params }) => statements.get(ctx, params.statement_id),
    }),
  ];
}
