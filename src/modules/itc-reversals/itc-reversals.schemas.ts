import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, Strict } from '../../http/response-schemas';
import { Body, GstinText, LocalDateSchema, Query, ReportFormat, StringEnum } from '../../http/schema-kit';

/* Rule 37 reversals (docs/rules/itc-reconciliation.md, "Rule 37: pay within 180 days"): what is due on a day, and what was posted. */

const FILING_FREQUENCY = StringEnum(['MONTHLY', 'QUARTERLY'] as const,
  'How the GSTIN files GSTR-3B: QUARTERLY (QRMP) names each period by its quarter\'s last month; MONTHLY when absent');

export const ItcReversalsQuery = Query({
  gstin: GstinText,
  as_of: { ...LocalDateSchema, description: 'The day asked about, YYYY-MM-DD: bills unpaid on it 180 days after their date' },
  filing_frequency: Type.Optional(FILING_FREQUENCY),
  format: ReportFormat('csv answers text/csv: a row per bill to reverse (action REVERSE) or reclaim (RECLAIM), with the amounts of that action'),
});
export type ItcReversalsQuery = Static<typeof ItcReversalsQuery>;

export const PostItcReversalsBody = Body({
  gstin: GstinText,
  as_of: { ...LocalDateSchema, description: 'The day the bills due are found on, as GET /gst/itc_reversals finds them' },
  date: { ...LocalDateSchema, description: 'The date of the journals posted: on or after as_of; a locked or filed period refuses it' },
  filing_frequency: Type.Optional(FILING_FREQUENCY),
});
export type PostItcReversalsBody = Static<typeof PostItcReversalsBody>;

const Rupees = Type.Number({ description: 'Rupees (INR), two decimals' });
const Heads = Strict({ igst: Rupees, cgst: Rupees, sgst: Rupees, cess: Rupees });
const Period = Type.String({ description: 'MMYYYY: the GSTR-3B to report it in' });
const BillOf = {
  bill_id: Type.String(),
  bill_number: Type.String(),
  vendor_id: Type.String(),
  vendor_name: Type.String(),
  bill_date: Type.String({ format: 'date' }),
};

const ToReverse = Strict({
  ...BillOf,
  day_180: Type.String({ format: 'date', description: 'The last of the 180 days from the bill date to pay it in (CGST s.16(2), second proviso)' }),
  currency_code: Type.String(),
  total: { ...Amount, description: 'Value and tax, in the bill\'s currency' },
  unpaid: { ...Amount, description: 'What was unpaid on as_of, in the bill\'s currency: the total less payments, vendor credits and debit notes applied by then' },
  credit: { ...Heads, description: 'The credit the bill gave, INR: not blocked by s.17(5), not under reverse charge' },
  reverse: { ...Heads, description: 'credit × unpaid ÷ total per head, INR: GSTR-3B 4(B)(2)' },
  period: Period,
  interest: { ...Rupees, description: 's.50 interest at 18% a year, from the 20th of the month after the bill (the claiming GSTR-3B\'s due date) to as_of: an approximation of Rule 88B(3), which runs from the day the credit was used' },
});

const ToReclaim = Strict({
  ...BillOf,
  reversed_on: Type.String({ format: 'date', description: 'The date of the reversal that stands' }),
  reclaim: { ...Heads, description: 'The credit reversed, taken again now that the bill is paid (Rule 37(2)): GSTR-3B 4(A)(5) and 4(D)(1)' },
  period: Period,
});

export const ItcReversalReport = Named('ItcReversalReport', Strict({
  gstin: Type.String(),
  as_of: Type.String({ format: 'date' }),
  filing_frequency: Type.String(),
  to_reverse: Type.Array(ToReverse, { description: 'Bills unpaid, wholly or partly, on as_of 180 days after their date, without a reversal that stands' }),
  to_reclaim: Type.Array(ToReclaim, { description: 'Bills reversed earlier and paid in full by as_of' }),
  totals: Strict({ reverse: Heads, interest: Rupees, reclaim: Heads }),
  interest_basis: Type.String({ description: 'How the interest is worked out, and that it approximates Rule 88B(3)' }),
}));

export const ItcReversal = Named('ItcReversal', Strict({
  itc_reversal_id: Type.String(),
  bill_id: Type.String(),
  bill_number: Type.String(),
  kind: StringEnum(['REVERSAL', 'RECLAIM'] as const, 'REVERSAL: credit given back (4(B)(2)); RECLAIM: taken again once paid (4(A)(5), 4(D)(1))'),
  date: Type.String({ format: 'date' }),
  period: Period,
  igst: Rupees, cgst: Rupees, sgst: Rupees, cess: Rupees,
  interest: { ...Rupees, description: 'Interest on a reversal, to pay with the return (not posted); 0 on a reclaim' },
  journal_id: Type.String(),
}));
