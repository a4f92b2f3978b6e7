import type { LocalDate } from '../../../kernel/local-date';
import type { Paise } from '../../../kernel/money';
import { StatementFileError, type ParsedStatement, type StatementLine } from '../statement.types';
import { amountTextToPaise } from './amount-text';
import { fileHead, statementText } from './file-text';
import { sgmlAsXml } from './ofx-sgml';
import { statementDate } from './statement-date';
import { descendants, leafText, readStatementXml, type XmlElement } from './statement-xml';

/** OFX amounts: an optional sign; a decimal point or comma starts the fraction (the OFX specification, "Amounts"). */
const OFX_AMOUNT = { decimalMarks: '.,', signed: true };

/** Where a statement sits: a bank account's (STMTRS) or a credit card's (CCSTMTRS), and its account aggregate. */
const STATEMENT_PATHS = [
  { path: ['BANKMSGSRSV1', 'STMTTRNRS', 'STMTRS'], account: 'BANKACCTFROM' },
  { path: ['CREDITCARDMSGSRSV1', 'CCSTMTTRNRS', 'CCSTMTRS'], account: 'CCACCTFROM' },
] as const;

/**
 * An OFX statement, 1.x (SGML) or 2.x (XML): its lines from BANKTRANLIST/STMTTRN, the closing balance
 * from LEDGERBAL and the account from BANKACCTFROM (or CCACCTFROM)/ACCTID. OFX states no opening
 * balance. The key of a line is its FITID (docs/rules/banking.md, "OFX, camt.053 and MT940").
 */
export function parseOfx(bytes: Buffer): ParsedStatement {
  const { text, bodyAt, sgml } = ofxBody(bytes);
  const body = sgml ? sgmlAsXml(text.slice(bodyAt), bodyAt) : { xml: text.slice(bodyAt), from: bodyAt, insertions: [] };
  const root = readStatementXml(text, body, 'OFX');
  const found = STATEMENT_PATHS.flatMap(({ path, account }) => descendants(root, path).map((statement) => ({ statement, account })));
  if (found.length === 0) throw new StatementFileError('OFX', 'the file holds no bank (STMTRS) or credit-card (CCSTMTRS) statement');
  if (found.length > 1) throw new StatementFileError('OFX', `the file holds ${found.length} statements; import one account's at a time`);
  const { statement, account } = found[0]!;
  const transactions = descendants(statement, ['BANKTRANLIST', 'STMTTRN']);
  return {
    format: 'OFX',
    preset: null,
    accountNumber: leafText(statement, [account, 'ACCTID']),
    openingBalance: null,
    closingBalance: ledgerBalance(statement),
    lines: transactions.flatMap((t, i) => statementLine(t, i + 1)),
  };
}

/**
 * The file as text, where its body starts and whether it is SGML. A 1.x file opens with `KEY:VALUE`
 * header lines (OFXHEADER:100, CHARSET names the byte encoding) and its body is SGML; a 2.x file with
 * an XML declaration and an `<?OFX … ?>` instruction, and its body is XML.
 */
function ofxBody(bytes: Buffer): { text: string; bodyAt: number; sgml: boolean } {
  const head = fileHead(bytes);
  const charset = /^\s*CHARSET:\s*(\S+)/im.exec(head)?.[1] ?? /<\?xml[^>]*encoding="([^"]+)"/.exec(head)?.[1] ?? null;
  const text = statementText(bytes, charset);
  const bodyAt = text.indexOf('<');
  const header = text.slice(0, bodyAt === -1 ? text.length : bodyAt);
  if (bodyAt === -1 || (header.trim() !== '' && !/^\s*OFXHEADER:\s*100\s*$/m.test(header))) {
    throw new StatementFileError('OFX header', 'not an OFX file: it opens with neither the OFXHEADER:100 header nor XML');
  }
  return { text, bodyAt, sgml: header.trim() !== '' };
}

function statementLine(transaction: XmlElement, entry: number): StatementLine[] {
  const where = `BANKTRANLIST/STMTTRN[${entry}]`;
  if (descendants(transaction, ['CURRENCY']).length > 0) {
    throw new StatementFileError(`${where}/CURRENCY`, "the amount is in a currency other than the statement's (CURDEF)");
  }
  const signed = amountTextToPaise(requiredText(transaction, 'TRNAMT', where), `${where}/TRNAMT`, OFX_AMOUNT);
  // A line of no amount moves no money: it is information, not a transaction, and is not kept.
  if (signed === 0) return [];
  const valueDate = leafText(transaction, ['DTUSER']);
  return [{
    line: entry,
    date: ofxDate(requiredText(transaction, 'DTPOSTED', where), `${where}/DTPOSTED`),
    valueDate: valueDate === null ? null : ofxDate(valueDate, `${where}/DTUSER`),
    narration: narrationOf(transaction),
    reference: leafText(transaction, ['CHECKNUM']) ?? leafText(transaction, ['REFNUM']),
    direction: signed < 0 ? 'OUT' : 'IN',
    amount: Math.abs(signed),
    balance: null,
    bankId: leafText(transaction, ['FITID']),
  }];
}

/** NAME (or PAYEE/NAME) and MEMO; a MEMO that repeats the name, or holds it, stands alone. */
function narrationOf(transaction: XmlElement): string {
  const name = leafText(transaction, ['NAME']) ?? leafText(transaction, ['PAYEE', 'NAME']);
  const memo = leafText(transaction, ['MEMO']);
  if (name === null || memo === null) return name ?? memo ?? '';
  if (memo.includes(name)) return memo;
  return name.includes(memo) ? name : `${name} ${memo}`;
}

function ledgerBalance(statement: XmlElement): Paise | null {
  const amount = leafText(statement, ['LEDGERBAL', 'BALAMT']);
  return amount === null ? null : amountTextToPaise(amount, 'LEDGERBAL/BALAMT', OFX_AMOUNT);
}

/** OFX date-time YYYYMMDD[HHMMSS[.XXX]][[±HH[.MM]:TZ]]: the date as the bank wrote it. */
function ofxDate(text: string, where: string): LocalDate {
  const m = /^(\d{4})(\d{2})(\d{2})(?:\d{2,6}(?:\.\d{1,3})?)?\s*(?:\[[^\]]*\])?$/.exec(text);
  if (m === null) throw new StatementFileError(where, `"${text.slice(0, 40)}" is not an OFX date (YYYYMMDD, optionally a time and zone)`);
  return statementDate(`${m[1]}-${m[2]}-${m[3]}`, where);
}

function requiredText(transaction: XmlElement, name: string, where: string): string {
  const text = leafText(transaction, [name]);
  if (text === null) throw new StatementFileError(`${where}/${name}`, `${name} is missing`);
  return text;
}
