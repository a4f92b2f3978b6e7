import { Type } from '@sinclair/typebox';
import { NullableOf } from '../../http/response-schemas';
import { Nullable, Text } from '../../http/schema-kit';

/* The e-invoice's preferences (docs/rules/organisations.md, "Preferences"), in the preferences' request and answer. */

/** An IFSC: four letters of the bank, 0, six letters or digits of the branch (RBI). */
export const IFSC_PATTERN = '^[A-Z]{4}0[A-Z0-9]{6}$';

const descriptions = {
  einvoicing: 'Whether the organisation e-invoices (CGST Rule 48(4)): invoices and notes that need an e-invoice have their parties checked as the IRP does when issued',
  einvoiceReportingWindowDays: 'Days within which the IRP takes a document (30 for a turnover of ₹10 crore or more); null: no limit',
  payeeName: "PayDtls.Nm of the e-invoice: the payee's name",
  payeeAccount: "PayDtls.AccDet: the payee's bank account number",
  payeeIfsc: "PayDtls.FinInsBr: the account's IFSC",
};

export const EInvoicePreferencesBody = {
  einvoicing: Type.Boolean({ description: descriptions.einvoicing }),
  einvoiceReportingWindowDays: Nullable(Type.Integer({ minimum: 1, maximum: 366, description: descriptions.einvoiceReportingWindowDays })),
  payeeName: Nullable(Text(100, 1)),
  payeeAccount: Nullable(Type.String({ minLength: 1, maxLength: 18, pattern: '^[0-9A-Za-z]+$', description: descriptions.payeeAccount })),
  payeeIfsc: Nullable(Type.String({ pattern: IFSC_PATTERN, description: `${descriptions.payeeIfsc}: 11 characters, ${IFSC_PATTERN}` })),
};

export const EInvoicePreferences = {
  einvoicing: Type.Boolean({ description: descriptions.einvoicing }),
  einvoiceReportingWindowDays: NullableOf(Type.Integer({ description: descriptions.einvoiceReportingWindowDays })),
  payeeName: NullableOf(Type.String({ description: descriptions.payeeName })),
  payeeAccount: NullableOf(Type.String({ description: descriptions.payeeAccount })),
  payeeIfsc: NullableOf(Type.String({ description: descriptions.payeeIfsc })),
};
