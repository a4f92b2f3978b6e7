import { invalidValue } from '../../kernel/errors';
import { exceedsMoneyBound, MAX_RUPEES, roundDiv, toRupees, type Paise, type RoundingMode } from '../../kernel/money';

/**
 * Invoice round-off (public spec, "Idempotency and round-off rules that bound behaviour").
 * pre is the total before round-off (sub_total + tax_total in this service); the
 * round-off is what brings it to a whole rupee, so total = pre + round_off.
 * Bills take a manual round_off only: their callers pass roundInvoiceTotals = false.
 */

/** The organisation preference `roundingMethod`. */
export type RoundingMethod = 'nearest' | 'up' | 'down';

/** Organisation settings and ledger state that decide a round-off. */
export interface RoundOffPreferences {
  /** The organisation preference `roundInvoiceTotals`. */
  roundInvoiceTotals: boolean;
  method: RoundingMethod;
  /** Whether a ledger named Round Off or Rounding exists; without one no round-off is posted. */
  roundOffLedgerExists: boolean;
}

export interface RoundOffDecision extends RoundOffPreferences {
  pre: Paise;
  /**
   * Tax-inclusive amounts: what the amounts entered exceed pre by (line-amounts.rules
   * remainderTotal), carried by the round-off so that the total is what was entered. 0 otherwise.
   */
  remainder?: Paise;
  /** The request's round_off: null or undefined means omitted; 0 is an explicit value. */
  explicitRoundOffPaise: Paise | null | undefined;
}

const PAISE_PER_RUPEE = 100n;

/** Values under one rupee in magnitude were (very likely) auto-rounded, so they follow edits. */
const MANUAL_ROUND_OFF_THRESHOLD: Paise = 100;

// nearest is half-up on the rupee (.50 goes away from zero); up is ceiling; down is floor.
const MODE_OF: Record<RoundingMethod, RoundingMode> = { nearest: 'half_up', up: 'up', down: 'down' };

/** The round-off that makes pre a whole rupee under the given method. */
export function autoRoundOff(prePaise: Paise, method: RoundingMethod): Paise {
  const rupees = roundDiv(BigInt(prePaise), PAISE_PER_RUPEE, MODE_OF[method]);
  return rupees * 100 - prePaise;
}

/**
 * The round-off of a new document:
 * 1. no Round Off / Rounding ledger → 0, also for an explicit value: the spec skips the
 *    round-off line, and a round-off without a ledger to post it to would unbalance the
 *    journal. Nothing is refused; the document is simply not rounded.
 * 2. an explicit round_off (0 included) → used verbatim;
 * 3. omitted and roundInvoiceTotals → the remainder + autoRoundOff(pre + remainder, method);
 * 4. otherwise → the remainder (0 unless amounts include tax).
 */
export function decideRoundOff(decision: RoundOffDecision): Paise {
  if (!decision.roundOffLedgerExists) return 0;
  if (decision.explicitRoundOffPaise !== null && decision.explicitRoundOffPaise !== undefined) {
    return decision.explicitRoundOffPaise;
  }
  const remainder = decision.remainder ?? 0;
  return remainder + (decision.roundInvoiceTotals ? autoRoundOff(decision.pre + remainder, decision.method) : 0);
}

/**
 * The round-off after a DRAFT edit changed pre. An explicit round_off sent with the edit
 * wins, as on create. Otherwise a stored value under 1 rupee in magnitude is recomputed as
 * if omitted (so a stored 0 is auto-rounded when the preference is on); a larger stored
 * value is a manual one and is kept. Without a Round Off ledger the result is 0, as in
 * decideRoundOff.
 */
export function recomputeOnDraftEdit(
  storedRoundOffPaise: Paise,
  newPrePaise: Paise,
  preferences: RoundOffPreferences,
  explicitRoundOffPaise: Paise | null | undefined = undefined,
  remainder: Paise = 0,
): Paise {
  const keepStored =
    (explicitRoundOffPaise === null || explicitRoundOffPaise === undefined) &&
    Math.abs(storedRoundOffPaise) >= MANUAL_ROUND_OFF_THRESHOLD;
  return decideRoundOff({
    ...preferences,
    pre: newPrePaise,
    remainder,
    explicitRoundOffPaise: keepStored ? storedRoundOffPaise : explicitRoundOffPaise,
  });
}

/**
 * A document's total with its round-off, refused (400 on round_off) when the round-off takes it
 * below zero (a round-off cannot turn a sale or a purchase into a refund: that is a credit or
 * debit note) or past the money bound.
 */
export function totalWithRoundOff(pre: Paise, roundOff: Paise): Paise {
  const total = pre + roundOff;
  if (total < 0) {
    throw invalidValue('round_off', `round_off ${toRupees(roundOff)} would make the total ${toRupees(total)}; a total cannot be negative (issue a note instead)`);
  }
  if (exceedsMoneyBound(total)) throw invalidValue('round_off', `the total with round_off, ${toRupees(total)}, exceeds the largest amount, ${MAX_RUPEES}`);
  return total;
}
