import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, Id, LocalDateSchema, Money, Nullable, StringEnum, Text } from '../../http/schema-kit';
import { CREATE_TYPES, ENTRY_MODES } from './create-from-line.rules';
import { MAX_PATTERN_LENGTH } from './rule-pattern.rules';
import { RULE_ACTIONS } from './rule.rules';

/* Bank rules (docs/rules/banking.md, "Rules"). */

const DIRECTIONS = ['IN', 'OUT'] as const;

const Condition = Body({
  contains: Type.Optional(Nullable(Text(100, 1))),
  matches: Type.Optional(Nullable(Type.String({
    minLength: 1, maxLength: MAX_PATTERN_LENGTH,
    description: 'A regular expression, ignoring case, whose matching time is bounded: no nested quantifiers, at most two unbounded ones, no backreferences or lookarounds',
  }))),
  direction: Type.Optional(Nullable(StringEnum(DIRECTIONS, 'IN: money into the account; OUT: money out'))),
  amount_min: Type.Optional(Nullable(Money({ minimum: 0 }))),
  amount_max: Type.Optional(Nullable(Money({ minimum: 0 }))),
});

const Target = Body({
  type: StringEnum(CREATE_TYPES),
  contact_id: Type.Optional(Nullable(Id("contact_id: a payment's contact, an expense's vendor, a journal's contact"))),
  account_id: Type.Optional(Nullable(Id("account_id: an expense's account, a transfer's other BANK or CASH account, a journal's other side"))),
  tax_id: Type.Optional(Nullable(Id("tax_id: an expense's tax"))),
  mode: Type.Optional(Nullable(StringEnum(ENTRY_MODES))),
});

/** A rule as sent: POST creates it, PUT replaces it whole. */
export const BankRuleBody = Body({
  name: Text(100, 1),
  account_id: Type.Optional(Nullable(Id('account_id: the BANK or CASH account whose lines it reads; null or absent: every one'))),
  priority: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Lower first; 100 when absent. The first rule that fits a line wins' })),
  condition: Condition,
  action: StringEnum(RULE_ACTIONS, 'SUGGEST: the line records the rule, for a create with rule_id; CREATE: the entry is made and matched'),
  target: Target,
});
export type BankRuleBody = Static<typeof BankRuleBody>;

export const RunBankRulesBody = Body({
  account_id: Id('account_id: the BANK or CASH account whose unmatched lines the rules read'),
  from_date: Type.Optional(LocalDateSchema),
  to_date: Type.Optional(LocalDateSchema),
});
export type RunBankRulesBody = Static<typeof RunBankRulesBody>;

const NullableText = NullableOf(Type.String());

export const BankRule = Named('BankRule', Strict({
  bank_rule_id: Type.String(),
  name: Type.String(),
  account_id: NullableText,
  priority: Type.Integer(),
  condition: Strict({
    contains: NullableText, matches: NullableText, direction: NullableOf(StringEnum(DIRECTIONS)), amount_min: NullableOf(Amount), amount_max: NullableOf(Amount),
  }),
  action: StringEnum(RULE_ACTIONS),
  target: Strict({ type: StringEnum(CREATE_TYPES), contact_id: NullableText, account_id: NullableText, tax_id: NullableText, mode: NullableOf(StringEnum(ENTRY_MODES)) }),
  created_time: Timestamp,
  last_modified_time: Timestamp,
}, 'A rule that reads bank lines and suggests or makes the entry each one is.'));

export const BankRuleRun = Named('BankRuleRun', Strict({
  matched: Type.Integer({ description: 'Lines a CREATE rule made an entry for and matched' }),
  suggested: Type.Integer({ description: 'Lines a SUGGEST rule fits (or a CREATE rule whose line is dated where the books refuse an entry), now naming it' }),
}, 'What a run of the rules over unmatched lines did.'));
