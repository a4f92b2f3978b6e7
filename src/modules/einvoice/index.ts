export { einvoiceService } from './einvoice.service';
export { einvoiceRoutes } from './einvoice.routes';
export { assertEInvoiceParties } from './issue-check';
export { irnService, cancelIrnOnVoid, assertNoActiveIrn, type IrnDocument } from './irn.service';
export { einvoiceFilterOf, withEInvoiceStatus, type EInvoiceFilter } from './einvoice-status.sql';
export { findIrn, findIrns, irnOfJoined, joinedIrnColumns, presentIrn, type IrnDocumentType, type JoinedIrn } from './irn.store';
export type { EInvoiceStatus, IrnVoidBody } from './irn.schemas';
export type { EInvoice } from './einvoice.schemas';
export { cancellationPayload, irnOf, irnOfEInvoice } from './irn.rules';
export type { EInvoiceService } from './einvoice.service';
export type { IrnService } from './irn.service';
// What e-way bills build from too: the document's parties and lines, and the IRP's value forms.
export { documentLines, documentParties, LINE_COLUMNS, sourceLineOf, type Counterparty } from './document-source';
export { addressLines, cessParts, EXPORT_PIN, EXPORT_STATE, inrLine, inrLines, inrOf, irpDate, pinOf, type InrLine, type Party, type SourceLine } from './einvoice.builder';
export { pendingEInvoiceCount } from './einvoice-pending.reader';
