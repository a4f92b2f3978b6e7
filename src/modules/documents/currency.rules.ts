import { invalidValue, requiredField } from '../../kernel/errors';
import { exceedsMoneyBound, MAX_RUPEES, roundDiv, toRupees, type Paise } from '../../kernel/money';
import type { DocumentAmounts } from './line-amounts.rules';

/**
 * Foreign-currency documents post their journals in the base currency (docs/rules/amounts-and-rounding.md, "Foreign currency": journal
 * amounts are in the base currency). Every conversion is toBase, half-up; what a document
 * owes is converted once as a whole (openInBase), and where its parts, converted one by one,
 * miss that amount, documentInBase names the line that takes the difference.
 */

const MICRO = 1_000_000n;

/** What a document or payment keeps when an edit names no rate: the currency and rate it has. */
export interface KeptRate {
  currency: string;
  exchangeRateMicro: number;
}

/**
 * A request's `exchange_rate` (rupees per unit of `currency`; the schema bounds it to six
 * decimals) as the stored rate × 1e6. Without one, an edit that keeps its currency keeps its
 * rate; a new currency (every create, a currency or contact change) takes 1 when it is the base
 * currency, and an old currency's rate never carries over to another: a foreign currency whose
 * rate is not sent is 400 `validation.required_field` on exchange_rate.
 */
export function exchangeRateMicroOf(rate: number | undefined, currency: string, baseCurrency: string, kept?: KeptRate): number {
  if (rate !== undefined) return Math.round(rate * Number(MICRO));
  if (kept && kept.currency === currency) return kept.exchangeRateMicro;
  if (currency !== baseCurrency) throw requiredField('exchange_rate', `exchange_rate is required when currency_code is not ${baseCurrency}`);
  return Number(MICRO);
}

/** amount × exchange rate, half-up to the paisa. exchangeRateMicro is rate × 1e6 (1.0 → 1_000_000). */
export function toBase(amountPaise: Paise, exchangeRateMicro: number): Paise {
  if (!Number.isSafeInteger(amountPaise)) throw new RangeError(`amount must be a safe integer: ${amountPaise}`);
  if (!Number.isSafeInteger(exchangeRateMicro) || exchangeRateMicro <= 0) {
    throw new RangeError(`exchangeRateMicro must be a positive integer: ${exchangeRateMicro}`);
  }
  return roundDiv(BigInt(amountPaise) * BigInt(exchangeRateMicro), MICRO, 'half_up');
}

/**
 * Refuses amounts that do not survive conversion to the base currency: one that is not zero
 * in its own currency but 0.00 in the base currency (docs/rules/amounts-and-rounding.md, "Zero amounts"), which an entry
 * would drop or have nothing left to post for; and one past the money bound once converted
 * (a bounded amount at a large rate), which the books cannot hold. 400
 * `validation.invalid_value` on `field`, the input that brought the rate. Every amount
 * converted to the base currency is checked here, so the rule is the same wherever one arises.
 */
export function assertConvertible(amounts: readonly Paise[], exchangeRateMicro: number, field: string): void {
  const rate = exchangeRateMicro / Number(MICRO);
  for (const amount of amounts) {
    const converted = toBase(amount, exchangeRateMicro);
    const details = { details: { amount: toRupees(amount), exchange_rate: rate } };
    if (amount !== 0 && converted === 0) {
      throw invalidValue(field, `an amount of ${toRupees(amount)} at the exchange rate ${rate} is 0.00 in the base currency`, details);
    }
    if (exceedsMoneyBound(converted)) {
      throw invalidValue(field, `an amount of ${toRupees(amount)} at the exchange rate ${rate} exceeds the largest amount, ${MAX_RUPEES}, in the base currency`, details);
    }
  }
}

/** assertConvertible over what a priced document posts: each line, each GST head and the cess, its round-off and its total. */
export function assertDocumentConvertible(amounts: DocumentAmounts, roundOff: Paise, exchangeRateMicro: number, field: string): void {
  const total = amounts.subTotal + amounts.taxTotal + roundOff;
  assertConvertible([...amounts.lines.map((l) => l.itemTotal), amounts.cgstTotal, amounts.sgstTotal, amounts.igstTotal, amounts.cessTotal, roundOff, total], exchangeRateMicro, field);
}

