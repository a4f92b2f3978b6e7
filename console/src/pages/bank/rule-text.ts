import { formatRupees } from '../../format/money';

export interface RuleCondition {
  contains: string | null;
  matches: string | null;
  direction: 'IN' | 'OUT' | null;
  amount_min: number | null;
  amount_max: number | null;
}

/** A rule's condition in words, for its row in the list: "narration contains "sms alert", money out, up to ₹1,000.00". */
export function conditionText(c: RuleCondition): string {
  const parts: string[] = [];
  if (c.contains) parts.push(`narration contains "${c.contains}"`);
  if (c.matches) parts.push(`narration matches /${c.matches}/`);
  if (c.direction) parts.push(c.direction === 'IN' ? 'money in' : 'money out');
  if (c.amount_min !== null && c.amount_max !== null) parts.push(`${formatRupees(c.amount_min)} to ${formatRupees(c.amount_max)}`);
  else if (c.amount_min !== null) parts.push(`at least ${formatRupees(c.amount_min)}`);
  else if (c.amount_max !== null) parts.push(`up to ${formatRupees(c.amount_max)}`);
  return parts.length ? parts.join(', ') : 'every line';
}
