import type { Tx } from '../../db/database';
import type { BankStatementsTable, BankTransactionsTable } from '../../db/bank-schema';
import { invalidValue, notFound } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { closingOf, continuityBreak, fileBalanceBreak, openingOf, type BalanceBreak } from './statement-balances.rules';
import { statementImportStore as store, STATEMENT_ACCOUNT_TYPES } from './statement-import.store';
import { lineKeys } from './statement-keys.rules';
import { inBankOrder, placeLines } from './statement-order.rules';
import { parseStatement, type StatementOptions } from './statement-parse';
import { presentStatement } from './statements.presenter';
import { StatementFileError, type ParsedStatement } from './statement.types';

/** What the import tells the steps that run after it, in its transaction: the lines it stored. */
export interface ImportedLines { accountId: string; statementId: string; lineIds: string[] }

/** A step after the import (rules, bankAutoMatchOnImport): matches what it can of the new lines, and answers how many lines it matched. */
export type AfterImport = (tx: Tx, ctx: RequestContext, imported: ImportedLines) => Promise<number>;

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events'> & { afterImport?: readonly AfterImport[] };

/** A fault in the file: 400 on `file` (on `format` for a format not read), naming the line or the statement. */
export const fileRefusal = (fault: { where: string; message?: string; problem?: string }) => {
  const field = fault.where === 'format' ? 'format' : 'file';
  const said = fault.problem ?? fault.message!.replace(`${fault.where}: `, '');
  return invalidValue(field, `The statement was refused: ${fault.where}: ${said}`, { details: { where: fault.where } });
};

const refuse = (fault: BalanceBreak | { where: string; problem: string }) => { throw fileRefusal(fault); };

/**
 * Importing a statement (docs/rules/banking.md, "Statements in"): the file read whole, its lines
 * keyed and placed among the account's stored lines, the balances checked, and only lines not
 * already stored written; with the statement row, the steps after import, the activity row and
 * BANK_STATEMENT_IMPORTED in one transaction. Any fault writes nothing.
 */
export function statementImportService(deps: Deps) {
  const db = deps.database.db;

  async function assertStatementAccount(reader: Parameters<typeof store.account>[0], orgId: string, accountId: string, lock = false) {
    const account = await store.account(reader, orgId, accountId, lock);
    if (!account) throw notFound('account', 'account_id');
    if (!STATEMENT_ACCOUNT_TYPES.includes(account.account_type)) {
      throw invalidValue('account_id', `a statement is of a BANK or CASH account; this account is ${account.account_type}`);
    }
  }

  async function read(bytes: Buffer, options: StatementOptions): Promise<ParsedStatement> {
    try {
      const parsed = await parseStatement(bytes, options);
      const ordered = inBankOrder(parsed.lines);
      if ('problem' in ordered) return refuse({ where: `line ${ordered.line}`, problem: ordered.problem });
      return { ...parsed, lines: ordered.lines };
    } catch (error) {
      if (error instanceof StatementFileError) throw fileRefusal(error);
      throw error;
    }
  }

  return {
    assertStatementAccount: (ctx: RequestContext, accountId: string) => assertStatementAccount(db, ctx.orgId, accountId),

    async importStatement(ctx: RequestContext, accountId: string, bytes: Buffer, options: StatementOptions) {
      await assertStatementAccount(db, ctx.orgId, accountId);
      const statement = await read(bytes, options);
      const balanceBreak = fileBalanceBreak(statement);
      if (balanceBreak) refuse(balanceBreak);
      const keyed = lineKeys(statement.lines);
      if ('problem' in keyed) return refuse({ where: `line ${keyed.line}`, problem: keyed.problem });
      const from = statement.lines[0]!.date;
      const to = statement.lines.at(-1)!.date;

      return deps.uow(ctx, async (tx) => {
        await assertStatementAccount(tx, ctx.orgId, accountId, true);
        const placed = placeLines(statement.lines, keyed.keys, await store.storedOnDays(tx, ctx.orgId, accountId, from, to));
        if ('problem' in placed) return refuse({ where: 'statement', problem: placed.problem });
        const opening = openingOf(statement);
        const closing = closingOf(statement);
        const { before, after } = await store.neighbours(tx, ctx.orgId, accountId, placed.sequences[0]!, placed.sequences.at(-1)!);
        // A file whose first (last) line is stored already continues the stored lines there by its key.
        const continuity = continuityBreak(placed.fresh[0] ? opening : null, placed.fresh.at(-1) ? closing : null, before, after);
        if (continuity) refuse(continuity);

        const now = deps.clock.now().toISOString();
        const statementId = deps.ids.next('bst');
        const rows: BankTransactionsTable[] = statement.lines.flatMap((l, i) => (placed.fresh[i] ? [{
          org_id: ctx.orgId, bank_transaction_id: deps.ids.next('btx'), account_id: accountId, statement_id: statementId,
          line_key: keyed.keys[i]!, sequence: placed.sequences[i]!, txn_date: l.date, value_date: l.valueDate, narration: l.narration,
          reference: l.reference, direction: l.direction, amount: l.amount, balance: l.balance, status: 'UNMATCHED', exclude_reason: null,
          reconciliation_id: null, bank_rule_id: null, version: 1, created_time: now, updated_time: now,
        }] : []));
        const row: BankStatementsTable = {
          org_id: ctx.orgId, statement_id: statementId, account_id: accountId, format: statement.format, preset: statement.preset,
          file_name: options.fileName ?? null, from_date: from, to_date: to, opening_balance: opening, closing_balance: closing,
          lines: statement.lines.length, new_lines: rows.length, matched: 0, created_time: now,
        };
        await store.insertStatement(tx, row);
        await store.insertLines(tx, rows);
        const imported = { accountId, statementId, lineIds: rows.map((r) => r.bank_transaction_id) };
        let matched = 0;
        for (const step of deps.afterImport ?? []) matched += await step(tx, ctx, imported);
        if (matched > 0) await store.setMatched(tx, ctx.orgId, statementId, matched);
        const final = { ...row, matched };
        await deps.activity.record(tx, ctx, {
          entityType: 'BANK_STATEMENT', entityId: statementId, entityRef: row.file_name, verb: 'IMPORTED',
          metadata: { account_id: accountId, format: row.format, preset: row.preset, lines: row.lines, new_lines: row.new_lines, matched },
        });
        await deps.events.emit(tx, ctx, 'BANK_STATEMENT_IMPORTED', { account_id: accountId, statement_id: statementId, lines: row.lines, new_lines: row.new_lines, matched });
        return { bank_statement: presentStatement(final) };
      });
    },

    async list(ctx: RequestContext, accountId: string) {
      await assertStatementAccount(db, ctx.orgId, accountId);
      return { bank_statements: (await store.statements(db, ctx.orgId, accountId)).map(presentStatement) };
    },

    async get(ctx: RequestContext, statementId: string) {
      const row = await store.statement(db, ctx.orgId, statementId);
      if (!row) throw notFound('bank statement', 'statement_id');
      return { bank_statement: presentStatement(row) };
    },
  };
}

export type StatementImportService = ReturnType<typeof statementImportService>;
