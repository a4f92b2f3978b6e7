export { INVOICE_TEMPLATES, PDF_DOCUMENT_KINDS } from './pdfs.types';
export type { InvoiceTemplate, PdfDocumentKind, PdfsService, RenderedPdf, RenderPdfRequest } from './pdfs.types';
export { pdfsService } from './pdfs.service';
export { pdfsRoutes } from './pdfs.routes';
export { lruPdfCache } from './pdf-cache';
