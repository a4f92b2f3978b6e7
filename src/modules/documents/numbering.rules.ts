/**
 * Numbers of documents outside the invoice series (estimates, sales orders): a prefix and
 * a six-digit counter per organisation, e.g. EST-000001. Digits beyond six simply extend it.
 */
export interface DocumentNumbering {
  /** The document_counters key the numbers are taken from. */
  counterKey: string;
  prefix: string;
}

const DIGITS = 6;

export const formatDocumentNumber = (numbering: DocumentNumbering, value: number) =>
  `${numbering.prefix}${String(value).padStart(DIGITS, '0')}`;