/**
 * What a document owes in the base currency: its amount (a total, or the balance still open)
 * converted once. The party line of an approved invoice, bill or note is openInBase(total),
 * the ledger checks expect exactly that, and settlements move the party's account from
 * openInBase(balance before) to openInBase(balance after). So a document settled in full,
 * in any number of parts, leaves exactly 0 on its control account.
 */
export function openInBase(amountPaise: Paise, exchangeRateMicro: number): Paise {
  return toBase(amountPaise, exchangeRateMicro);
}

/**
 * The base amount a settlement of `amountPaise` takes off a document whose balance is
 * `balancePaise`: the change in openInBase, not a fresh conversion of the part. The one that
 * brings the balance to 0 takes exactly what is still open; the parts before it add up, by
 * telescoping, to what they leave open.
 */
export function settledInBase(balancePaise: Paise, amountPaise: Paise, exchangeRateMicro: number): Paise {
  return openInBase(balancePaise, exchangeRateMicro) - openInBase(balancePaise - amountPaise, exchangeRateMicro);
}

/** A priced line of a document in its own currency: its item total (after discount) and its GST by head. */
export interface PricedLine {
  itemTotal: Paise;
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  /** Compensation cess; a document without it (an expense) leaves it out. */
  cess?: Paise;
}

/** A document's amounts in the base currency, the side opposite its party line and the party line itself. */
export interface DocumentInBase {
  /** Each line's item total, in line order. */
  items: Paise[];
  cgst: Paise;
  sgst: Paise;
  igst: Paise;
  cess: Paise;
  roundOff: Paise;
  /** The party line (receivable or payable): openInBase(total). */
  party: Paise;
}

/**
 * A foreign document's entry in the base currency. The rule:
 * - the party line is the total converted once (openInBase), what the customer or vendor owes;
 * - each GST head is its tax summed over the lines, converted (the GST returns read these lines), and so is the round-off;
 * - each line's item total is converted, and the conversion difference (the party line less
 *   everything else, at most half a paisa per converted amount) goes to the line with the
 *   largest converted item total, the first on a tie. It is part of the value of the supply,
 *   so it stays in revenue (or purchases) rather than surfacing as an income of its own.
 * In the base currency (rate 1.0) every amount is itself and the difference is 0.
 */
export function documentInBase(lines: readonly PricedLine[], roundOff: Paise, exchangeRateMicro: number): DocumentInBase {
  const base = (paise: Paise) => toBase(paise, exchangeRateMicro);
  const head = (key: 'cgst' | 'sgst' | 'igst' | 'cess') => lines.reduce((s, l) => s + (l[key] ?? 0), 0);
  const parts = { items: lines.map((l) => l.itemTotal), cgst: head('cgst'), sgst: head('sgst'), igst: head('igst'), cess: head('cess'), roundOff };
  const total = parts.items.reduce((s, a) => s + a, 0) + parts.cgst + parts.sgst + parts.igst + parts.cess + roundOff;
  const converted = { items: parts.items.map(base), cgst: base(parts.cgst), sgst: base(parts.sgst), igst: base(parts.igst), cess: base(parts.cess), roundOff: base(roundOff) };
  const party = openInBase(total, exchangeRateMicro);
  const difference = party - converted.items.reduce((s, a) => s + a, 0) - converted.cgst - converted.sgst - converted.igst - converted.cess - converted.roundOff;
  if (difference === 0) return { ...converted, party };
  // Each of the n items, 3 GST heads, the cess, the round-off and the party is within half a paisa of its exact value.
  if (Math.abs(difference) > (parts.items.length + 6) / 2 || parts.items.length === 0) {
    throw new RangeError(`converted document is off by ${difference} paise, more than rounding of its ${parts.items.length} lines explains`);
  }
  const largest = converted.items.reduce((best, a, i) => (a > converted.items[best]! ? i : best), 0);
  const items = converted.items.map((a, i) => (i === largest ? a + difference : a));
  return { ...converted, items, party };
}
