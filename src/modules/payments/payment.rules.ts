import { invalidValue, requiredField } from '../../kernel/errors';
import type { PaymentFigures } from './payments.posting';

/*
 * What a payment must satisfy whichever use case made it. Create and update both build the
 * payment as it will be stored and hand it here, so a rule added for one holds for the other.
 */

const MICRO = 1_000_000;

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

/**
 * The rate (× 10^6) a payment holds after a request. A rate sent is taken. A payment whose
 * currency the request does not change keeps its rate. A new currency (every create, a currency
 * or contact change on update) needs its rate in the same request unless it is the base
 * currency, whose rate is 1: an old currency's rate never carries over to another currency.
 */
export function exchangeRateMicro(request: { currency: string; baseCurrency: string; sentRate: number | undefined }, kept: { currency: string; rateMicro: number } | null): number {
  if (request.sentRate !== undefined) return Math.round(request.sentRate * MICRO);
  if (kept !== null && kept.currency === request.currency) return kept.rateMicro;
  if (request.currency === request.baseCurrency) return MICRO;
  throw requiredField('exchange_rate', `exchange_rate is required when currency_code is not ${request.baseCurrency}`);
}
