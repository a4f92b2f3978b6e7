/**
 * A table as CSV (RFC 4180: every cell quoted, quotes doubled), for lists the API answers only as
 * JSON. Amounts go as the API gave them, so a spreadsheet reads them as numbers.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const cell = (value: string | number | null | undefined) => `"${String(value ?? '').replaceAll('"', '""')}"`;
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
