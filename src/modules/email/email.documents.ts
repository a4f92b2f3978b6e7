import { invalidValue } from '../../kernel/errors';
import { toPaise } from '../../kernel/money';
import type { ActivityEntityType } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import type { NotesService } from '../notes';
import type { EstimatesService } from '../estimates';
import type { InvoicesService } from '../invoices';
import type { EmailDocumentKind } from './email-defaults.rules';

/** A document as the email needs it. `currencyCode` null: the organisation's base currency (estimates carry none). */
export interface LoadedDocument {
  entityType: ActivityEntityType;
  number: string;
  customerName: string;
  totalMinor: number;
  currencyCode: string | null;
}

/** Reads one document of the caller's organisation; not_found.resource otherwise. */
export type DocumentLoader = (ctx: RequestContext, id: string) => Promise<LoadedDocument>;

export interface EmailableServices {
  invoices: Pick<InvoicesService, 'getInvoice'>;
  estimates: Pick<EstimatesService, 'getEstimate'>;
  creditNotes: Pick<NotesService<'credit_note'>, 'get'>;
}

/** How each emailable kind is read, through its own module's public service. */
export function documentLoaders(services: EmailableServices): Record<EmailDocumentKind, DocumentLoader> {
  return {
    invoice: async (ctx, id) => {
      const { invoice } = await services.invoices.getInvoice(ctx, id);
      return {
        entityType: 'INVOICE', number: invoice.invoice_number, customerName: invoice.customer_name,
        totalMinor: toPaise(invoice.total), currencyCode: invoice.currency_code,
      };
    },
    estimate: async (ctx, id) => {
      const { estimate } = await services.estimates.getEstimate(ctx, id);
      return {
        entityType: 'ESTIMATE', number: estimate.estimate_number, customerName: estimate.customer_name,
        totalMinor: toPaise(estimate.total), currencyCode: null,
      };
    },
    credit_note: async (ctx, id) => {
      const { credit_note: note } = await services.creditNotes.get(ctx, id);
      // Spec: credit notes raised against bills are not meant for this endpoint (a vendor's credit is not mailed to a customer).
      if (note.type === 'vendor') {
        throw invalidValue('credit_note_id', 'This credit note was raised against a bill (a vendor credit); only customer credit notes are emailed');
      }
      return {
        entityType: 'CREDIT_NOTE', number: note.credit_note_number, customerName: note.customer_name,
        totalMinor: toPaise(note.total), currencyCode: note.currency_code,
      };
    },
  };
}
