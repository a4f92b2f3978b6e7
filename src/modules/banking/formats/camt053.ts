import type { LocalDate } from '../../../kernel/local-date';
import type { Paise } from '../../../kernel/money';
import { StatementFileError, type Direction, type ParsedStatement, type StatementLine } from '../statement.types';
import { amountTextToPaise } from './amount-text';
import { fileHead, statementText } from './file-text';
import { joinStatements, type StatementPart } from './statement-chain';
import { statementDate } from './statement-date';
import { attributesOf, descendants, leafText, readStatementXml, textOf, type XmlElement } from './statement-xml';

/** camt.053 amounts: digits with a period, the direction in CdtDbtInd (ISO 20022 ActiveOrHistoricCurrencyAndAmount). */
const CAMT_AMOUNT = { decimalMarks: '.', signed: false };

/** The versions read: BankToCustomerStatementV02 to V08, whose elements used here are the same. */
const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.0[2-8]$/;

/** Where an entry's reference is looked for, most telling first: a cheque's number, then the payment's ids (a UTR among them). */
const REFERENCE_PATHS = [['ChqNb'], ['EndToEndId'], ['ClrSysRef'], ['TxId'], ['InstrId']] as const;

interface StatementContext {
  where: string;
  currency: string | null;
  firstEntry: number;
}

/**
 * An ISO 20022 camt.053 file (versions .02 to .08): each BkToCstmrStmt/Stmt's booked entries (Ntry),
 * its opening (OPBD, else PRCD) and closing (CLBD) balances and its account; several statements of
 * one account are read as one. An entry's key is AcctSvcrRef, else NtryRef
 * (docs/rules/banking.md, "OFX, camt.053 and MT940").
 */
export function parseCamt053(bytes: Buffer): ParsedStatement {
  const charset = /<\?xml[^>]*encoding=["']([^"']+)["']/.exec(fileHead(bytes))?.[1] ?? null;
  const text = statementText(bytes, charset);
  const document = readStatementXml(text, { xml: text, from: 0, insertions: [] }, 'Document');
  const namespaces = Object.entries(attributesOf(document)).filter(([name]) => name === 'xmlns' || name.startsWith('xmlns:'));
  if (!namespaces.some(([, uri]) => NAMESPACE.test(uri))) {
    throw new StatementFileError('Document', `not a camt.053 statement of versions .02 to .08 (namespace ${namespaces.map(([, uri]) => uri).join(', ') || 'none'})`);
  }
  const statements = descendants(document, ['BkToCstmrStmt', 'Stmt']);
  if (statements.length === 0) throw new StatementFileError('Document/BkToCstmrStmt', 'the file holds no statement (Stmt)');
  let entries = 0;
  const parts = statements.map((statement, i) => {
    const where = statements.length === 1 ? 'Document/BkToCstmrStmt/Stmt' : `Document/BkToCstmrStmt/Stmt[${i + 1}]`;
    const part = statementPart(statement, { where, currency: leafText(statement, ['Acct', 'Ccy']), firstEntry: entries + 1 });
    entries += descendants(statement, ['Ntry']).length;
    return part;
  });
  return joinStatements('CAMT053', parts);
}

function statementPart(statement: XmlElement, context: StatementContext): StatementPart {
  const balances = descendants(statement, ['Bal']).map((balance, i) => ({ code: balanceCode(balance), balance, where: `${context.where}/Bal[${i + 1}]` }));
  const balanceOf = (...codes: string[]): Paise | null => {
    const found = codes.map((code) => balances.find((b) => b.code === code)).find((b) => b !== undefined);
    return found === undefined ? null : signedAmount(found.balance, found.where, context.currency);
  };
  return {
    where: context.where,
    accountNumber: leafText(statement, ['Acct', 'Id', 'IBAN']) ?? leafText(statement, ['Acct', 'Id', 'Othr', 'Id']),
    openingBalance: balanceOf('OPBD', 'PRCD'),
    closingBalance: balanceOf('CLBD'),
    lines: descendants(statement, ['Ntry']).flatMap((entry, i) => entryLine(entry, `${context.where}/Ntry[${i + 1}]`, context.firstEntry + i, context.currency)),
  };
}

function balanceCode(balance: XmlElement): string | null {
  return leafText(balance, ['Tp', 'CdOrPrtry', 'Cd']) ?? leafText(balance, ['Tp', 'CdOrPrtry', 'Prtry']);
}

