import { notFound } from '../../kernel/errors';
import type { PlatformDeps } from '../../platform/deps';
import { orgSettings } from '../../platform/orgs/org-settings';
import { buildView } from './document-view';
import type { PdfCache } from './pdf-cache';
import { drawPdf } from './pdf-layout';
import { pdfFilename } from './pdf-text.rules';
import { pdfsRepository as repo } from './pdfs.repository';
import type { InvoiceTemplate, PdfDocumentKind, PdfsService, RenderedPdf, RenderPdfRequest } from './pdfs.types';
import { DEFAULT_STYLE, TEMPLATE_STYLES } from './templates';

export interface PdfsDeps extends Pick<PlatformDeps, 'database' | 'clock'> {
  cache: PdfCache;
}

/** How a missing document is named in its 404, like the document's own GET. */
const NOT_FOUND: Record<PdfDocumentKind, [string, string]> = {
  invoice: ['invoice', 'invoice_id'],
  bill: ['bill', 'bill_id'],
  estimate: ['estimate', 'estimate_id'],
  credit_note: ['credit note', 'credit_note_id'],
  debit_note: ['debit note', 'debit_note_id'],
  purchase_order: ['purchase order', 'purchase_order_id'],
  payment: ['payment', 'payment_id'],
};

/**
 * Renders any document of the organisation, in any status, from the stored version; the bytes
 * of a (document, version, template) are kept in the cache, so a fetch after the first costs
 * one read of the version (and, for invoices, of the default template). Reads only: no
 * transaction, no row lock.
 */
export function pdfsService(deps: PdfsDeps): PdfsService {
  const db = deps.database.db;

  async function templateFor(orgId: string, kind: PdfDocumentKind, requested: InvoiceTemplate | undefined): Promise<InvoiceTemplate | null> {
    if (kind !== 'invoice') return null;
    return requested ?? (await orgSettings(db, orgId)).prefs.invoicePdfTemplate;
  }

  return {
    async renderDocumentPdf({ orgId, kind, id, template }: RenderPdfRequest): Promise<RenderedPdf> {
      const [stamp, chosen] = await Promise.all([repo.stamp(db, orgId, kind, id), templateFor(orgId, kind, template)]);
      if (!stamp) throw notFound(...NOT_FOUND[kind]);
      const filename = pdfFilename(stamp.number);
      const keyOf = (version: number) => `${orgId}/${kind}/${id}/${version}/${chosen ?? '-'}`;
      const cached = deps.cache.get(keyOf(stamp.version));
      if (cached) return { filename, bytes: cached, version: stamp.version, cached: true };

      // Read again in full: an edit between the two reads is drawn, and cached, as its own version.
      const source = await repo.source(db, orgId, kind, id);
      if (!source) throw notFound(...NOT_FOUND[kind]);
      const head = await repo.letterhead(db, orgId, source.kind === 'payment' ? null : source.branchId, source.contactId);
      const bytes = await drawPdf(buildView(source, head), chosen ? TEMPLATE_STYLES[chosen] : DEFAULT_STYLE, { createdAt: deps.clock.now() });
      deps.cache.set(keyOf(source.version), bytes);
      const number = source.kind === 'payment' ? source.id : source.number;
      return { filename: pdfFilename(number), bytes, version: source.version, cached: false };
    },
  };
}
