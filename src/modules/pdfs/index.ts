export { INVOICE_TEMPLATES, PDF_DOCUMENT_KINDS } from './pdfs.types';
export type { InvoiceTemplate, PdfDocumentKind, PdfsService, RenderedPdf, RenderPdfRequest } from './pdfs.types';
