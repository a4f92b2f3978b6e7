import type { LocalDate } from '../../kernel/local-date';
import type { Paise } from '../../kernel/money';

/*
 * The two sides of input tax credit reconciliation: a document as GSTR-2B reports it (the
 * supplier's filing) and an inward document in the books. The matcher pairs them; the
 * reconciliation, IMS actions and GSTR-3B's 2B basis read the pairs
 * (docs/rules/itc-reconciliation.md).
 */

/** A supplier document's type: an invoice, a credit or debit note, a Bill of Entry, an ISD invoice or credit note. */
export type SupplierDocumentType = 'INV' | 'CN' | 'DN' | 'BOE' | 'ISDI' | 'ISDC';

/** The sections of GSTR-2B's `docdata` (and `docRejdata`) a document comes from. */
export type Gstr2bSection = 'b2b' | 'b2ba' | 'cdnr' | 'cdnra' | 'isd' | 'isda' | 'impg' | 'impgsez';

export interface TaxHeads { igst: Paise; cgst: Paise; sgst: Paise; cess: Paise }

/**
 * What identifies a supplier's document across 2B files and IMS: the supplier, the type, the
 * number normalised (document-number.rules.ts) and the financial year of its date.
 */
export interface SupplierDocumentKey {
  /** Null for an import of goods from outside India (`impg`): no supplier GSTIN. */
  supplierGstin: string | null;
  documentType: SupplierDocumentType;
  numberKey: string;
  /** `2025-26`. */
  financialYear: string;
}

/** One document of a GSTR-2B, amounts in paise. */
export interface Gstr2bDocument extends SupplierDocumentKey, TaxHeads {
  id: string;
  /** The 2B's return period, MMYYYY. */
  period: string;
  section: Gstr2bSection;
  /** From `docRejdata`: rejected in IMS; it gives no credit. */
  rejected: boolean;
  supplierName: string | null;
  documentNumber: string;
  documentDate: LocalDate;
  /** The supplier's GSTR-1/IFF period (`supprd`, MMYYYY) and the day it filed (`supfildt`). */
  supplierPeriod: string | null;
  supplierFiledOn: LocalDate | null;
  /** An amendment's original number and date (b2ba, cdnra, isda). */
  originalNumber: string | null;
  originalDate: LocalDate | null;
  placeOfSupply: string | null;
  reverseCharge: boolean;
  /** `itcavl`: Y available, N not (reported in 4(D)(2)), T temporarily unavailable. */
  itcAvailable: 'Y' | 'N' | 'T';
  /** `rsn` when credit is not available. */
  itcUnavailableReason: string | null;
  portCode: string | null;
  documentValue: Paise;
  taxableValue: Paise;
}

/** The books' kinds of inward document 2B is matched against. */
export type BooksDocumentType = 'bill' | 'expense' | 'bill_of_entry' | 'vendor_credit';

/** An inward document in the books, amounts in paise (INR). */
export interface BooksDocument extends SupplierDocumentKey, TaxHeads {
  type: BooksDocumentType;
  id: string;
  /** The supplier's number as the books hold it: a bill's number, an expense's or vendor credit's reference, a Bill of Entry's number. */
  documentNumber: string;
  documentDate: LocalDate;
  taxableValue: Paise;
  supplierName: string | null;
  /** Credit its lines carry that CGST s.17(5) blocks: claimed in 4(A) and reversed in 4(B)(1). */
  blocked?: TaxHeads;
}

/**
 * The one string a supplier document is looked up by across 2B files, the books and IMS:
 * `${supplierGstin}|${documentType}|${financialYear}|${numberKey}` (no GSTIN: empty).
 */
export const supplierDocumentKey = (key: SupplierDocumentKey): string =>
  `${key.supplierGstin ?? ''}|${key.documentType}|${key.financialYear}|${key.numberKey}`;
