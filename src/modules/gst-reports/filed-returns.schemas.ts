import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, LocalDateSchema, Query, StringEnum } from '../../http/schema-kit';
import { GST_RETURNS } from '../../platform/orgs/filed-returns.rules';

/* A return marked filed (docs/rules/returns-gstr1-gstr3b.md, "A filed return"). */

const ReturnType = StringEnum(GST_RETURNS, 'GSTR1, or GSTR3B');

export const FiledReturnParams = Type.Object({
  gstin: Type.String({ description: "One of the organisation's GSTINs" }),
  period: Type.String({ description: 'MMYYYY, or YYYY-Qn for a quarterly GSTR-1 (its three months)' }),
});
export type FiledReturnParams = Static<typeof FiledReturnParams>;

export const MarkFiledBody = Body({
  return: ReturnType,
  arn: Type.String({ pattern: '^[A-Za-z0-9]{15}$', description: 'The Application Reference Number the portal gave on filing, 15 characters' }),
  filed_on: { ...LocalDateSchema, description: 'The day it was filed (YYYY-MM-DD): not before the period starts nor after today' },
});
export type MarkFiledBody = Static<typeof MarkFiledBody>;

export const FiledReturnQuery = Query({ return: ReturnType });
export type FiledReturnQuery = Static<typeof FiledReturnQuery>;

const Change = Strict({
  source: Type.String({ description: 'INVOICE, CREDIT_NOTE, BILL, DEBIT_NOTE, EXPENSE, BILL_OF_ENTRY or ITC_REVERSAL (a Rule 37 reversal or reclaim)' }),
  source_id: Type.String(), number: NullableOf(Type.String()),
  date: Type.String({ description: "The document's date, YYYY-MM-DD" }),
  change: StringEnum(['POSTED', 'REVERSED', 'SHIPPING_BILL'] as const, "POSTED: issued (or reposted); REVERSED: voided, deleted, or reversed to be reposted; SHIPPING_BILL: an export invoice's shipping bill set (GSTR-1 only)"),
  changed_time: Timestamp,
});

export const FiledReturn = Named('FiledReturn', Strict({
  gstin: Type.String(), return: ReturnType, period: Type.String(),
  arn: Type.String(), filed_on: Type.String({ description: 'YYYY-MM-DD' }),
  marked_time: { ...Timestamp, description: 'When it was first marked filed under this ARN' },
  reopened_time: NullableOf(Timestamp),
  changed_since: Type.Array(Change, { description: "Every journal entry of a document the return reports, dated in its period, written after marked_time, and (GSTR-1) every shipping bill set since: what differs from the return as filed, oldest first" }),
}));
export type FiledReturn = Static<typeof FiledReturn>;

/** Beside a GSTR-1's or GSTR-3B's portal JSON, never in it: present when that return and period is marked filed. */
export const FILED = Type.Optional(FiledReturn);
