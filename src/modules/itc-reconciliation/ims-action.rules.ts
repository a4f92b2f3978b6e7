import { invalidValue, requiredField } from '../../kernel/errors';
import { toPaise, type Paise } from '../../kernel/money';
import type { ImsAction, ImsDocumentType } from './ims-status.rules';

/*
 * The credit a recipient declares it reduces when it accepts a supplier's credit note
 * (docs/rules/itc-reconciliation.md, "IMS actions"; CGST s.34(2) proviso as substituted by the
 * Finance Act 2025, and the GSTN's IMS advisory of 17 October 2025).
 */

export const CREDIT_REDUCTIONS = ['FULL', 'PARTIAL', 'NONE'] as const;
export type CreditReductionKind = (typeof CREDIT_REDUCTIONS)[number];

const HEADS = ['igst', 'cgst', 'sgst', 'cess'] as const;
type Head = (typeof HEADS)[number];

/** As the request gives it: rupees. */
export type CreditReductionInput = { kind: CreditReductionKind; remark?: string } & Partial<Record<Head, number>>;

/** As stored: paise per head, set only for PARTIAL. */
export type CreditReduction = { kind: CreditReductionKind; remark: string | null } & Record<Head, Paise | null>;

const field = (name: string) => `credit_reduction.${name}`;

/** The amounts of a PARTIAL reduction: at least one head above zero, CGST equal to SGST, never IGST beside them (one document is either inter- or intra-state). */
function partialAmounts(input: CreditReductionInput): Record<Head, Paise> {
  if (HEADS.every((h) => input[h] === undefined)) {
    throw requiredField('credit_reduction', 'a PARTIAL reduction gives the credit to reduce: igst, or cgst and sgst, and cess');
  }
  const amounts = Object.fromEntries(HEADS.map((h) => [h, toPaise(input[h] ?? 0)])) as Record<Head, Paise>;
  if (HEADS.every((h) => amounts[h] === 0)) throw invalidValue('credit_reduction', 'a PARTIAL reduction of nothing is NONE');
  if (amounts.cgst !== amounts.sgst) throw invalidValue(field('sgst'), 'sgst is reduced by as much as cgst: the two are always equal');
  if (amounts.igst > 0 && amounts.cgst > 0) throw invalidValue(field('igst'), 'a document bears IGST, or CGST and SGST, never both');
  return amounts;
}

/**
 * What an action records about the credit to reduce: null unless an accepted credit note; FULL
 * when an accepted credit note says nothing (the portal's answer before the recipient could
 * declare less). PARTIAL and NONE need a remark, as the portal asks for one.
 */
export function creditReductionOf(action: ImsAction, documentType: ImsDocumentType, input: CreditReductionInput | undefined): CreditReduction | null {
  const acceptedCreditNote = action === 'ACCEPTED' && documentType === 'CN';
  if (input === undefined) return acceptedCreditNote ? { kind: 'FULL', remark: null, igst: null, cgst: null, sgst: null, cess: null } : null;
  if (!acceptedCreditNote) throw invalidValue('credit_reduction', 'the credit to reduce is declared only when accepting a credit note');
  const remark = input.remark?.trim() || null;
  if (input.kind !== 'FULL' && remark === null) throw requiredField(field('remark'), `a ${input.kind} reduction says why in a remark`);
  if (input.kind !== 'PARTIAL') {
    const given = HEADS.find((h) => input[h] !== undefined);
    if (given !== undefined) throw invalidValue(field(given), `amounts are given only with a PARTIAL reduction; ${input.kind} reduces ${input.kind === 'FULL' ? "all of the note's" : 'no'} credit`);
    return { kind: input.kind, remark, igst: null, cgst: null, sgst: null, cess: null };
  }
  return { kind: 'PARTIAL', remark, ...partialAmounts(input) };
}
