import type { Tx } from '../../db/database';
import { DomainError, invalidValue, notFound, requiredField } from '../../kernel/errors';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { contactsRepository } from '../contacts';
import type { CreateExpenseBody, ExpensesService } from '../expenses';
import type { CreateJournalBody, LedgerService } from '../ledger';
import type { CreatePaymentBody, PaymentsService } from '../payments';
import { bankMatchesStore } from './bank-matches.store';
import {
  assertEntryIsLines, assertFieldsFit, assertGstLinePairs, assertLineOpen, signedAmount, twoSidedLines, typeOf, type CreateType,
} from './create-from-line.rules';
import type { CreateFromLineBody } from './create-from-line.schemas';
import { assertMayCreate } from './create-from-line.scope';
import { createFromLineStore as store, type BankLineRow } from './create-from-line.store';
import { targetOf } from './rule.rules';
import { bankRulesStore } from './rule.store';
import type { Direction } from './statement.types';

type Deps = Pick<PlatformDeps, 'uow' | 'clock' | 'ids' | 'activity'> & {
  payments: Pick<PaymentsService, 'createInTx'>;
  expenses: Pick<ExpensesService, 'createInTx'>;
  ledger: Pick<LedgerService, 'createJournalInTx'>;
};

/** What a create was asked: the body as sent, or a rule's target under it. */
export type CreateInput = Omit<CreateFromLineBody, 'rule_id'> & { type?: CreateType };

/** An entry made: its journal source and id, and the resource as its own API shows it. */
interface Made { source: string; sourceId: string; field: string; resource: Record<string, unknown> }

/** The narration as a description: the bank's words, within the 1,000 characters a description holds. */
const described = (input: CreateInput, line: BankLineRow) => input.description ?? line.narration.slice(0, 1000);

/** The underlying create's refusal, its field named as this body names it (an expense's vendor is the body's contact_id). */
function asBodyField(error: unknown, renames: Readonly<Record<string, string>>): unknown {
  if (!(error instanceof DomainError) || error.field === undefined || renames[error.field] === undefined) return error;
  return new DomainError(error.code, error.message, { field: renames[error.field], details: error.details, errors: error.errors, status: error.status });
}

/**
 * Create from a line (docs/rules/banking.md, "Create from a line"): the payment, expense,
 * transfer or journal the line is, made by that resource's own create in this transaction, then
 * matched to the line. A refusal of the create is this request's, and nothing is written.
 */
