import { FileReply, route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import type { Scope } from '../../platform/auth/scopes';
import { InvoicePdfQuery, PdfQuery } from './pdfs.schemas';
import type { InvoiceTemplate, PdfDocumentKind, PdfsService, RenderedPdf } from './pdfs.types';

/** Spec "PDFs": a browser or proxy may keep the bytes 15 minutes, privately. */
const CACHE_CONTROL = 'private, max-age=900';

/** The spec's response headers: the filename is already reduced to safe characters (pdfFilename). */
function pdfHeaders(pdf: RenderedPdf, download: boolean): Record<string, string> {
  return {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${pdf.filename}"`,
    'Cache-Control': CACHE_CONTROL,
    'X-Svc-Render': pdf.cached ? 'cached' : 'fresh',
    'X-Svc-Version': String(pdf.version),
  };
}

interface PdfRoute {
  kind: PdfDocumentKind;
  collection: string;
  param: string;
  access: Scope;
  operationId: string;
  tag: string;
  what: string;
}

const ROUTES: PdfRoute[] = [
  { kind: 'invoice', collection: 'invoices', param: 'invoice_id', access: 'Svc.invoices.READ', operationId: 'getInvoicePdf', tag: 'Invoices', what: 'an invoice' },
  { kind: 'bill', collection: 'bills', param: 'bill_id', access: 'Svc.bills.READ', operationId: 'getBillPdf', tag: 'Bills', what: 'a bill' },
  { kind: 'estimate', collection: 'estimates', param: 'estimate_id', access: 'Svc.estimates.READ', operationId: 'getEstimatePdf', tag: 'Estimates', what: 'an estimate' },
  { kind: 'credit_note', collection: 'credit_notes', param: 'credit_note_id', access: 'Svc.creditnotes.READ', operationId: 'getCreditNotePdf', tag: 'Credit notes', what: 'a credit note' },
  { kind: 'debit_note', collection: 'debit_notes', param: 'debit_note_id', access: 'Svc.debitnotes.READ', operationId: 'getDebitNotePdf', tag: 'Debit notes', what: 'a debit note' },
  { kind: 'purchase_order', collection: 'purchase_orders', param: 'purchase_order_id', access: 'Svc.purchaseorders.READ', operationId: 'getPurchaseOrderPdf', tag: 'Purchase orders', what: 'a purchase order' },
  { kind: 'payment', collection: 'payments', param: 'payment_id', access: 'Svc.payments.READ', operationId: 'getPaymentPdf', tag: 'Payments', what: 'a payment voucher' },
];

/** GET /<collection>/{id}/pdf for every document kind; only invoices take `template`. */
export function pdfsRoutes(pdfs: PdfsService): RouteDef[] {
  return ROUTES.map((r) =>
    route({
      method: 'GET', url: `/${r.collection}/:${r.param}/pdf`, operationId: r.operationId, summary: `The PDF of ${r.what}, in any status`, tags: [r.tag],
      access: r.access, scopeErrorCode: 'auth.insufficient_scope', orgQueryParam: 'organization_id', produces: 'application/pdf',
      params: IdParam(r.param), query: r.kind === 'invoice' ? InvoicePdfQuery : PdfQuery,
      handle: async ({ ctx, params, query }) => {
        const q = query as { download?: boolean; template?: InvoiceTemplate };
        const pdf = await pdfs.renderDocumentPdf({ orgId: ctx.orgId, kind: r.kind, id: (params as Record<string, string>)[r.param]!, template: q.template });
        return new FileReply(pdf.bytes, pdfHeaders(pdf, q.download === true));
      },
    }),
  );
}
