/** A row of a spreadsheet or CSV file: its 1-based line (CSV) or row (XLSX) number and its cells as text. */
export interface TableRow {
  line: number;
  cells: string[];
}
