/**
 * Our numbers for documents received that the sender did not number (bills, debit notes,
 * vendor credits): a prefix and a six-digit counter per organisation, e.g. BILL-000001. Digits
 * beyond six extend it up to 16 characters, which the series module's takeDocumentNumber holds it to.
 */
export interface DocumentNumbering {
  /** The document_counters key the numbers are taken from. */
  counterKey: string;
  prefix: string;
}

const DIGITS = 6;

export const formatDocumentNumber = (numbering: DocumentNumbering, value: number) =>
  `${numbering.prefix}${String(value).padStart(DIGITS, '0')}`;
