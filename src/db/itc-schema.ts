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
