/**
 * What user-typed text becomes before it is drawn. pdfkit writes every string as a hex glyph
 * string, so no text can end a string or inject an operator; what is left is what a reader sees:
 *  - controls (C0, C1) and bidirectional overrides/isolates are dropped, so a name cannot flip
 *    the reading order of what follows it;
 *  - a character the font has no glyph for (Devanagari in DejaVu, say) becomes "?", visibly,
 *    rather than an empty box that reads back as nothing.
 */

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/** Whether the font in use can draw a character (one code point). */
export type CanDraw = (ch: string) => boolean;

/** Text safe to draw with a font: tabs become spaces, line ends "\n", what the font lacks "?". */
export function printable(text: string, canDraw: CanDraw): string {
  const cleaned = text.replace(INVISIBLE, '').replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
  let out = '';
  for (const ch of cleaned) out += ch === '\n' || canDraw(ch) ? ch : '?';
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
