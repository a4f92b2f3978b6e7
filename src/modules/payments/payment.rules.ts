import { invalidValue } from '../../kernel/errors';
import type { PaymentFigures } from './payments.posting';

/*
 * What a payment must satisfy whichever use case made it. Create and update both build the
 * payment as it will be stored and hand it here, so a rule added for one holds for the other.
 */

/** The request's fields (those sent on create or update): an error names the one the caller can change. */
export type SentFields = ReadonlySet<string>;

/** The first of a rule's fields that the request sent (the change that broke it), else the rule's own. */
function blame(fields: readonly [string, ...string[]], sent: SentFields): string {
  return fields.find((f) => sent.has(f)) ?? fields[0];
}

/**
 * The deductions leave money moving the right way. INCOMING: the bank receives amount − bank
 * charges − TDS, which must be above 0. OUTGOING: the TDS we withhold is part of the amount we
 * owe, so it must be below it; otherwise the bank leg (amount − TDS + charges) turns into a
 * debit, money coming in on a payment made.
 */
export function assertDeductions(p: PaymentFigures, sent: SentFields): void {
  if (p.flow === 'INCOMING' && p.bankCharges + p.tds >= p.amount) {
    throw invalidValue(blame(['bank_charges', 'tds_amount', 'amount', 'flow'], sent), 'bank_charges and tds_amount must leave something received');
  }
  if (p.flow === 'OUTGOING' && p.tds >= p.amount) {
    throw invalidValue(blame(['tds_amount', 'amount', 'flow'], sent), 'tds_amount must be below the amount');
  }
}
