import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../kernel/local-date';
import { formatRupees, type Paise } from '../../../kernel/money';
import type { StatementLine } from '../statement.types';
import { parseCamt053, parseMt940, parseOfx } from './index';

/** A statement as a bank would hold it, before it is written out in a format. */
interface GeneratedStatement {
  accountNumber: string;
  openingBalance: Paise;
  lines: StatementLine[];
}

const code = (max: number) => fc.stringMatching(new RegExp(`^[A-Z0-9]{1,${max}}$`)).filter((s) => s !== 'NONREF' && s !== 'NOTPROVIDED');
const narration = fc.stringMatching(/^[A-Z0-9][A-Z0-9 /.@-]{0,58}[A-Z0-9]$/).filter((s) => !s.includes('  ') && !s.includes('//'));

const line = fc.record({
  dayOffset: fc.integer({ min: 0, max: 1000 }),
  valueShift: fc.option(fc.integer({ min: -5, max: 5 }), { nil: null }),
  narration,
  reference: fc.option(code(16), { nil: null }),
  direction: fc.constantFrom<'IN' | 'OUT'>('IN', 'OUT'),
  amount: fc.integer({ min: 1, max: 10_000_000_000 }),
  bankId: fc.option(code(16), { nil: null }),
});

const statement: fc.Arbitrary<GeneratedStatement> = fc.record({
  accountNumber: fc.stringMatching(/^\d{9,18}$/),
  openingBalance: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  lines: fc.array(line, { minLength: 1, maxLength: 15 }),
}).map(({ accountNumber, openingBalance, lines }) => ({
  accountNumber,
  openingBalance,
  lines: lines.map((l, i) => {
    const date = addDays('2025-06-01', l.dayOffset);
    return { line: i + 1, date, valueDate: l.valueShift === null ? null : addDays(date, l.valueShift), narration: l.narration, reference: l.reference, direction: l.direction, amount: l.amount, balance: null, bankId: l.bankId };
  }),
}));

const closingOf = (s: GeneratedStatement): Paise => s.lines.reduce((b, l) => b + (l.direction === 'IN' ? l.amount : -l.amount), s.openingBalance);
const digits = (date: string) => date.replaceAll('-', '');

function writeOfx(s: GeneratedStatement, sgml: boolean): Buffer {
  const leaf = (name: string, value: string | null) => (value === null ? '' : sgml ? `<${name}>${value}\n` : `<${name}>${value}</${name}>\n`);
  const transactions = s.lines.map((l) => `<STMTTRN>\n${leaf('DTPOSTED', `${digits(l.date)}120000.000[+5.30:IST]`)}${leaf('DTUSER', l.valueDate && digits(l.valueDate))}${leaf('TRNAMT', `${l.direction === 'OUT' ? '-' : ''}${formatRupees(l.amount)}`)}${leaf('FITID', l.bankId)}${leaf('REFNUM', l.reference)}${leaf('NAME', l.narration)}</STMTTRN>\n`).join('');
  const header = sgml ? 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nCHARSET:1252\n\n' : '<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="220"?>\n';
  return Buffer.from(`${header}<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS>${leaf('CURDEF', 'INR')}<BANKACCTFROM>${leaf('ACCTID', s.accountNumber)}</BANKACCTFROM><BANKTRANLIST>\n${transactions}</BANKTRANLIST><LEDGERBAL>${leaf('BALAMT', formatRupees(closingOf(s)))}</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`);
}

function writeCamt053(s: GeneratedStatement): Buffer {
  const balance = (code: string, paise: Paise) => `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="INR">${formatRupees(Math.abs(paise))}</Amt><CdtDbtInd>${paise < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd></Bal>`;
  const entries = s.lines.map((l) => [
    `<Ntry><Amt Ccy="INR">${formatRupees(l.amount)}</Amt><CdtDbtInd>${l.direction === 'IN' ? 'CRDT' : 'DBIT'}</CdtDbtInd><Sts>BOOK</Sts>`,
    `<BookgDt><Dt>${l.date}</Dt></BookgDt>${l.valueDate === null ? '' : `<ValDt><Dt>${l.valueDate}</Dt></ValDt>`}`,
    l.bankId === null ? '' : `<AcctSvcrRef>${l.bankId}</AcctSvcrRef>`,
    `<NtryDtls><TxDtls><Refs><EndToEndId>${l.reference ?? 'NOTPROVIDED'}</EndToEndId></Refs><RmtInf><Ustrd>${l.narration}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
  ].join('')).join('\n');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Acct><Id><Othr><Id>${s.accountNumber}</Id></Othr></Id><Ccy>INR</Ccy></Acct>${balance('OPBD', s.openingBalance)}${balance('CLBD', closingOf(s))}\n${entries}</Stmt></BkToCstmrStmt></Document>`);
}

function writeMt940(s: GeneratedStatement): Buffer {
  const yymmdd = (date: string) => digits(date).slice(2);
  const balance = (tag: string, paise: Paise) => `:${tag}:${paise < 0 ? 'D' : 'C'}260101INR${formatRupees(Math.abs(paise)).replace('.', ',')}`;
  const lines = s.lines.flatMap((l) => [
    `:61:${yymmdd(l.valueDate ?? l.date)}${digits(l.date).slice(4)}${l.direction === 'IN' ? 'C' : 'D'}${formatRupees(l.amount).replace('.', ',')}NTRF${l.reference ?? 'NONREF'}${l.bankId === null ? '' : `//${l.bankId}`}`,
    `:86:${l.narration}`,
  ]);
  return Buffer.from([':20:STMT', `:25:${s.accountNumber}`, ':28C:1/1', balance('60F', s.openingBalance), ...lines, balance('62F', closingOf(s)), '-'].join('\r\n'));
}

describe('a statement written out in each format reads back as the same lines', () => {
  it('OFX 1.x, OFX 2.x, camt.053 and MT940', () => {
    fc.assert(fc.property(statement, (s) => {
      const closingBalance = closingOf(s);
      for (const sgml of [true, false]) {
        expect(parseOfx(writeOfx(s, sgml))).toEqual({ format: 'OFX', preset: null, accountNumber: s.accountNumber, openingBalance: null, closingBalance, lines: s.lines });
      }
      expect(parseCamt053(writeCamt053(s))).toEqual({ format: 'CAMT053', preset: null, accountNumber: s.accountNumber, openingBalance: s.openingBalance, closingBalance, lines: s.lines });
      // MT940 always states a value date: a line without one is written with its date as its value date.
      expect(parseMt940(writeMt940(s))).toEqual({
        format: 'MT940', preset: null, accountNumber: s.accountNumber, openingBalance: s.openingBalance, closingBalance,
        lines: s.lines.map((l) => ({ ...l, valueDate: l.valueDate ?? l.date })),
      });
    }), { numRuns: 200 });
  });
});
