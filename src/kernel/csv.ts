/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. */
const field = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const line = (values: readonly (string | number)[]) => `${values.map(field).join(',')}\r\n`;

/** CSV rows without the header, in the header's column order: a document written in parts (a long report, streamed). */
export function csvRecords(columns: readonly string[], records: readonly Record<string, string | number>[]): string {
  return records.map((r) => line(columns.map((c) => r[c] ?? ''))).join('');
}

/** A CSV document: the header row, then one row per record in the header's column order, CRLF line ends. */
export function toCsv(columns: readonly string[], records: readonly Record<string, string | number>[]): string {
  return line(columns) + csvRecords(columns, records);
}
