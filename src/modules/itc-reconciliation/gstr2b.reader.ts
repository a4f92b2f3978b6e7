import type { Db } from '../../db/database';
import type { Gstr2bDocumentsTable } from '../../db/itc-schema';
import type { Gstr2bDocument, Gstr2bSection, SupplierDocumentType } from './itc-documents';
import { currentDocumentRows } from './gstr2b.store';

/* GSTR-2B's documents for the matcher, the reconciliation and GSTR-3B (docs/rules/itc-reconciliation.md, "GSTR-2B in"). */

const toDocument = (r: Gstr2bDocumentsTable): Gstr2bDocument => ({
  id: r.gstr2b_document_id, period: r.period, section: r.section as Gstr2bSection, rejected: r.rejected === 1,
  supplierGstin: r.supplier_gstin, documentType: r.document_type as SupplierDocumentType, numberKey: r.number_key, financialYear: r.financial_year,
  supplierName: r.supplier_name, documentNumber: r.document_number, documentDate: r.document_date,
  supplierPeriod: r.supplier_period, supplierFiledOn: r.supplier_filed_on, originalNumber: r.original_number, originalDate: r.original_date,
  placeOfSupply: r.place_of_supply, reverseCharge: r.reverse_charge === 1, itcAvailable: r.itc_available as Gstr2bDocument['itcAvailable'],
  itcUnavailableReason: r.itc_unavailable_reason, portCode: r.port_code,
  documentValue: Number(r.document_value), taxableValue: Number(r.taxable_value),
  igst: Number(r.igst), cgst: Number(r.cgst), sgst: Number(r.sgst), cess: Number(r.cess),
});

/** The documents of the current upload of each period (MMYYYY) of a GSTIN; those rejected in IMS included, marked `rejected`. */
export async function currentGstr2bDocuments(db: Db, orgId: string, gstin: string, periods: string[]): Promise<Gstr2bDocument[]> {
  return (await currentDocumentRows(db, orgId, gstin.trim().toUpperCase(), periods)).map(toDocument);
}
