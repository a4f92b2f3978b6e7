/** The documents that render to PDF, by the name other modules (email) use for them. */
export const PDF_DOCUMENT_KINDS = ['invoice', 'bill', 'estimate', 'credit_note', 'debit_note', 'purchase_order', 'payment'] as const;
export type PdfDocumentKind = (typeof PDF_DOCUMENT_KINDS)[number];

/** Invoice layouts (spec "PDFs"); the organisation's default is the preference `invoicePdfTemplate`. */
export const INVOICE_TEMPLATES = ['classic', 'modern', 'boxed', 'tally'] as const;
export type InvoiceTemplate = (typeof INVOICE_TEMPLATES)[number];

/** One rendered document. `version` is the document version drawn (X-Svc-Version). */
export interface RenderedPdf {
  /** `<document number>.pdf`, sanitised for a Content-Disposition header and a mail attachment. */
  filename: string;
  bytes: Buffer;
  version: number;
  /** True when the bytes came from the cache of (document id, version, template). */
  cached: boolean;
}

export interface RenderPdfRequest {
  orgId: string;
  kind: PdfDocumentKind;
  id: string;
  /** Invoices only; omitted → the organisation's default. Ignored for other kinds. */
  template?: InvoiceTemplate;
}

/**
 * What the email module calls to attach a document. Throws DomainError not_found.* when the
 * document is not the organisation's. Runs outside any transaction: never call it under a row lock.
 */
export interface PdfsService {
  renderDocumentPdf(request: RenderPdfRequest): Promise<RenderedPdf>;
}
