import type { EmailDocumentKind } from './email-defaults.rules';

/**
 * Where the attached PDF comes from: the PDF module's renderer (src/modules/pdfs), wired in
 * src/main/compose.ts. Called outside any transaction, since rendering takes a while.
 */
export interface DocumentPdfSource {
  renderDocumentPdf(request: { orgId: string; kind: EmailDocumentKind; id: string }): Promise<{ filename: string; bytes: Buffer }>;
}
