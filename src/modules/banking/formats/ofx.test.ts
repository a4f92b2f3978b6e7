import { describe, expect, it } from 'vitest';
import { bankFile, expectFileError, junk } from '../../../../test/support/bank-files';
import { parseOfx } from './ofx';

describe('parseOfx', () => {
  it('reads an OFX 1.x (SGML) bank statement: unclosed leaves, FITID as the key, LEDGERBAL as the closing balance', () => {
    const statement = parseOfx(bankFile('ofx-hdfc-1x.ofx'));
    expect(statement).toMatchObject({ format: 'OFX', preset: null, accountNumber: '50100123456789', openingBalance: null, closingBalance: 15_234_075 });
    // Six STMTTRN; the fifth moves 0.00 and is not a line.
    expect(statement.lines.map((l) => l.line)).toEqual([1, 2, 3, 4, 6]);
    expect(statement.lines[0]).toEqual({
      line: 1, date: '2026-04-01', valueDate: null,
      narration: 'UPI-RAVI KUMAR-ravi.k@okhdfcbank UPI/609112345678/Payment for INV-0042',
      reference: '609112345678', direction: 'IN', amount: 1_250_000, balance: null, bankId: 'S12345678',
    });
    expect(statement.lines[1]).toMatchObject({ date: '2026-04-02', direction: 'OUT', amount: 4_500_000, reference: 'N092261234567890', bankId: 'S12345679' });
    // -8250.5 is ₹8,250.50 out; CHECKNUM is the reference; a bare & of a 1.x narration is kept.
    expect(statement.lines[2]).toMatchObject({ direction: 'OUT', amount: 825_050, reference: '000123', narration: 'CHQ PAID-MICR CTS-MU-SUNIL & SONS' });
    // DTUSER is the value date; a MEMO that repeats NAME is not written twice.
    expect(statement.lines[3]).toMatchObject({ date: '2026-04-05', valueDate: '2026-04-04', narration: 'IMPS-609518765432-MEENA STORES', reference: null });
    expect(statement.lines[4]).toMatchObject({ line: 6, direction: 'OUT', amount: 5_900, narration: 'NEFT CHARGES INCL GST 9.00' });
  });

  it('reads an OFX 2.x (XML) statement: entities, the date part of a date-time as written, a comma decimal mark', () => {
    const statement = parseOfx(bankFile('ofx-icici-2x.ofx'));
    expect(statement).toMatchObject({ accountNumber: '000405012345', openingBalance: null, closingBalance: 25_064_000 });
    expect(statement.lines).toEqual([
      // 20260410233000 at +5:30 is 18:00 UTC the same day; the date is the bank's 10 April either way.
      { line: 1, date: '2026-04-10', valueDate: '2026-04-10', narration: 'NEFT-CITIN26123456789-AGARWAL & CO-INV 2026/014', reference: null, direction: 'IN', amount: 11_800_000, balance: null, bankId: 'ICI2604100001' },
      { line: 2, date: '2026-04-12', valueDate: null, narration: 'UPI/610212345678/AWS INDIA/aws@icici', reference: '610212345678', direction: 'OUT', amount: 236_000, balance: null, bankId: 'ICI2604120002' },
      { line: 3, date: '2026-04-15', valueDate: null, narration: 'TRF TO PETTY CASH BIL/ONL/000987654/PETTY CASH A/C', reference: null, direction: 'OUT', amount: 1_500_000, balance: null, bankId: 'ICI2604150003' },
    ]);
  });

  it('reads a credit-card statement (CCSTMTRS): a charge is money out, the balance owed is negative', () => {
    const statement = parseOfx(bankFile('ofx-card-2x.ofx'));
    expect(statement).toMatchObject({ accountNumber: '4321XXXXXXXX9876', closingBalance: -1_234_567 });
    expect(statement.lines.map((l) => [l.direction, l.amount, l.bankId])).toEqual([['OUT', 118_000, 'CC2604050001'], ['IN', 500_000, 'CC2604200002']]);
  });

  it('returns the closing balance a file states, even one that does not follow from the books: the import checks it', () => {
    expect(parseOfx(bankFile('ofx-broken-balance.ofx')).closingBalance).toBe(15_234_000);
  });

  it('refuses hostile and broken files, naming where', () => {
    expectFileError(() => parseOfx(bankFile('ofx-entity-bomb.ofx')), 'OFX', 'declarations');
    expectFileError(() => parseOfx(bankFile('ofx-external-entity.ofx')), 'OFX', 'declarations');
    expectFileError(() => parseOfx(bankFile('ofx-truncated.ofx')), 'OFX/BANKMSGSRSV1/STMTTRNRS/STMTRS/BANKTRANLIST/STMTTRN/TRNTYPE/DTPOS', 'the file ends before </DTPOS>');
    expectFileError(() => parseOfx(Buffer.from('OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS>')), 'OFX/BANKMSGSRSV1/STMTTRNRS', 'the file ends before </STMTTRNRS>');
    expectFileError(() => parseOfx(bankFile('ofx-wrong-root.ofx')), 'Document', 'not <OFX>');
    expectFileError(() => parseOfx(bankFile('ofx-absurd-amount.ofx')), 'BANKTRANLIST/STMTTRN[2]/TRNAMT', 'beyond the largest amount');
    expectFileError(() => parseOfx(junk()), 'OFX header', 'not an OFX file');
    expectFileError(() => parseOfx(Buffer.from(`<OFX>${'<A>'.repeat(500_000)}`)), 'OFX/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A/A', 'nested more than 40 deep');
    // A second root: the validator names the place of the second <OFX>'s ">" (line 2: <OFX> 1–5, <BANKMSGSRSV1> 6–19, </OFX> 20–25, <OFX> 26–30).
    expectFileError(() => parseOfx(Buffer.from('OFXHEADER:100\n<OFX><BANKMSGSRSV1></OFX><OFX>')), 'line 2, column 30', 'Multiple possible root nodes');
    expectFileError(() => parseOfx(Buffer.from('<OFX/><OFX/>')), 'OFX', 'a second root element <OFX>');
    expectFileError(() => parseOfx(Buffer.from(`<OFX>${'<A>'.repeat(100)}${'</A>'.repeat(100)}</OFX>`)), `OFX${'/A'.repeat(39)}`, 'nested more than 40 deep');
    expectFileError(() => parseOfx(Buffer.from('<OFX></OFX><?x')), 'OFX', 'the file cannot be read');
  });

  it('names where an OFX file is malformed by its line and column in the file, an SGML file\'s too', () => {
    // XML refuses a bare & (2.x): line 3, "<A>M " is columns 1–5.
    expectFileError(() => parseOfx(Buffer.from('<?xml version="1.0"?>\n<OFX>\n<A>M & S</A></OFX>')), 'line 3, column 6', "char '&' is not expected");
    // In 1.x, CODE's text ends where <SEVERITY> implies, SEVERITY's at the written </CODE>, which then closes nothing open
    // (BANKMSGSRSV1, still open at </OFX>, was an empty leaf): on line 4, <CODE> 1–6, "M & S" 7–11, <SEVERITY> 12–21, INFO 22–25, </CODE> from 26, whatever was inserted before it.
    const sgml = 'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1>\n<CODE>M & S<SEVERITY>INFO</CODE>\n</OFX>';
    expectFileError(() => parseOfx(Buffer.from(sgml)), 'line 4, column 26', "Expected closing tag 'OFX' instead of closing tag 'CODE'");
  });

  it('reads an empty 1.x leaf (<NAME> with no text) as empty, and what follows it as its siblings', () => {
    const file = Buffer.from('OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN>\n<TRNAMT>-10.00\n<NAME>\n<MEMO>ATM WDL\n<DTPOSTED>20260401\n</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>');
    expect(parseOfx(file).lines).toEqual([{ line: 1, date: '2026-04-01', valueDate: null, narration: 'ATM WDL', reference: null, direction: 'OUT', amount: 1_000, balance: null, bankId: null }]);
  });

  it('refuses a line without an amount or date, or with a date that is not one', () => {
    const file = (trn: string) => Buffer.from(`OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN>${trn}</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`);
    expectFileError(() => parseOfx(file('<DTPOSTED>20260401')), 'BANKTRANLIST/STMTTRN[1]/TRNAMT', 'missing');
    expectFileError(() => parseOfx(file('<TRNAMT>1.00')), 'BANKTRANLIST/STMTTRN[1]/DTPOSTED', 'missing');
    expectFileError(() => parseOfx(file('<TRNAMT>1.00<DTPOSTED>20260231')), 'BANKTRANLIST/STMTTRN[1]/DTPOSTED', '2026-02-31 is not a date');
    expectFileError(() => parseOfx(file('<TRNAMT>1.00<DTPOSTED>01/04/2026')), 'BANKTRANLIST/STMTTRN[1]/DTPOSTED', 'not an OFX date');
    expectFileError(() => parseOfx(file('<TRNAMT>1.00<DTPOSTED>20260401<CURRENCY><CURRATE>83.1<CURSYM>USD</CURRENCY>')), 'BANKTRANLIST/STMTTRN[1]/CURRENCY', 'other than');
  });
});
