import { Type } from '@sinclair/typebox';
import { Id, Query, StringEnum } from '../../http/schema-kit';
import { INVOICE_TEMPLATES } from './pdfs.types';

/** `download=true` asks for Content-Disposition: attachment; `organization_id` picks the org of a multi-org token. */
const common = {
  download: Type.Optional(Type.Boolean({ description: 'true: Content-Disposition attachment (default inline)' })),
  organization_id: Type.Optional(Id('The organisation, for tokens bound to several (as X-Svc-Org)')),
};

export const PdfQuery = Query(common);

export const InvoicePdfQuery = Query({
  ...common,
  template: Type.Optional(StringEnum(INVOICE_TEMPLATES, 'Overrides the organisation default (preference invoicePdfTemplate)')),
});
