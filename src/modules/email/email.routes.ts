import { route, type RouteDef } from '../../http/route';
import { IdParam } from '../../http/schema-kit';
import type { Scope } from '../../platform/auth/scopes';
import type { EmailDocumentKind } from './email-defaults.rules';
import { EmailDelivery, SendEmailBody } from './email.schemas';
import type { EmailService } from './email.service';

interface EmailRoute {
  kind: EmailDocumentKind;
  collection: string;
  param: string;
  operationId: string;
  title: string;
  access: Scope;
}

const ROUTES: readonly EmailRoute[] = [
  { kind: 'invoice', collection: 'invoices', param: 'invoice_id', operationId: 'emailInvoice', title: 'Invoices', access: 'Svc.invoices.UPDATE' },
  { kind: 'estimate', collection: 'estimates', param: 'estimate_id', operationId: 'emailEstimate', title: 'Estimates', access: 'Svc.estimates.UPDATE' },
  { kind: 'credit_note', collection: 'credit_notes', param: 'credit_note_id', operationId: 'emailCreditNote', title: 'Credit notes', access: 'Svc.creditnotes.UPDATE' },
];

/**
 * POST /{collection}/{id}/email. The spec's own answers: a missing scope is 403
 * auth.insufficient_scope, and a body of the wrong shape (an empty to[] first of all) is 422
 * validation.failed, with each failing field in errors[].
 */
export function emailRoutes(email: EmailService): RouteDef[] {
  return ROUTES.map((r) => route({
    method: 'POST', url: `/${r.collection}/:${r.param}/email`, operationId: r.operationId,
    summary: `Email the ${r.kind.replace('_', ' ')} to the customer, with its PDF attached unless attach_pdf is false; status unchanged`,
    tags: [r.title], access: r.access, scopeErrorCode: 'auth.insufficient_scope', invalidBody: { code: 'validation.failed', status: 422 },
    idempotency: 'optional', params: IdParam(r.param), body: SendEmailBody, message: 'Your email has been sent.', failsWith: [502], response: { delivery: EmailDelivery },
    handle: ({ ctx, params, body }) => email.sendDocumentEmail(ctx, r.kind, (params as Record<string, string>)[r.param]!, body),
  }));
}
