/**
 * Rows written by one real use case (an invoice created through the API: its document, lines,
 * journal, activity and outbox event), made into a template that renders copies of them with
 * other ids, numbers and parties. Every string cell is split once around the tokens to replace
 * (ids, the document number, the customer's id and name, in JSON payloads too); a copy then
 * only joins the pieces with its own values, so a million copies cost no regex work.
 */
export type Row = Record<string, unknown>;

/** A cell: a constant, or literal pieces with a token between each two. */
type Cell = { constant: unknown } | { pieces: string[]; tokens: string[] };

export interface RowTemplate {
  table: string;
  columns: string[];
  cells: Cell[];
}

const escape = (token: string) => token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A JSON column read back parsed (PostgreSQL) is written back as its text. */
const textOf = (value: unknown): unknown =>
  value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;

/** Templates of the rows of one table; `tokens` are the strings every copy replaces (longest first, so none hides another). */
export function rowTemplates(table: string, rows: readonly Row[], tokens: readonly string[]): RowTemplate[] {
  const sorted = [...new Set(tokens)].filter(Boolean).sort((a, b) => b.length - a.length);
  const pattern = new RegExp(`(${sorted.map(escape).join('|')})`);
  return rows.map((row) => {
    const columns = Object.keys(row);
    const cells = columns.map((column): Cell => {
      const value = textOf(row[column]);
      if (typeof value !== 'string' || sorted.length === 0) return { constant: value };
      const parts = value.split(pattern);
      if (parts.length === 1) return { constant: value };
      // split with one capturing group: literals at even positions, tokens at odd ones.
      return { pieces: parts.filter((_, i) => i % 2 === 0), tokens: parts.filter((_, i) => i % 2 === 1) };
    });
    return { table, columns, cells };
  });
}

/** One copy of a row: each token replaced by its value in `values` (a token without one stays). */
export function render(template: RowTemplate, values: ReadonlyMap<string, string>): unknown[] {
  return template.cells.map((cell) => {
    if ('constant' in cell) return cell.constant;
    let text = cell.pieces[0]!;
    for (let i = 0; i < cell.tokens.length; i++) text += (values.get(cell.tokens[i]!) ?? cell.tokens[i]!) + cell.pieces[i + 1]!;
    return text;
  });
}
