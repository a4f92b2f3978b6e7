import type { Tx } from '../../db/database';
import { DomainError, invalidValue, notFound } from '../../kernel/errors';
import { toPaise } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertDocumentDate } from '../../platform/orgs/period-lock';
import { assertAccountKind, catalogRepository } from '../catalog';
import { contactsRepository } from '../contacts';
import { assertMayCreate } from './create-from-line.scope';
import type { CreateFromLineService } from './create-from-line.service';
import { createFromLineStore } from './create-from-line.store';
import { presentRule } from './rule.presenter';
import { assertCondition, assertTarget, firstFit, ruleTest, type RuleRow } from './rule.rules';
import type { BankRuleBody, RunBankRulesBody } from './rule.schemas';
import { bankRulesStore as store, type LineSelection } from './rule.store';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids'> & { createFromLine: Pick<CreateFromLineService, 'createInTx'> };

/** What the statement import tells the hooks that run after it, in its transaction. */
export interface ImportedLines { accountId: string; statementId: string; lineIds: readonly string[] }

const DEFAULT_PRIORITY = 100;

/** Bank rules: kept, listed, and applied to unmatched lines on import or on request (docs/rules/banking.md, "Rules"). */
export function bankRulesService(deps: Deps) {
  const db = deps.database.db;
  const now = () => deps.clock.now().toISOString();

  async function load(executor: Tx | typeof db, orgId: string, ruleId: string) {
    const row = await store.find(executor, orgId, ruleId);
    if (!row) throw notFound('bank rule', 'rule_id');
    return row;
  }

  /** Every id a rule names is this organisation's and fits its place; a CREATE rule needs the scope its entries do. */
  async function checked(tx: Tx, ctx: RequestContext, body: BankRuleBody): Promise<Omit<RuleRow, 'bank_rule_id' | 'version' | 'created_time' | 'last_modified_time'>> {
    const c = body.condition;
    const condition = { ...c, amount_min: c.amount_min == null ? null : toPaise(c.amount_min), amount_max: c.amount_max == null ? null : toPaise(c.amount_max) };
    assertCondition(condition);
    const t = body.target;
    assertTarget(t);
    if (body.action === 'CREATE') assertMayCreate(ctx, t.type);
    if (body.account_id && !(await createFromLineStore.moneyAccount(tx, ctx.orgId, body.account_id))) throw notFound('BANK or CASH account', 'account_id');
    if (t.contact_id && !(await contactsRepository.find(tx, ctx.orgId, t.contact_id))) throw notFound('contact', 'target.contact_id');
    if (t.tax_id && !(await catalogRepository.tax(tx, ctx.orgId, t.tax_id))) throw notFound('tax', 'target.tax_id');
    if (t.account_id) {
      const account = t.type === 'TRANSFER' ? await createFromLineStore.moneyAccount(tx, ctx.orgId, t.account_id) : await catalogRepository.account(tx, ctx.orgId, t.account_id);
      if (!account) throw notFound(t.type === 'TRANSFER' ? 'BANK or CASH account' : 'account', 'target.account_id');
      if (t.type === 'EXPENSE') assertAccountKind(account.account_type, 'purchase', 'target.account_id');
    }
    return {
      org_id: ctx.orgId, name: body.name, account_id: body.account_id ?? null, priority: body.priority ?? DEFAULT_PRIORITY,
      narration_contains: c.contains ?? null, narration_matches: c.matches ?? null, direction: c.direction ?? null,
      amount_min: condition.amount_min, amount_max: condition.amount_max, action: body.action,
      target_type: t.type, contact_id: t.contact_id ?? null, target_account_id: t.account_id ?? null, tax_id: t.tax_id ?? null, mode: t.mode ?? null,
    };
  }

  /** Whether an entry may be dated on a line's date: within the books and outside the locked period. */
  async function datedOpen(tx: Tx, orgId: string, date: string): Promise<boolean> {
    try {
      await assertDocumentDate(tx, orgId, date, 'date');
      return true;
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
  }

  /**
   * Applies the rules to the selection's unmatched lines: the first rule by priority that fits a
   * line wins. A CREATE rule makes and matches the entry; where the books refuse an entry on the
   * line's date (before the books start, or in the locked period) it only names the rule, as a
   * SUGGEST rule does, so an import is never refused for a rule's sake.
   */
  async function apply(tx: Tx, ctx: RequestContext, selection: LineSelection) {
    const tests = (await store.list(tx, ctx.orgId, selection.accountId)).map(ruleTest);
    if (tests.length === 0) return { matched: 0, suggested: 0 };
    const suggestions = new Map<string, string[]>();
    let matched = 0;
    let suggested = 0;
    for (const line of await store.openLines(tx, ctx.orgId, selection)) {
      const rule = firstFit(tests, line);
      if (!rule) continue;
      if (rule.action === 'CREATE' && await datedOpen(tx, ctx.orgId, line.txn_date)) {
        await deps.createFromLine.createInTx(tx, ctx, line.bank_transaction_id, { rule_id: rule.bank_rule_id }, { requireScopes: false });
        matched++;
        continue;
      }
      suggested++;
      if (line.bank_rule_id !== rule.bank_rule_id) suggestions.set(rule.bank_rule_id, [...(suggestions.get(rule.bank_rule_id) ?? []), line.bank_transaction_id]);
    }
    for (const [ruleId, lineIds] of suggestions) await store.suggest(tx, ctx.orgId, ruleId, lineIds, now());
    return { matched, suggested };
  }

  return {
    create: (ctx: RequestContext, body: BankRuleBody) => deps.uow(ctx, async (tx) => {
      const at = now();
      const row: RuleRow = { ...await checked(tx, ctx, body), bank_rule_id: deps.ids.next('brl'), version: 1, created_time: at, last_modified_time: at };
      await store.insert(tx, row);
      return { bank_rule: presentRule(row) };
    }),

    list: async (ctx: RequestContext) => ({ bank_rules: (await store.list(db, ctx.orgId)).map(presentRule) }),

    get: async (ctx: RequestContext, ruleId: string) => ({ bank_rule: presentRule(await load(db, ctx.orgId, ruleId)) }),

    /** Replaces a rule whole; lines it suggested keep naming it. */
    replace: (ctx: RequestContext, ruleId: string, body: BankRuleBody) => deps.uow(ctx, async (tx) => {
      const before = await load(tx, ctx.orgId, ruleId);
      const row: RuleRow = { ...await checked(tx, ctx, body), bank_rule_id: ruleId, version: before.version + 1, created_time: before.created_time, last_modified_time: now() };
      await store.update(tx, row);
      return { bank_rule: presentRule(row) };
    }),

    remove: (ctx: RequestContext, ruleId: string) => deps.uow(ctx, async (tx) => {
      await load(tx, ctx.orgId, ruleId);
      await store.remove(tx, ctx.orgId, ruleId);
      return { bank_rule_id: ruleId };
    }),

    /** Applies the rules again to an account's unmatched lines, optionally within dates. */
    run: (ctx: RequestContext, body: RunBankRulesBody) => deps.uow(ctx, async (tx) => {
      if (!(await createFromLineStore.moneyAccount(tx, ctx.orgId, body.account_id))) throw notFound('BANK or CASH account', 'account_id');
      if (body.from_date && body.to_date && body.from_date > body.to_date) throw invalidValue('to_date', 'to_date is on or after from_date');
      return { bank_rule_run: await apply(tx, ctx, { accountId: body.account_id, fromDate: body.from_date, toDate: body.to_date }) };
    }),

    /** The statement import's hook, in its transaction: the rules applied to the lines it stored; answers how many were matched. */
    afterImport: async (tx: Tx, ctx: RequestContext, imported: ImportedLines): Promise<number> =>
      (await apply(tx, ctx, { accountId: imported.accountId, lineIds: imported.lineIds })).matched,
  };
}

export type BankRulesService = ReturnType<typeof bankRulesService>;
