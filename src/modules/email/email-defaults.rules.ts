/**
 * The subject and body an email gets when the caller sends none (spec "Email sending"): the
 * subject "Invoice <number> from <org name>", and a body that greets the customer and names the
 * document number, the organisation and the total. Pure: every value is escaped here.
 */

/** The documents that can be emailed, by the name the PDF module also uses. */
export const EMAIL_DOCUMENT_KINDS = ['invoice', 'estimate', 'credit_note'] as const;
export type EmailDocumentKind = (typeof EMAIL_DOCUMENT_KINDS)[number];

/** What the defaults say about a document. */
export interface EmailableDocument {
  kind: EmailDocumentKind;
  number: string;
  customerName: string;
  /** In minor units (paise). */
  totalMinor: number;
  currencyCode: string;
}

const TITLES: Record<EmailDocumentKind, string> = { invoice: 'Invoice', estimate: 'Estimate', credit_note: 'Credit Note' };

export const documentTitle = (kind: EmailDocumentKind) => TITLES[kind];

export const defaultSubject = (doc: EmailableDocument, orgName: string) => `${TITLES[doc.kind]} ${doc.number} from ${orgName}`;

/**
 * An amount as Indians write it, grouped in lakh and crore: ₹1,18,000.00. Intl's en-IN locale does
 * the grouping; the value handed to it is exact, since paise / 100 has at most two decimals.
 */
export function formatAmount(minor: number, currencyCode: string): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: currencyCode, minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(minor / 100);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);

/** The default HTML body; `attached` says whether the PDF goes with it, which the wording follows. */
export function defaultBodyHtml(doc: EmailableDocument, orgName: string, attached: boolean): string {
  const what = `${TITLES[doc.kind].toLowerCase()} <strong>${escapeHtml(doc.number)}</strong>`;
  const org = escapeHtml(orgName);
  const total = escapeHtml(formatAmount(doc.totalMinor, doc.currencyCode));
  return [
    `<p>Dear ${escapeHtml(doc.customerName)},</p>`,
    `<p>${attached ? 'Please find attached' : 'This is'} ${what} from ${org}, for a total of <strong>${total}</strong>.</p>`,
    '<p>If you have any questions, simply reply to this email.</p>',
    `<p>Regards,<br>${org}</p>`,
  ].join('\n');
}