export function createFromLineService(deps: Deps) {
  const now = () => deps.clock.now().toISOString();

  async function payment(tx: Tx, ctx: RequestContext, line: BankLineRow, input: CreateInput): Promise<Made> {
    if (!input.contact_id) throw requiredField('contact_id', 'contact_id is required: the party paid or paying');
    const body: CreatePaymentBody = {
      flow: line.direction === 'IN' ? 'INCOMING' : 'OUTGOING', contact_id: input.contact_id, date: line.txn_date, amount: toRupees(line.amount),
      bank_account_id: line.account_id, reference_number: line.reference?.slice(0, 100) ?? null, description: described(input, line),
      ...(input.mode && { mode: input.mode }), ...(input.allocations && { allocations: input.allocations }), ...(input.branch_id && { branch_id: input.branch_id }),
    };
    const { payment: made } = await deps.payments.createInTx(tx, ctx, body);
    return { source: 'PAYMENT', sourceId: made.payment_id, field: 'allocations', resource: { payment: made } };
  }

  /**
   * An expense paid through the line's account. Input tax credit needs the supplier's tax
   * invoice bearing its GSTIN (CGST s.16(2)(a), Rule 36(1)): with a vendor that has one, the tax
   * is taken, tax-inclusive unless the bank's separate GST line is paired; without, the expense
   * records no tax and what the bank took, GST and all, is its cost.
   */
  async function expense(tx: Tx, ctx: RequestContext, lines: readonly BankLineRow[], input: CreateInput): Promise<Made> {
    if (!input.account_id) throw requiredField('account_id', 'account_id is required: the expense account');
    const [charge, gst] = [lines[0]!, lines[1]];
    const vendor = input.contact_id ? await contactsRepository.find(tx, ctx.orgId, input.contact_id) : undefined;
    if (input.contact_id && !vendor) throw notFound('vendor', 'contact_id');
    const credit = Boolean(vendor?.gst_no) && Boolean(input.tax_id);
    const paid = credit ? charge.amount : charge.amount + (gst?.amount ?? 0);
    const body: CreateExpenseBody = {
      date: charge.txn_date, paid_through_account_id: charge.account_id, account_id: input.account_id, amount: toRupees(paid),
      reference_number: charge.reference?.slice(0, 100) ?? null, notes: described(input, charge),
      ...(input.contact_id && { vendor_id: input.contact_id }), ...(input.mode && { mode: input.mode }), ...(input.branch_id && { branch_id: input.branch_id }),
      ...(credit ? { tax_id: input.tax_id, is_inclusive_tax: gst ? false : (input.is_inclusive_tax ?? true) } : { tax_id: null }),
    };
    try {
      const { expense: made } = await deps.expenses.createInTx(tx, ctx, body);
      return { source: 'EXPENSE', sourceId: made.expense_id, field: gst ? 'gst_line_id' : 'is_inclusive_tax', resource: { expense: made } };
    } catch (error) {
      throw asBodyField(error, { vendor_id: 'contact_id' });
    }
  }

  /** A manual journal: the body's lines, or the line's account against account_id (a transfer's other BANK or CASH account). */
  async function journal(tx: Tx, ctx: RequestContext, line: BankLineRow, input: CreateInput, transfer: boolean): Promise<Made> {
    if (input.lines && input.account_id) throw invalidValue('account_id', 'send a journal\'s lines or its one other account_id, not both');
    if (!input.lines) {
      if (!input.account_id) throw requiredField('account_id', transfer ? 'account_id is required: the other BANK or CASH account' : 'account_id or lines is required');
      if (transfer && !(await store.moneyAccount(tx, ctx.orgId, input.account_id))) throw notFound('BANK or CASH account', 'account_id');
      if (input.account_id === line.account_id) throw invalidValue('account_id', "the other side is another account than the line's");
    }
    const description = described(input, line).slice(0, 500);
    const body: CreateJournalBody = {
      date: line.txn_date, memo: described(input, line), contact_id: input.contact_id ?? null, ...(input.branch_id && { branch_id: input.branch_id }),
      lines: input.lines ?? twoSidedLines(line.direction as Direction, line.account_id, input.account_id!, toRupees(line.amount), description),
    };
    const { journal: made } = await deps.ledger.createJournalInTx(tx, ctx, body);
    return { source: 'MANUAL', sourceId: made.source_id, field: input.lines ? 'lines' : 'account_id', resource: { journal: made } };
  }

  /**
   * Makes the entry a line is (and its paired GST line, for a bank charge) and matches it, in the
   * caller's transaction. `requireScopes`: a token's create also needs the resource's own
   * create scope; a rule applied on import acts on the scopes checked when the rule was saved.
   */
  async function createInTx(tx: Tx, ctx: RequestContext, lineId: string, sent: CreateFromLineBody, options: { requireScopes: boolean }) {
    const line = await store.line(tx, ctx.orgId, lineId);
    if (!line) throw notFound('bank transaction', 'bank_transaction_id');
    assertLineOpen(line);
    const rule = sent.rule_id ? await bankRulesStore.find(tx, ctx.orgId, sent.rule_id) : undefined;
    if (sent.rule_id && (!rule || (rule.account_id !== null && rule.account_id !== line.account_id))) throw notFound('bank rule for this account', 'rule_id');
    const { rule_id: _ruleId, ...overrides } = sent;
    const input: CreateInput = { ...(rule ? targetOf(rule) : {}), ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) };
    const type = typeOf(input.type);
    assertFieldsFit(type, input);
    if (options.requireScopes) assertMayCreate(ctx, type);
    const lines = [line];
    if (input.gst_line_id) {
      const gst = await store.line(tx, ctx.orgId, input.gst_line_id);
      if (!gst) throw notFound('bank transaction', 'gst_line_id');
      assertGstLinePairs(line, gst);
      assertLineOpen(gst);
      lines.push(gst);
    }
    const made = type === 'PAYMENT' ? await payment(tx, ctx, line, input)
      : type === 'EXPENSE' ? await expense(tx, ctx, lines, input)
        : await journal(tx, ctx, line, input, type === 'TRANSFER');
    const posted = await store.postedTo(tx, ctx.orgId, made.source, made.sourceId, line.account_id);
    assertEntryIsLines(posted, lines.reduce((sum, l) => sum + signedAmount(l), 0), made.field);
    const lineIds = lines.map((l) => l.bank_transaction_id);
    const groupId = await bankMatchesStore.record(tx, deps.ids, { orgId: ctx.orgId, now: now() }, lineIds, [{ source: made.source, sourceId: made.sourceId, amount: posted }]);
    const bankRuleId = rule?.bank_rule_id ?? null;
    await deps.activity.record(tx, ctx, ...lines.map((l) => ({
      entityType: 'BANK_TRANSACTION' as const, entityId: l.bank_transaction_id, entityRef: l.reference, verb: 'MATCHED',
      metadata: { match_group_id: groupId, created: type, source: made.source, source_id: made.sourceId, amount: toRupees(posted), bank_rule_id: bankRuleId },
    })));
    return {
      created: { bank_transaction_ids: lineIds, match_group_id: groupId, type, source: made.source, source_id: made.sourceId, amount: toRupees(posted), bank_rule_id: bankRuleId },
      ...made.resource,
    };
  }

  return {
    createInTx,
    create: (ctx: RequestContext, lineId: string, body: CreateFromLineBody) => deps.uow(ctx, (tx) => createInTx(tx, ctx, lineId, body, { requireScopes: true })),
  };
}

export type CreateFromLineService = ReturnType<typeof createFromLineService>;