/** A balance: its amount, negative when CdtDbtInd is DBIT (an overdrawn account). */
function signedAmount(balance: XmlElement, where: string, currency: string | null): Paise {
  const amount = amountOf(balance, where, currency);
  return directionOf(balance, where) === 'IN' ? amount : -amount;
}

/**
 * One booked entry. Entries a bank reports as pending (Sts PDNG) or for information (INFO) are not in
 * its balances and are not lines. Several TxDtls under one Ntry (a batch) stay one line of the
 * entry's Amt. CdtDbtInd is the entry's own direction, a reversal's too (RvslInd: a reversed credit
 * is booked DBIT, money out), per the ISO 20022 definition of ReversalIndicator.
 */
function entryLine(entry: XmlElement, where: string, line: number, currency: string | null): StatementLine[] {
  const status = leafText(entry, ['Sts']) ?? leafText(entry, ['Sts', 'Cd']);
  if (status !== null && status !== 'BOOK') return [];
  const amount = amountOf(entry, where, currency);
  if (amount === 0) return [];
  const direction = directionOf(entry, where);
  const valueDate = camtDate(entry, 'ValDt', where);
  const details = descendants(entry, ['NtryDtls', 'TxDtls']);
  return [{
    line,
    date: camtDate(entry, 'BookgDt', where) ?? valueDate ?? missing(`${where}/BookgDt`),
    valueDate,
    narration: narrationOf(entry, details),
    reference: referenceOf(details),
    direction,
    amount,
    balance: null,
    bankId: leafText(entry, ['AcctSvcrRef']) ?? leafText(entry, ['NtryRef']),
  }];
}

function amountOf(element: XmlElement, where: string, currency: string | null): Paise {
  const amount = descendants(element, ['Amt'])[0];
  const text = amount === undefined ? null : textOf(amount);
  if (amount === undefined || text === null) return missing(`${where}/Amt`);
  const ccy = attributesOf(amount).Ccy ?? null;
  if (currency !== null && ccy !== null && ccy !== currency) {
    throw new StatementFileError(`${where}/Amt`, `the amount is in ${ccy}, the account in ${currency}`);
  }
  return amountTextToPaise(text, `${where}/Amt`, CAMT_AMOUNT);
}

function directionOf(element: XmlElement, where: string): Direction {
  const indicator = leafText(element, ['CdtDbtInd']);
  if (indicator === 'CRDT') return 'IN';
  if (indicator === 'DBIT') return 'OUT';
  throw new StatementFileError(`${where}/CdtDbtInd`, indicator === null ? 'CdtDbtInd is missing' : `"${indicator.slice(0, 20)}" is neither CRDT nor DBIT`);
}

/** BookgDt or ValDt: Dt, or DtTm whose date is taken as the bank wrote it. */
function camtDate(entry: XmlElement, name: 'BookgDt' | 'ValDt', where: string): LocalDate | null {
  const text = leafText(entry, [name, 'Dt']) ?? leafText(entry, [name, 'DtTm']);
  if (text === null) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:\d{2})?)?$/.exec(text);
  if (m === null) throw new StatementFileError(`${where}/${name}`, `"${text.slice(0, 40)}" is not an ISO date`);
  return statementDate(`${m[1]}-${m[2]}-${m[3]}`, `${where}/${name}`);
}

/** AddtlNtryInf, then each transaction's unstructured remittance lines and additional information, each once. */
function narrationOf(entry: XmlElement, details: readonly XmlElement[]): string {
  const texts = [
    ...descendants(entry, ['AddtlNtryInf']),
    ...details.flatMap((d) => [...descendants(d, ['RmtInf', 'Ustrd']), ...descendants(d, ['AddtlTxInf'])]),
  ].map((e) => textOf(e)?.trim() ?? '').filter((t) => t !== '');
  return [...new Set(texts)].join(' ');
}

/** The first transaction's reference; EndToEndId NOTPROVIDED is the standard's way of saying there is none. */
function referenceOf(details: readonly XmlElement[]): string | null {
  const refs = details[0] === undefined ? [] : descendants(details[0], ['Refs']);
  for (const path of REFERENCE_PATHS) {
    const text = refs[0] === undefined ? null : leafText(refs[0], path);
    if (text !== null && text !== 'NOTPROVIDED') return text;
  }
  return null;
}

function missing(where: string): never {
  throw new StatementFileError(where, `${where.slice(where.lastIndexOf('/') + 1)} is missing`);
}
