import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, CursorQuery, GstinText, LocalDateSchema, Money, Nullable, Query, ReportFormat, StringEnum, Text } from '../../http/schema-kit';
import { CREDIT_REDUCTIONS } from './ims-action.rules';
import { IMS_ACTIONS, IMS_DOCUMENT_TYPES } from './ims-status.rules';

/* The recipient's actions in the Invoice Management System (docs/rules/itc-reconciliation.md, "IMS actions"). */

const DocumentType = StringEnum(IMS_DOCUMENT_TYPES, 'INV an invoice, CN a credit note, DN a debit note; an amendment keeps its document\'s type');
const Action = StringEnum(IMS_ACTIONS, 'ACCEPTED: its credit counts; REJECTED: it gives none; PENDING: decided later (a credit note for one tax period only)');
const ReductionKind = StringEnum(CREDIT_REDUCTIONS, "FULL: all of the note's credit is reduced; PARTIAL: the amounts given; NONE: no credit was taken on it");
const reduce = (head: string) => Type.Optional({ ...Money({ minimum: 0 }), description: `${head} to reduce, in rupees (PARTIAL only)` });

export const RecordImsActionBody = Body({
  gstin: { ...GstinText, description: "The organisation's GSTIN the document was reported to" },
  supplier_gstin: { ...GstinText, description: "The supplier's GSTIN" },
  document_type: DocumentType,
  document_number: { ...Text(64, 1), description: "The document's number as the supplier reported it; case, separators, leading zeros and its own financial year do not tell documents apart" },
  document_date: { ...LocalDateSchema, description: "The document's date (YYYY-MM-DD): with the number, it names the document within its financial year" },
  action: Action,
  reason: Type.Optional(Nullable({ ...Text(500), description: 'Why, as the portal records a remark with a rejection or a pending action' })),
  credit_reduction: Type.Optional(Body({
    kind: ReductionKind,
    igst: reduce('IGST'), cgst: reduce('CGST'), sgst: reduce('SGST'), cess: reduce('Cess'),
    remark: Type.Optional({ ...Text(500), description: 'Required with PARTIAL and NONE: why less than the whole credit is reduced' }),
  })),
});
export type RecordImsActionBody = Static<typeof RecordImsActionBody>;

export const ListImsActionsQuery = Query({
  gstin: GstinText,
  period: Type.Optional(Type.String({ pattern: '^(0[1-9]|1[0-2])\\d{4}$', description: "MMYYYY: only documents dated in that month" })),
  action: Type.Optional(Action),
  format: ReportFormat("csv answers text/csv: every action of the filter (no pages), a row per document as the portal words it: supplier_gstin, document_type, document_number, document_date, action, reason, credit_to_reduce and the amounts"),
  ...CursorQuery,
});
export type ListImsActionsQuery = Static<typeof ListImsActionsQuery>;

const Reduced = NullableOf({ ...Amount, description: 'Rupees; null unless PARTIAL' });

/** An action (ims-actions.presenter.ts presentImsAction). */
export const ImsActionSchema = Named('ImsAction', Strict({
  ims_action_id: Type.String(),
  gstin: Type.String(),
  supplier_gstin: Type.String(),
  document_type: DocumentType,
  document_number: Type.String({ description: 'As given last' }),
  document_date: Type.String({ description: 'YYYY-MM-DD' }),
  financial_year: Type.String({ description: "The financial year of document_date, 2025-26" }),
  number_key: Type.String({ description: 'The number as documents are matched by: capitals and digits, leading zeros and its own financial year dropped' }),
  action: Action,
  reason: NullableOf(Type.String()),
  credit_reduction: NullableOf(Strict({
    kind: ReductionKind, igst: Reduced, cgst: Reduced, sgst: Reduced, cess: Reduced, remark: NullableOf(Type.String()),
  }, 'The credit reduced on accepting a credit note; null on any other action or document')),
  acted_on: Type.String({ description: 'The day (in India) the action was last taken, YYYY-MM-DD' }),
  version: Type.Integer({ description: 'Counts the changes of action' }),
  created_time: Timestamp,
  last_modified_time: Timestamp,
}, "The recipient's action in the Invoice Management System on one supplier document."));
export type ImsActionSchema = Static<typeof ImsActionSchema>;
