import { Type } from '@sinclair/typebox';
import { PageContext } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import { PERIOD_CLOSED } from '../../platform/orgs/period-lock.rules';
import { IrnCancellation } from '../einvoice/irn.schemas';
import { CreateInvoiceBody, Invoice, ListInvoicesQuery, UpdateInvoiceBody, VoidInvoiceBody } from './invoices.schemas';
import type { InvoicesService } from './invoices.service';

const tags = ['Invoices'];
const InvoiceIdParam = IdParam('invoice_id');

export function invoicesRoutes(invoices: InvoicesService): RouteDef[] {
  return [
    route({
      method: 'GET', url: '/invoices', operationId: 'listInvoices', summary: 'List invoices, newest first', tags,
      access: 'Svc.invoices.READ', query: ListInvoicesQuery, response: { invoices: Type.Array(Invoice), page_context: PageContext },
      handle: ({ ctx, query }) => invoices.listInvoices(ctx, query),
    }),
    route({
      method: 'GET', url: '/invoices/:invoice_id', operationId: 'getInvoice', summary: 'Get an invoice', tags,
      access: 'Svc.invoices.READ', params: InvoiceIdParam, response: { invoice: Invoice },
      handle: ({ ctx, params }) => invoices.getInvoice(ctx, params.invoice_id),
    }),
    route({
      method: 'POST', url: '/invoices', operationId: 'createInvoice', failsWithCodes: PERIOD_CLOSED, summary: 'Create an invoice (DRAFT, or SENT with auto_approve)', tags,
      access: 'Svc.invoices.CREATE', idempotency: 'required', body: CreateInvoiceBody, status: 201, message: 'The invoice has been created.', response: { invoice: Invoice },
      handle: ({ ctx, body }) => invoices.createInvoice(ctx, body),
    }),
    route({
      method: 'PUT', url: '/invoices/:invoice_id', operationId: 'updateInvoice', failsWithCodes: PERIOD_CLOSED, summary: 'Update reference_number, due_date, notes or is_reverse_charge of a DRAFT invoice', tags,
      access: 'Svc.invoices.UPDATE', params: InvoiceIdParam, body: UpdateInvoiceBody, message: 'The invoice has been updated.', response: { invoice: Invoice },
      handle: ({ ctx, params, body }) => invoices.updateInvoice(ctx, params.invoice_id, body),
    }),
    route({
      method: 'POST', url: '/invoices/:invoice_id/approve', operationId: 'approveInvoice', failsWithCodes: PERIOD_CLOSED, summary: 'Approve a DRAFT invoice: SENT, journal posted', tags,
      access: 'Svc.invoices.UPDATE', params: InvoiceIdParam, message: 'The invoice has been approved.', response: { invoice: Invoice },
      handle: ({ ctx, params }) => invoices.approveInvoice(ctx, params.invoice_id),
    }),
    route({
      method: 'POST', url: '/invoices/:invoice_id/void', operationId: 'voidInvoice', failsWithCodes: PERIOD_CLOSED, summary: 'Void an invoice: CANCELLED, journal reversed; an active IRN is cancelled within 24 hours of its acknowledgement', tags,
      access: 'Svc.invoices.UPDATE', params: InvoiceIdParam, body: VoidInvoiceBody, message: 'The invoice has been voided.',
      response: { invoice: Invoice, einvoice_cancellation: Type.Optional(IrnCancellation) },
      handle: ({ ctx, params, body }) => invoices.voidInvoice(ctx, params.invoice_id, body),
    }),
    route({
      method: 'DELETE', url: '/invoices/:invoice_id', operationId: 'deleteInvoice', failsWithCodes: PERIOD_CLOSED, summary: 'Delete a DRAFT invoice', tags,
      access: 'Svc.invoices.DELETE', params: InvoiceIdParam, message: 'The invoice has been deleted.', response: { invoice_id: Type.String() },
      handle: ({ ctx, params }) => invoices.deleteInvoice(ctx, params.invoice_id),
    }),
  ];
}
