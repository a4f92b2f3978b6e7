/** An API code as words: 'PARTIALLY_PAID' → 'Partially paid', 'INVOICE_IRN_RECORDED' → 'Invoice irn recorded'. */
export function readable(code: string | null | undefined): string {
  if (!code) return '';
  const words = code.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
