import { invalidValue, requiredField } from '../../kernel/errors';
import type { Paise } from '../../kernel/money';
import type { BankRulesTable } from '../../db/bank-schema';
import { assertFieldsFit, type CreateType, type EntryMode } from './create-from-line.rules';
import { NARRATION_READ, patternFault } from './rule-pattern.rules';

/* Which rule a bank line fits, and what it makes (docs/rules/banking.md, "Rules"). */

export const RULE_ACTIONS = ['SUGGEST', 'CREATE'] as const;

export type RuleRow = BankRulesTable;

/** A line as a rule reads it. */
export interface RuledLine { account_id: string; narration: string; direction: string; amount: Paise }

/** A rule's condition, ready to test lines: its pattern compiled once. */
export interface RuleTest { rule: RuleRow; fits(line: RuledLine): boolean }

/**
 * A rule fits a line of its account (any BANK or CASH account when it names none) whose
 * narration contains its text, ignoring case, or matches its pattern (also ignoring case), in
 * its direction when it names one, and with an amount within its range, both ends included.
 */
export function ruleTest(rule: RuleRow): RuleTest {
  const contains = rule.narration_contains?.toLowerCase() ?? null;
  const pattern = rule.narration_matches === null ? null : new RegExp(rule.narration_matches, 'i');
  const [min, max] = [rule.amount_min === null ? null : Number(rule.amount_min), rule.amount_max === null ? null : Number(rule.amount_max)];
  return {
    rule,
    fits: (line) => (rule.account_id === null || rule.account_id === line.account_id)
      && (rule.direction === null || rule.direction === line.direction)
      && (min === null || line.amount >= min) && (max === null || line.amount <= max)
      && (contains === null || line.narration.toLowerCase().includes(contains))
      && (pattern === null || pattern.test(line.narration.slice(0, NARRATION_READ))),
  };
}

/** Rules by priority, lower first; among equal priorities the older rule (ids are time-ordered). */
export const byPriority = (a: RuleRow, b: RuleRow) => a.priority - b.priority || (a.bank_rule_id < b.bank_rule_id ? -1 : 1);

/** The first rule by priority that fits the line, or undefined. */
export const firstFit = (tests: readonly RuleTest[], line: RuledLine): RuleRow | undefined => tests.find((t) => t.fits(line))?.rule;

export interface RuleCondition { contains?: string | null; matches?: string | null; direction?: string | null; amount_min?: Paise | null; amount_max?: Paise | null }

/** A condition reads the narration one way, with a pattern whose matching time is bounded, and a range that is one. */
export function assertCondition(c: RuleCondition): void {
  if (!c.contains && !c.matches) throw requiredField('condition.contains', 'condition.contains or condition.matches is required');
  if (c.contains && c.matches) throw invalidValue('condition.matches', 'send one of condition.contains or condition.matches, not both');
  const fault = c.matches ? patternFault(c.matches) : null;
  if (fault) throw invalidValue('condition.matches', fault);
  if (c.amount_min != null && c.amount_max != null && c.amount_min > c.amount_max) {
    throw invalidValue('condition.amount_max', 'condition.amount_max is at least condition.amount_min');
  }
}

export interface RuleTarget { type: CreateType; contact_id?: string | null; account_id?: string | null; tax_id?: string | null; mode?: string | null }

/**
 * A target names what its kind needs: a PAYMENT its contact, an EXPENSE its account, a
 * TRANSFER the other BANK or CASH account, a JOURNAL the account on the other side; and only
 * fields its kind reads (a tax is an expense's, a mode a payment's or an expense's).
 */
export function assertTarget(target: RuleTarget): void {
  assertFieldsFit(target.type, Object.fromEntries(Object.entries(target).filter(([, v]) => v !== null)), 'target.');
  if (target.type === 'PAYMENT' && !target.contact_id) throw requiredField('target.contact_id', 'a PAYMENT rule names its contact');
  if (target.type !== 'PAYMENT' && !target.account_id) throw requiredField('target.account_id', `a ${target.type} rule names its account`);
}

/** What a rule makes, as a create body's fields. */
export function targetOf(rule: RuleRow): { type: CreateType; contact_id?: string; account_id?: string; tax_id?: string; mode?: EntryMode } {
  return {
    type: rule.target_type as CreateType,
    ...(rule.contact_id !== null && { contact_id: rule.contact_id }),
    ...(rule.target_account_id !== null && { account_id: rule.target_account_id }),
    ...(rule.tax_id !== null && { tax_id: rule.tax_id }),
    ...(rule.mode !== null && { mode: rule.mode as EntryMode }),
  };
}
