import { Type } from '@sinclair/typebox';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { BankRule, BankRuleBody, BankRuleRun, RunBankRulesBody } from './rule.schemas';
import type { BankRulesService } from './rule.service';

const tags = ['Banking'];
const RuleIdParam = IdParam('rule_id');

export function bankRulesRoutes(rules: BankRulesService): RouteDef[] {
  return [
    route({
      method: 'POST', url: '/bank_rules', operationId: 'createBankRule', tags, summary: 'Make a bank rule: a narration that contains or matches a pattern, optionally a direction and amount range, suggests or creates an entry',
      access: 'Svc.banking.CREATE', body: BankRuleBody, status: 201, message: 'The bank rule has been made.', response: { bank_rule: BankRule },
      handle: ({ ctx, body }) => rules.create(ctx, body),
    }),
    route({
      method: 'GET', url: '/bank_rules', operationId: 'listBankRules', tags, summary: 'List the bank rules, by priority (lower first)',
      access: 'Svc.banking.READ', response: { bank_rules: Type.Array(BankRule) },
      handle: ({ ctx }) => rules.list(ctx),
    }),
    route({
      method: 'POST', url: '/bank_rules/run', operationId: 'runBankRules', tags, failsWithCodes: PERIOD_CLOSED,
      summary: "Apply the rules to an account's unmatched lines: CREATE rules make and match entries, SUGGEST rules are named on their lines",
      access: 'Svc.banking.CREATE', body: RunBankRulesBody, message: 'The bank rules have been applied.', response: { bank_rule_run: BankRuleRun },
      handle: ({ ctx, body }) => rules.run(ctx, body),
    }),
    route({
      method: 'GET', url: '/bank_rules/:rule_id', operationId: 'getBankRule', tags, summary: 'Get a bank rule',
      access: 'Svc.banking.READ', params: RuleIdParam, response: { bank_rule: BankRule },
      handle: ({ ctx, params }) => rules.get(ctx, params.rule_id),
    }),
    route({
      method: 'PUT', url: '/bank_rules/:rule_id', operationId: 'updateBankRule', tags, summary: 'Replace a bank rule whole',
      access: 'Svc.banking.UPDATE', params: RuleIdParam, body: BankRuleBody, message: 'The bank rule has been updated.', response: { bank_rule: BankRule },
      handle: ({ ctx, params, body }) => rules.replace(ctx, params.rule_id, body),
    }),
    route({
      method: 'DELETE', url: '/bank_rules/:rule_id', operationId: 'deleteBankRule', tags, summary: 'Delete a bank rule; the lines it suggested no longer name it',
      access: 'Svc.banking.DELETE', params: RuleIdParam, message: 'The bank rule has been deleted.', response: { bank_rule_id: Type.String() },
      handle: ({ ctx, params }) => rules.remove(ctx, params.rule_id),
    }),
  ];
}
