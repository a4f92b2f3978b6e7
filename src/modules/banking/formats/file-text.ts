/** Labels banks write for the Western European single-byte set (OFX `CHARSET:1252`, XML `encoding="ISO-8859-1"`). */
const SINGLE_BYTE_LABELS = new Set(['1252', 'windows-1252', 'cp1252', 'iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', '8859-1']);

/**
 * A statement file's bytes as text. A file that declares a Western single-byte set is read in it;
 * any other is read as UTF-8, and a file that is not valid UTF-8 (an undeclared 1252 download) in
 * windows-1252, so a rupee narration with an accented name never fails the import. A byte-order mark is dropped.
 */
export function statementText(bytes: Buffer, declaredCharset: string | null): string {
  const singleByte = declaredCharset !== null && SINGLE_BYTE_LABELS.has(declaredCharset.trim().toLowerCase());
  const text = singleByte ? new TextDecoder('windows-1252').decode(bytes) : utf8OrWindows1252(bytes);
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

function utf8OrWindows1252(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The start of a file read byte for byte, to find the character set it declares before it is decoded. */
export function fileHead(bytes: Buffer): string {
  return bytes.subarray(0, 1024).toString('latin1');
}
