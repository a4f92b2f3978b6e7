export { einvoiceService } from './einvoice.service';
export { einvoiceRoutes } from './einvoice.routes';
export { irnService, cancelIrnOnVoid } from './irn.service';
export { findIrn, findIrns, presentIrn } from './irn.store';
// What e-way bills build from too: the document's parties and lines, and the IRP's value forms.
export { documentLines, documentParties } from './document-source';
export { addressLines, EXPORT_PIN, inrLine, inrLines, inrOf, irpDate, pinOf, type InrLine, type Party, type SourceLine } from './einvoice.builder';
