/**
 * Uploaded file names are shown to people and sent back in Content-Disposition, never used
 * as a storage key. Cleaning keeps the last path component only and removes what could
 * mislead a reader or a file system: control characters (NUL included), bidirectional
 * overrides (U+202E makes "invoice\u202Efdp.exe" read as "invoiceexe.pdf"), zero-width marks.
 */
export const MAX_FILENAME_CHARS = 200;
const FALLBACK_NAME = 'attachment';
const MAX_KEPT_EXTENSION = 16;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// C0 and C1 controls, DEL; bidi marks, embeddings, overrides and isolates; zero-width characters, BOM; line and paragraph separators.
const INVISIBLE_OR_CONTROL = /[\u0000-\u001F\u007F-\u009F\u061C\u200B-\u200F\u202A-\u202E\u2028\u2029\u2060-\u2064\u2066-\u2069\uFEFF]/g;
// Characters Windows refuses in names; harmless elsewhere but confusing in a download.
const RESERVED = /[<>:"|?*]/g;

export function cleanFilename(raw: string | undefined): string {
  const lastComponent = (raw ?? '').replace(LONE_SURROGATE, '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = lastComponent
    // Tabs and line breaks separate words: spaces, not nothing.
    .replace(/[\t\n\v\f\r]/g, ' ')
    .replace(INVISIBLE_OR_CONTROL, '')
    .replace(RESERVED, '_')
    .replace(/\s+/g, ' ')
    // Leading dots make "." and ".." (and hidden names); trailing dots and spaces are dropped by Windows.
    .replace(/^[\s.]+|[\s.]+$/g, '');
  return bounded(cleaned === '' ? FALLBACK_NAME : cleaned);
}

/** At most MAX_FILENAME_CHARS characters (code points), keeping a short extension when the stem is cut. */
function bounded(name: string): string {
  const chars = [...name];
  if (chars.length <= MAX_FILENAME_CHARS) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? [...name.slice(dot)] : [];
  if (extension.length === 0 || extension.length > MAX_KEPT_EXTENSION) return chars.slice(0, MAX_FILENAME_CHARS).join('').trimEnd();
  const stem = [...name.slice(0, dot)].slice(0, MAX_FILENAME_CHARS - extension.length).join('').trimEnd();
  return stem + extension.join('');
}

/**
 * `attachment` with the name twice (RFC 6266): an ASCII fallback for old clients, and the
 * exact name in RFC 5987 encoding. The value never carries a quote, backslash or line break.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7E]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The multipart parser reads header bytes as Latin-1, while browsers and fetch send a
 * filename="…" parameter as raw UTF-8: such a name comes back as UTF-8 when its bytes are
 * valid UTF-8. A name that cannot be Latin-1 bytes (decoded from filename*=UTF-8'') is kept.
 */
export function filenameFromHeader(raw: string): string {
  if (!/[\u0080-\u00FF]/.test(raw) || /[^\u0000-\u00FF]/.test(raw)) return raw;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(raw, 'latin1'));
  } catch {
    return raw;
  }
}
