/* The tables of input tax credit reconciliation (docs/rules/itc-reconciliation.md): GSTR-2B, people's decisions, IMS actions, Rule 37. */

/** A person's decision on a pair of a supplier document (by its key) and a document of the books. */
export interface ItcLinksTable {
  org_id: string;
  itc_link_id: string;
  /** The recipient's registration. */
  gstin: string;
  /** '' for an import of goods from outside India, which has no supplier GSTIN. */
  supplier_gstin: string;
  document_type: string;
  financial_year: string;
  number_key: string;
  books_id: string;
  /** LINKED: these two are one document; REFUSED: they are not. */
  decision: string;
  reason: string | null;
  created_time: string;
}

/** Credit given back under Rule 37 on a bill unpaid 180 days after its date, or taken again once paid (migration 054); amounts in INR paise. */
export interface ItcReversalsTable {
  org_id: string;
  itc_reversal_id: string;
  bill_id: string;
  /** REVERSAL (GSTR-3B 4(B)(2)) or RECLAIM (4(A)(5) and 4(D)(1)). */
  kind: string;
  /** The journal's date: the return of its period reports it. */
  reversal_date: string;
  /** MMYYYY: the return Rule 37 asks it in (the period after the 180 days; a reclaim's own). */
  period: string;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  /** s.50 interest on the credit reversed to the day it was asked for; 0 on a reclaim. Not posted. */
  interest: number;
  journal_id: string;
  created_time: string;
}

/** One upload of a GSTIN's GSTR-2B for a month (docs/rules/itc-reconciliation.md, "GSTR-2B in"). */
export interface Gstr2bReturnsTable {
  org_id: string;
  gstr2b_id: string;
  gstin: string;
  /** MMYYYY. */
  period: string;
  /** The portal's `gendt`, as YYYY-MM-DD. */
  generated_on: string;
  version: string;
  /** `fc`: the files the month's 2B comes in (1 when the file does not say). */
  file_count: number;
  parts_received: number;
  /** The part numbers received, comma-separated in order: `1,2`. */
  received_parts: string;
  /** The upload that replaced this one; null on the month's current upload. */
  replaced_by: string | null;
  /** `itcsumm` as JSON text. */
  itc_summary: string | null;
  created_time: string;
}

/** One supplier document of an uploaded GSTR-2B, amounts in paise. */
export interface Gstr2bDocumentsTable {
  org_id: string;
  gstr2b_document_id: string;
  gstr2b_id: string;
  gstin: string;
  period: string;
  part: number;
  /** b2b, b2ba, cdnr, cdnra, isd, isda, impg or impgsez. */
  section: string;
  /** 1: from `docRejdata`, rejected in IMS. */
  rejected: number;
  /** Null for `impg`. */
  supplier_gstin: string | null;
  supplier_name: string | null;
  supplier_period: string | null;
  supplier_filed_on: string | null;
  /** INV, CN, DN, BOE, ISDI or ISDC. */
  document_type: string;
  document_number: string;
  number_key: string;
  document_date: string;
  financial_year: string;
  original_number: string | null;
  original_date: string | null;
  place_of_supply: string | null;
  reverse_charge: number;
  /** Y, N or T. */
  itc_available: string;
  itc_unavailable_reason: string | null;
  port_code: string | null;
  document_value: number;
  taxable_value: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  ims_status: string | null;
  irn: string | null;
}

/**
 * A recipient's action in the Invoice Management System on one supplier document (migration 053;
 * docs/rules/itc-reconciliation.md, "IMS actions"), keyed as itc-documents.ts SupplierDocumentKey.
 */
export interface ImsActionsTable {
  org_id: string;
  ims_action_id: string;
  /** Our registration the document was reported to. */
  gstin: string;
  supplier_gstin: string;
  /** INV, CN or DN; an amendment keeps its document's type. */
  document_type: string;
  /** The financial year of document_date, `2025-26`. */
  financial_year: string;
  /** document-number.rules.ts documentNumberKey of document_number. */
  number_key: string;
  /** As the recipient gave it last. */
  document_number: string;
  document_date: string;
  action: string;
  reason: string | null;
  /** FULL, PARTIAL or NONE on an accepted credit note; else null. */
  credit_reduction: string | null;
  /** Paise; set only when credit_reduction is PARTIAL. */
  reduced_igst: number | null;
  reduced_cgst: number | null;
  reduced_sgst: number | null;
  reduced_cess: number | null;
  remark: string | null;
  /** The day in India the action was last taken. */
  acted_on: string;
  version: number;
  created_time: string;
  last_modified_time: string;
}
