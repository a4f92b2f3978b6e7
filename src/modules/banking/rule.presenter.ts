import { isoTimestamp } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { RuleRow } from './rule.rules';

const rupees = (paise: number | null) => (paise === null ? null : toRupees(paise));

/** A bank rule as the API shows it. */
export function presentRule(r: RuleRow) {
  return {
    bank_rule_id: r.bank_rule_id, name: r.name, account_id: r.account_id, priority: r.priority,
    condition: { contains: r.narration_contains, matches: r.narration_matches, direction: r.direction, amount_min: rupees(r.amount_min), amount_max: rupees(r.amount_max) },
    action: r.action, target: { type: r.target_type, contact_id: r.contact_id, account_id: r.target_account_id, tax_id: r.tax_id, mode: r.mode },
    created_time: isoTimestamp(new Date(r.created_time)), last_modified_time: isoTimestamp(new Date(r.last_modified_time)),
  };
}
