/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. */
const field = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** A CSV document: the header row, then one row per record in the header's column order, CRLF line ends. */
export function toCsv(columns: readonly string[], records: readonly Record<string, string | number>[]): string {
  return [columns, ...records.map((r) => columns.map((c) => r[c] ?? ''))].map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}
