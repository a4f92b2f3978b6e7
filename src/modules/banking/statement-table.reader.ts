import type { Paise } from '../../kernel/money';
import { readCellAmount, shorten, type CellAmount } from '../../kernel/cell-amount';
import { readDayFirstDate } from '../../kernel/day-first-date';
import type { TableRow } from '../../platform/spreadsheets/table-row';
import {
  missingRoles, placeColumns, PRESET_NAMES, PRESETS, withMapping, type ColumnHeaders, type ColumnPlaces, type ColumnRole, type PresetName,
} from './statement-presets.rules';
import { StatementFileError, type Direction, type StatementLine } from './statement.types';


/** How the table is to be read: a preset, a mapping laid over it, or neither (the preset is found from the header row). */
export interface TableReading {
  preset?: PresetName;
  mapping?: Partial<Record<ColumnRole, string>>;
}

/** Rows above the header looked at for it: a download's preamble (account, address, period) is shorter. */
const HEADER_SEARCH_ROWS = 200;
/** A cell longer than this is no bank's narration: the file is refused rather than stored. */
export const MAX_CELL_CHARACTERS = 2_000;

const DECORATION = /^[\s*\-=_.]*$/;

/**
 * The lines of a statement table (docs/rules/banking.md, "Statements in"): the header row is
 * found below any preamble, the lines are read from the rows under it, rows of decoration
 * (asterisks, dashes, blanks) are passed over, and the table ends at the first row whose date
 * cell is blank or words (a summary or a disclaimer). A row that starts with a digit is a line,
 * and any fault in it refuses the whole file, naming its line.
 */
export function readTable(rows: readonly TableRow[], reading: TableReading): { preset: PresetName | null; openingBalance: Paise | null; lines: StatementLine[] } {
  const header = findHeader(rows, reading);
  const lines: StatementLine[] = [];
  let openingBalance: Paise | null = null;
  for (const row of rows.slice(header.index + 1)) {
    if (row.cells.every((c) => DECORATION.test(c))) continue;
    const dateCell = (row.cells[header.places.date!] ?? '').trim();
    if (!/^\d/.test(dateCell)) break;
    const opening: Paise | null = lines.length === 0 && openingBalance === null ? openingRow(row, header.places) : null;
    if (opening !== null) openingBalance = opening;
    else lines.push(lineOf(row, header.places));
  }
  if (lines.length === 0) throw new StatementFileError(`line ${rows[header.index]!.line}`, 'the table under this header has no lines');
  return { preset: header.preset, openingBalance, lines };
}

const OPENING_WORDS = /^(opening balance|balance b\/?f|b\/f|brought forward)/i;

/** A first row saying the opening balance (Axis's OPENING BALANCE, a B/F row): no amount, a balance. Its balance, else null. */
function openingRow(row: TableRow, places: ColumnPlaces): Paise | null {
  const text = (role: ColumnRole) => (places[role] === undefined ? '' : (row.cells[places[role]!] ?? '').trim());
  if (!OPENING_WORDS.test(text('narration'))) return null;
  const amounts = (['withdrawal', 'deposit', 'amount'] as const).map((r) => readCellAmount(text(r)));
  if (amounts.some((a) => a !== null && ('problem' in a || a.paise !== 0))) return null;
  const balance = readCellAmount(text('balance'));
  if (balance === null || 'problem' in balance) return null;
  return balance.negative || balance.marker === 'DR' ? -balance.paise : balance.paise;
}

function findHeader(rows: readonly TableRow[], reading: TableReading) {
  const mapping = reading.mapping ?? {};
  const candidates: { preset: PresetName | null; headers: ColumnHeaders }[] = reading.preset
    ? [{ preset: reading.preset, headers: withMapping(PRESETS[reading.preset], mapping) }]
    : [...PRESET_NAMES.map((p) => ({ preset: p, headers: withMapping(PRESETS[p], mapping) })), { preset: null, headers: withMapping({}, mapping) }];
  for (const [index, row] of rows.slice(0, HEADER_SEARCH_ROWS).entries()) {
    let best: { preset: PresetName | null; places: ColumnPlaces; score: number } | null = null;
    for (const c of candidates) {
      const places = placeColumns(row.cells, c.headers);
      const score = Object.keys(places).length;
      if (missingRoles(places).length === 0 && (!best || score > best.score)) best = { preset: c.preset, places, score };
    }
    if (best) return { index, preset: best.preset, places: best.places };
  }
  const wanted = reading.preset ? `the ${reading.preset} preset's headers` : 'the headers of a preset (HDFC, ICICI, SBI, AXIS, KOTAK) or of the mapping';
  throw new StatementFileError('header', `no row has ${wanted}: a date, a narration, and withdrawal and deposit or an amount column`);
}

