import { invalidValue } from '../../kernel/errors';
import { roundDiv, type Paise } from '../../kernel/money';

/*
 * Compensation cess (GST (Compensation to States) Act 2017, s.8; rates in Notification
 * 1/2017-Compensation Cess (Rate)): levied beside GST on the supply of some goods, ad valorem on
 * the taxable value, per unit of quantity, or both (docs/rules/gst-supply-and-tax.md,
 * "Compensation cess"). It ended on 22 September 2025 (Notification 02/2025-Compensation Cess
 * (Rate)), on tobacco and pan masala on 1 February 2026 (Notification 03/2025-Compensation Cess (Rate)).
 */

/** From this day no cess is levied on most goods (Notification 02/2025-Compensation Cess (Rate), in force 22 September 2025). */
export const CESS_ENDED_ON = '2025-09-22';
/** From this day none on tobacco (HSN chapter 24) and pan masala (2106 90 20) either (Notification 03/2025-Compensation Cess (Rate)). */
export const TOBACCO_CESS_ENDED_ON = '2026-02-01';

const PERCENT_CENTI = 10_000n;

/** A line's cess as priced: the ad valorem rate (percent × 100) and the amount per unit of quantity (paise). */
export interface CessRates {
  cessRateCenti?: number;
  cessPerUnitPaise?: Paise;
}

/** The day from which a line of this HSN code bears no cess: tobacco and pan masala kept it longer. */
export function cessEndsOn(hsnOrSac: string | null): string {
  const code = hsnOrSac ?? '';
  return code.startsWith('24') || code.startsWith('21069020') ? TOBACCO_CESS_ENDED_ON : CESS_ENDED_ON;
}

/** The specific (per unit) part of a line's cess: quantity × amount per unit, half-up to the paisa. */
export function specificCessOn(quantityMilli: number, cessPerUnitPaise: Paise): Paise {
  return roundDiv(BigInt(quantityMilli) * BigInt(cessPerUnitPaise), 1000n, 'half_up');
}

/** The ad valorem part of a line's cess: taxable value × rate, half-up to the paisa. */
export function adValoremCessOn(taxable: Paise, cessRateCenti: number): Paise {
  return roundDiv(BigInt(taxable) * BigInt(cessRateCenti), PERCENT_CENTI, 'half_up');
}

/** Whether a line carries any cess. */
export const hasCess = (l: CessRates) => (l.cessRateCenti ?? 0) !== 0 || (l.cessPerUnitPaise ?? 0) !== 0;

/**
 * Lines carrying a cess on a supply dated on or after the day it ended for their goods: 400
 * `validation.invalid_value` on the first such line's cess field, naming the day. `supplyDate`
 * is the document's date, or for a note the date of the invoice or bill it corrects (a note
 * follows the supply it corrects: CGST s.34).
 */
export function assertCessLevied(lines: readonly (CessRates & { hsnOrSac: string | null })[], supplyDate: string): void {
  for (const [i, line] of lines.entries()) {
    if (!hasCess(line)) continue;
    const endedOn = cessEndsOn(line.hsnOrSac);
    if (supplyDate < endedOn) continue;
    const field = `line_items[${i}].${(line.cessRateCenti ?? 0) !== 0 ? 'cess_rate' : 'cess_per_unit'}`;
    throw invalidValue(field, `compensation cess is not levied on a supply dated on or after ${endedOn} (${endedOn === CESS_ENDED_ON
      ? 'Notification 02/2025-Compensation Cess (Rate)' : 'Notification 03/2025-Compensation Cess (Rate)'}); this document's supply is dated ${supplyDate}`, {
      details: { cess_ended_on: endedOn },
    });
  }
}
