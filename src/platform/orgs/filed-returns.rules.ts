import { DomainError } from '../../kernel/errors';

/** The GST returns a filing is for (docs/rules/returns-gstr1-gstr3b.md, "A filed return"). */
export const GST_RETURNS = ['GSTR1', 'GSTR3B'] as const;
export type GstReturn = (typeof GST_RETURNS)[number];

/** The journal sources of notes, which are a customer's or a vendor's. */
export const NOTE_SOURCES: readonly string[] = ['CREDIT_NOTE', 'DEBIT_NOTE'];

/** The journal sources of receipts, their refunds and their applications to invoices. */
export const ADVANCE_SOURCES: readonly string[] = ['PAYMENT', 'ALLOCATION'];

/**
 * The returns that report a document whose journal source is `source`: GSTR-1 the outward
 * supplies (CGST s.37), advances for services among them (Table 11), GSTR-3B those and the
 * inward ones with their credit (CGST s.39), a Bill of Entry's and a Rule 37 reversal's included; GSTR-1 Table 13 the delivery challans.
 * `outward`: a credit or debit note to a customer rather than with a vendor; a receipt, refund
 * or adjustment of an advance for services rather than any other money moved.
 */
export function returnsReporting(source: string, outward: boolean): readonly GstReturn[] {
  if (source === 'INVOICE' || ([...NOTE_SOURCES, ...ADVANCE_SOURCES].includes(source) && outward)) return GST_RETURNS;
  // A delivery challan posts nothing, but GSTR-1 Table 13 counts it, cancelled ones too.
  if (source === 'DELIVERY_CHALLAN') return ['GSTR1'];
  return ['BILL', 'CREDIT_NOTE', 'DEBIT_NOTE', 'EXPENSE', 'BILL_OF_ENTRY', 'ITC_REVERSAL'].includes(source) ? ['GSTR3B'] : [];
}

/** The refusal of a change to a document a filed return reports, naming the filing. */
export function periodFiled(filing: { return_type: string; period: string; arn: string }, date: string): DomainError {
  return new DomainError('conflict.period_filed',
    `${filing.return_type} for ${filing.period} is filed (ARN ${filing.arn}) and reports this document of ${date}; reopen the return to change it`,
    { details: { return: filing.return_type, period: filing.period, arn: filing.arn } });
}
