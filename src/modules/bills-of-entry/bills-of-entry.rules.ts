import { invalidValue } from '../../kernel/errors';
import { exceedsMoneyBound, MAX_RUPEES, toRupees, type Paise } from '../../kernel/money';

/** The account types customs may be paid through: money out, or a payable to a customs broker or agent who paid it. */
export const CUSTOMS_PAID_THROUGH_TYPES: readonly string[] = ['BANK', 'CASH', 'ACCOUNTS_PAYABLE'];

export interface CustomsAmounts {
  assessableValue: Paise;
  basicCustomsDuty: Paise;
  socialWelfareSurcharge: Paise;
  /** What the IGST is levied on. */
  igstTaxableValue: Paise;
  igst: Paise;
  /** BCD + SWS: part of the goods' cost. */
  duties: Paise;
  /** The duties and the IGST: what was paid to customs. */
  total: Paise;
}

/**
 * A Bill of Entry's amounts (docs/rules/returns-gstr1-gstr3b.md, "Imports of goods: the Bill
 * of Entry"). IGST on imported goods is levied on the assessable value plus the basic customs
 * duty and every other duty and cess on them, the Social Welfare Surcharge included (Customs
 * Tariff Act s.3(8)): computed when `igst_taxable_value` is not sent, and 400 on it when one
 * sent differs. A total above the largest amount is 400 on `igst`.
 */
export function customsAmounts(input: {
  assessableValue: Paise; basicCustomsDuty: Paise; socialWelfareSurcharge: Paise; igstTaxableValue: Paise | null; igst: Paise;
}): CustomsAmounts {
  const levied = input.assessableValue + input.basicCustomsDuty + input.socialWelfareSurcharge;
  if (input.igstTaxableValue !== null && input.igstTaxableValue !== levied) {
    throw invalidValue('igst_taxable_value', `igst_taxable_value must be assessable_value + basic_customs_duty + social_welfare_surcharge = ${toRupees(levied)} (Customs Tariff Act s.3(8))`, {
      details: { expected: toRupees(levied) },
    });
  }
  const duties = input.basicCustomsDuty + input.socialWelfareSurcharge;
  const total = duties + input.igst;
  if (exceedsMoneyBound(levied) || exceedsMoneyBound(total)) throw invalidValue('igst', `the Bill of Entry's amounts exceed the largest amount, ${MAX_RUPEES}`);
  return { ...input, igstTaxableValue: levied, duties, total };
}