function lineOf(row: TableRow, places: ColumnPlaces): StatementLine {
  const where = `line ${row.line}`;
  const fail = (message: string): never => { throw new StatementFileError(where, message); };
  for (const text of row.cells) if (text.length > MAX_CELL_CHARACTERS) fail(`a cell is longer than ${MAX_CELL_CHARACTERS} characters`);
  const cell = (role: ColumnRole) => {
    const at = places[role];
    return at === undefined ? '' : (row.cells[at] ?? '').trim();
  };
  const amountOf = (role: ColumnRole): CellAmount | null => {
    const read = readCellAmount(cell(role));
    if (read && 'problem' in read) return fail(`${role}: ${read.problem}`);
    return read;
  };
  const date = readDayFirstDate(cell('date')) ?? fail(`"${shorten(cell('date'))}" is not a date written day first (DD/MM/YYYY, DD-MMM-YYYY, D MMM YYYY)`);
  const valueText = cell('value_date');
  const valueDate = valueText === '' || valueText === '-' ? null
    : readDayFirstDate(valueText) ?? fail(`value date "${shorten(valueText)}" is not a date written day first`);
  const { direction, amount } = places.amount !== undefined && places.withdrawal === undefined
    ? signedAmount(amountOf('amount'), cell('dr_cr'), fail)
    : splitAmount(amountOf('withdrawal'), amountOf('deposit'), fail);
  const balance = amountOf('balance');
  const reference = cell('reference');
  return {
    line: row.line, date, valueDate, narration: cell('narration').replace(/\s+/g, ' '), reference: reference === '' || reference === '-' ? null : reference,
    direction, amount,
    // A balance marked Dr (or negative) is an overdraft: below zero.
    balance: balance === null ? null : balance.negative || balance.marker === 'DR' ? -balance.paise : balance.paise,
    bankId: null,
  };
}

type Fail = (message: string) => never;

/** Withdrawal and deposit columns: exactly one holds the line's amount, written positive. */
function splitAmount(withdrawal: CellAmount | null, deposit: CellAmount | null, fail: Fail): { direction: Direction; amount: Paise } {
  const out = withdrawal && withdrawal.paise !== 0 ? withdrawal : null;
  const into = deposit && deposit.paise !== 0 ? deposit : null;
  if (out && into) return fail('both withdrawal and deposit hold an amount');
  const taken = out ?? into ?? fail('neither withdrawal nor deposit holds an amount');
  if (taken.negative) return fail(`the ${out ? 'withdrawal' : 'deposit'} is written negative: its column says which way the money went`);
  return { direction: out ? 'OUT' : 'IN', amount: taken.paise };
}

/** One amount column: a Dr/Cr column says the direction, else a Cr or Dr beside the figure, else its sign (negative is money out). */
function signedAmount(amount: CellAmount | null, drCr: string, fail: Fail): { direction: Direction; amount: Paise } {
  if (!amount || amount.paise === 0) return fail('the amount is blank or zero');
  const word = drCr.toUpperCase().replace(/[^A-Z]/g, '');
  const fromColumn = ['DR', 'D', 'DEBIT'].includes(word) ? 'OUT' : ['CR', 'C', 'CREDIT'].includes(word) ? 'IN' : null;
  if (word !== '' && fromColumn === null) return fail(`"${shorten(drCr)}" says neither Dr nor Cr`);
  const fromMarker = amount.marker === 'DR' ? 'OUT' : amount.marker === 'CR' ? 'IN' : null;
  const direction: Direction = fromColumn ?? fromMarker ?? (amount.negative ? 'OUT' : 'IN');
  return { direction, amount: amount.paise };
}
