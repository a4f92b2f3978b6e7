import type { Paise } from '../../../kernel/money';
import { StatementFileError, type Direction, type ParsedStatement, type StatementLine } from '../statement.types';
import { amountTextToPaise } from './amount-text';
import { statementText } from './file-text';
import { mt940Fields, type Mt940Field } from './mt940-fields';
import { entryDateOf, valueDateOf } from './mt940-dates.rules';
import { joinStatements, type StatementPart } from './statement-chain';
import { statementDate } from './statement-date';

/** MT940 amounts: digits with a comma as the decimal mark ("1180,50", "1180,"); the direction is a mark apart. */
const MT940_AMOUNT = { decimalMarks: ',', signed: false };

/** :60F:/:62F: and their intermediate :60M:/:62M:: C or D, YYMMDD, currency, amount. */
const BALANCE = /^([CD])(\d{6})([A-Z]{3})([\d,]+)$/;

/** :61: value date, entry date, mark (C, D, RC, RD), funds code, amount, transaction type, then references. */
const STATEMENT_LINE = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?([\d,]+)([NFS][A-Z0-9]{3})(.*)$/;

/** A :86: line is at most 65 characters: a full one was wrapped mid-text, a shorter one ended where the bank ended it. */
const NARRATIVE_WIDTH = 65;

/** C and RD (a reversed debit) are money in; D and RC (a reversed credit) money out. */
const DIRECTION_OF_MARK: Record<string, Direction> = { C: 'IN', RD: 'IN', D: 'OUT', RC: 'OUT' };

interface Statement {
  part: StatementPart;
  currency: string | null;
  closed: boolean;
}

/**
 * A SWIFT MT940 file of one or more statements (:20: to :62F:, or pages ending :62M:): the account
 * from :25:, the opening balance from the first :60F:/:60M:, the closing from the last :62F:/:62M:,
 * a line per :61: with the :86: after it as its narration. A line's key is the bank reference after
 * `//` in its :61: (docs/rules/banking.md, "OFX, camt.053 and MT940").
 */
export function parseMt940(bytes: Buffer): ParsedStatement {
  const fields = mt940Fields(statementText(bytes, null));
  const statements: Statement[] = [];
  let entries = 0;
  for (const [i, field] of fields.entries()) {
    const where = `line ${field.lineNumber}`;
    if (field.tag === '20') {
      statements.push({ part: { where, accountNumber: null, openingBalance: null, closingBalance: null, lines: [] }, currency: null, closed: false });
      continue;
    }
    const statement = statements[statements.length - 1];
    if (statement === undefined) throw new StatementFileError(where, `:${field.tag}: before the statement's :20:`);
    if (field.tag === '61') {
      entries += 1;
      statement.part.lines.push(...statementLine(field, fields[i + 1], entries, statement));
    } else {
      readStatementField(field, statement);
    }
  }
  const last = statements[statements.length - 1];
  if (last === undefined) throw new StatementFileError('line 1', 'the file holds no MT940 statement (:20:)');
  const unclosed = statements.find((s) => !s.closed);
  if (unclosed !== undefined) throw new StatementFileError(unclosed.part.where, 'the statement has no closing balance (:62F: or :62M:): the file is cut short');
  return joinStatements('MT940', statements.map((s) => s.part));
}

function readStatementField(field: Mt940Field, statement: Statement): void {
  const where = `line ${field.lineNumber}`;
  const text = field.lines.join('').trim();
  switch (field.tag) {
    case '25':
      // "BANK CODE/ACCOUNT" or the account alone: the number after the last slash.
      statement.part.accountNumber = text.slice(text.lastIndexOf('/') + 1) || null;
      return;
    case '60F':
    case '60M':
      if (statement.part.openingBalance !== null || statement.part.lines.length > 0) throw new StatementFileError(where, 'the opening balance comes once, before the lines');
      statement.part.openingBalance = balanceOf(text, where, statement);
      return;
    case '62F':
    case '62M':
      statement.part.closingBalance = balanceOf(text, where, statement);
      statement.closed = true;
      return;
    default:
      // :28C: (statement number), :64: and :65: (available balances), :86: for the whole statement: nothing a line needs.
      return;
  }
}

function balanceOf(text: string, where: string, statement: Statement): Paise {
  const m = BALANCE.exec(text);
  if (m === null) throw new StatementFileError(where, `"${text.slice(0, 40)}" is not a balance (C or D, YYMMDD, currency, amount)`);
  const [, mark, date = '', currency = '', amountText = ''] = m;
  statementDate(valueDateOf(date), where);
  if (statement.currency !== null && currency !== statement.currency) throw new StatementFileError(where, `the balance is in ${currency}, the statement in ${statement.currency}`);
  statement.currency = currency;
  const amount = amountTextToPaise(amountText, where, MT940_AMOUNT);
  return mark === 'D' ? -amount : amount;
}

function statementLine(field: Mt940Field, next: Mt940Field | undefined, entry: number, statement: Statement): StatementLine[] {
  const where = `line ${field.lineNumber}`;
  if (statement.part.openingBalance === null) throw new StatementFileError(where, 'a :61: line before the opening balance (:60F:)');
  if (statement.closed) throw new StatementFileError(where, 'a :61: line after the closing balance (:62F:)');
  const m = STATEMENT_LINE.exec(field.lines[0]!.trim());
  if (m === null) throw new StatementFileError(where, `"${field.lines[0]!.slice(0, 40)}" is not a statement line (YYMMDD[MMDD], C/D/RC/RD, amount, type, reference)`);
  const [, valueText = '', entryText, mark = '', , amountText = '', , references = ''] = m;
  const amount = amountTextToPaise(amountText, where, MT940_AMOUNT);
  if (amount === 0) return [];
  const valueDate = statementDate(valueDateOf(valueText), where);
  const date = entryText === undefined ? valueDate : statementDate(entryDateOf(valueDate, entryText), where);
  const split = references.indexOf('//');
  const customerReference = (split === -1 ? references : references.slice(0, split)).trim();
  const bankReference = split === -1 ? '' : references.slice(split + 2).trim();
  const supplementary = field.lines.slice(1).join(' ').trim();
  const narrative = next?.tag === '86' ? narrativeOf(next.lines) : '';
  return [{
    line: entry,
    date,
    valueDate,
    narration: narrative.includes(supplementary) ? narrative : [narrative, supplementary].filter((t) => t !== '').join(' '),
    reference: customerReference === '' || customerReference === 'NONREF' ? null : customerReference,
    direction: DIRECTION_OF_MARK[mark]!,
    amount,
    balance: null,
    bankId: bankReference === '' ? null : bankReference,
  }];
}

/** The :86: lines as one text: a full line was wrapped mid-word and joins the next directly, a shorter one with a space. */
function narrativeOf(lines: readonly string[]): string {
  return lines.reduce((text, line, i) => (i === 0 ? line : `${text}${lines[i - 1]!.length >= NARRATIVE_WIDTH ? '' : ' '}${line}`), '').trim();
}
