import { financialYearLabel, type LocalDate } from '../../kernel/local-date';
import { documentNumberKey } from './document-number.rules';

/*
 * Where a supplier document stands in the Invoice Management System when a GSTR-2B is generated
 * (docs/rules/itc-reconciliation.md, "IMS actions"; CGST s.38 and Rule 60, with the GSTN's IMS
 * advisories since the IMS began in October 2024).
 */

export const IMS_ACTIONS = ['ACCEPTED', 'REJECTED', 'PENDING'] as const;
export type ImsAction = (typeof IMS_ACTIONS)[number];

/** The documents IMS acts on: invoices, credit notes and debit notes; an amendment keeps its document's type. */
export const IMS_DOCUMENT_TYPES = ['INV', 'CN', 'DN'] as const;
export type ImsDocumentType = (typeof IMS_DOCUMENT_TYPES)[number];

export type ImsStatus = 'ACCEPTED' | 'DEEMED_ACCEPTED' | 'REJECTED' | 'PENDING';

export interface ImsStatusInput {
  /** The recipient's action; null when it took none. */
  action: ImsAction | null;
  documentType: ImsDocumentType;
  documentDate: LocalDate;
  /** The GSTR-2B being generated, MMYYYY (a quarterly filer's: any month of its quarter). */
  gstr2bPeriod: string;
  /** The GSTR-2B period the document was first reported in (its supplier's filing), MMYYYY; null: the month of documentDate. */
  reportedPeriod?: string | null;
  /** A quarterly (QRMP) filer: its tax period is the quarter. */
  quarterly: boolean;
}

/** Months since year 0 of a MMYYYY period. */
const monthIndexOf = (period: string) => Number(period.slice(2)) * 12 + Number(period.slice(0, 2)) - 1;

/** The tax period holding a month: the month itself, or its quarter (Jan-Mar, Apr-Jun, …: the financial year's quarters). */
const taxPeriodOf = (monthIndex: number, quarterly: boolean) => (quarterly ? Math.floor(monthIndex / 3) : monthIndex);

/** The first tax period whose credit notes may be kept pending: October 2025 (the GSTN IMS advisory of 17 October 2025). */
const PENDING_CREDIT_NOTES_FROM = monthIndexOf('102025');

/**
 * A document without action is deemed accepted when GSTR-2B is generated (the GSTN's IMS
 * advisories; docs/rules/itc-reconciliation.md, "IMS actions"). A credit note reported
 * from October 2025 may be kept pending for one tax period of the recipient (a month; a quarter
 * for a QRMP filer): it stays out of the 2B of the period it was reported in, and from the next
 * period's 2B on it counts as deemed accepted, the pending option lapsing with that period's
 * GSTR-3B. One reported earlier could never be kept pending. An invoice or debit note stays
 * pending until acted on.
 */
export function imsStatusOf(input: ImsStatusInput): ImsStatus {
  if (input.action === null) return 'DEEMED_ACCEPTED';
  if (input.action !== 'PENDING' || input.documentType !== 'CN') return input.action;
  const reported = monthIndexOf(input.reportedPeriod ?? `${input.documentDate.slice(5, 7)}${input.documentDate.slice(0, 4)}`);
  if (reported < PENDING_CREDIT_NOTES_FROM) return 'DEEMED_ACCEPTED';
  const lapsed = taxPeriodOf(monthIndexOf(input.gstr2bPeriod), input.quarterly) > taxPeriodOf(reported, input.quarterly);
  return lapsed ? 'DEEMED_ACCEPTED' : 'PENDING';
}

/** A supplier document's key (itc-documents.ts SupplierDocumentKey): the number normalised within the financial year of its date. */
export function imsDocumentKey(supplierGstin: string, documentType: ImsDocumentType, documentNumber: string, documentDate: LocalDate) {
  const financialYear = financialYearLabel(documentDate);
  return { supplierGstin, documentType, financialYear, numberKey: documentNumberKey(documentNumber, financialYear) };
}
