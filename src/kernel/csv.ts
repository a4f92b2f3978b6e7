/*
 * Every CSV the service writes goes through csvCell (docs/decisions.md "Security"). RFC 4180
 * quoting, and no cell a spreadsheet would run: a text cell that begins with =, +, -, @, a tab or
 * a carriage return (behind any quotes it already begins with) is written with a leading ', which
 * spreadsheets show as text; readCsv takes that one ' off again, so Bahi's CSVs read back as
 * written. A plain decimal number (-12.50 too) is a number, not a formula: it is written as it is.
 */

const FORMULA_START = /^'*[=+\-@\t\r]/;
const GUARDED = /^'+[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** One cell as written: guarded against formulas, then quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const line = (values: readonly (string | number)[]) => `${values.map(csvCell).join(',')}\r\n`;

/** CSV rows without the header, in the header's column order: a document written in parts (a long report, streamed). */
export function csvRecords(columns: readonly string[], records: readonly Record<string, string | number>[]): string {
  return records.map((r) => line(columns.map((c) => r[c] ?? ''))).join('');
}

/** A CSV document: the header row, then one row per record in the header's column order, CRLF line ends. */
export function toCsv(columns: readonly string[], records: readonly Record<string, string | number>[]): string {
  return line(columns) + csvRecords(columns, records);
}

/**
 * Rows of cells, as any reader of CSV in Bahi must read them: RFC 4180 (quoted cells may hold
 * commas, quotes and line breaks; CRLF or LF line ends), with the formula guard's ' taken off.
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(GUARDED.test(cell) ? cell.slice(1) : cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === ',') endCell();
    else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      if (c === '\r') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}
