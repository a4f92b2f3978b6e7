/**
 * What user-typed text becomes before it is drawn. pdfkit writes every string as a hex glyph
 * string, so no text can end a string or inject an operator; what is left is what a reader sees:
 *  - controls (C0, C1) and bidirectional overrides/isolates are dropped, so a name cannot flip
 *    the reading order of what follows it;
 *  - the built-in Helvetica speaks WinAnsi only, so ₹ becomes "Rs." and any other character it
 *    cannot draw becomes "?" rather than a wrong glyph (docs/decisions.md "PDFs": no TTF font ships).
 */

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function drawable(ch: string): boolean {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || ch === '\n' || WIN_ANSI_EXTRAS.has(ch);
}

/** Text safe to draw with the built-in font: tabs become spaces, ₹ becomes "Rs.", the undrawable "?". */
export function printable(text: string): string {
  const cleaned = text.replace(INVISIBLE, '').replace(/\r\n?/g, '\n').replace(/\t/g, ' ').replace(/₹\s?/g, 'Rs. ');
  let out = '';
  for (const ch of cleaned) out += drawable(ch) ? ch : '?';
  return out;
}

/**
 * `<document number>.pdf` for Content-Disposition and mail attachments: anything but letters,
 * digits, dot, dash and underscore becomes "_" (no quotes, slashes or header breaks can pass),
 * at most 100 characters, never empty or a dot-file.
 */
export function pdfFilename(documentNumber: string): string {
  const base = documentNumber.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '').slice(0, 100);
  return `${base || 'document'}.pdf`;
}
