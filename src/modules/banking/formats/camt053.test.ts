import { describe, expect, it } from 'vitest';
import { bankFile, expectFileError, junk } from '../../../../test/support/bank-files';
import { parseCamt053 } from './camt053';

describe('parseCamt053', () => {
  it('reads a camt.053.001.02 statement: booked entries, OPBD and CLBD, AcctSvcrRef else NtryRef as the key', () => {
    const statement = parseCamt053(bankFile('camt053-sbi-v02.xml'));
    // 2,00,000.00 + 25,000 − 11,800 + 30,000 − 5,000 − 590 = 2,37,610.00 (the PDNG entry of 999 is not booked)
    expect(statement).toMatchObject({ format: 'CAMT053', preset: null, accountNumber: '00000034567890123', openingBalance: 20_000_000, closingBalance: 23_761_000 });
    expect(statement.lines.map((l) => l.line)).toEqual([1, 2, 3, 4, 6]);
    expect(statement.lines[0]).toEqual({
      line: 1, date: '2026-04-01', valueDate: '2026-04-01',
      narration: 'BY TRANSFER-NEFT*SBIN0001234*KAVERI FOODS NEFT/SBIN126091123456/KAVERI FOODS PVT LTD',
      // EndToEndId NOTPROVIDED says there is none: the UTR in TxId is the reference.
      reference: 'SBIN126091123456', direction: 'IN', amount: 2_500_000, balance: null, bankId: 'SBIN126091000001',
    });
    // BookgDt as DtTm: its date as written; no ValDt; the cheque number is the reference.
    expect(statement.lines[1]).toEqual({
      line: 2, date: '2026-04-03', valueDate: null, narration: 'TO CLG-CHQ 000457 PAID',
      reference: '000457', direction: 'OUT', amount: 1_180_000, balance: null, bankId: 'SBIN126093000002',
    });
    // A deposit of three cheques (10,000 + 12,500 + 7,500) is one line of the entry's 30,000; no AcctSvcrRef, so NtryRef.
    expect(statement.lines[2]).toEqual({
      line: 3, date: '2026-04-05', valueDate: '2026-04-06', narration: 'CHQ DEPOSIT 3 CHQS CHQ 112233 HDFC CHQ 445566 ICICI CHQ 778899 AXIS',
      reference: '112233', direction: 'IN', amount: 3_000_000, balance: null, bankId: 'DEP0405',
    });
    // A reversed UPI credit is booked DBIT with RvslInd: money out.
    expect(statement.lines[3]).toMatchObject({ line: 4, direction: 'OUT', amount: 500_000, reference: '609912345678', bankId: 'SBIN126098000004' });
    expect(statement.lines[4]).toMatchObject({ line: 6, date: '2026-04-30', direction: 'OUT', amount: 59_000, reference: null, narration: 'SMS AND NEFT CHARGES INCL GST' });
  });

  it('reads a .08 file with namespace prefixes and two statements of one account as one', () => {
    const statement = parseCamt053(bankFile('camt053-two-days-v08.xml'));
    // PRCD 1,000.00 opens; day 1 +500 closes 1,500.00, which day 2 opens at; −2,000 closes 500.00 DBIT (overdrawn).
    expect(statement).toMatchObject({ accountNumber: '9912345678', openingBalance: 100_000, closingBalance: -50_000 });
    expect(statement.lines).toEqual([
      { line: 1, date: '2026-04-01', valueDate: '2026-04-01', narration: 'UPI/609101234567/ANJALI/anjali@okaxis', reference: '609101234567', direction: 'IN', amount: 50_000, balance: null, bankId: 'KKBK0401A1' },
      { line: 2, date: '2026-04-02', valueDate: null, narration: 'IMPS P2A TO SHARMA ELECTRICALS', reference: 'KKBKH26092001234', direction: 'OUT', amount: 200_000, balance: null, bankId: 'KKBK0402B7' },
    ]);
  });

  it('returns the balances a file states when its lines do not add up to them: the import checks them', () => {
    // 2,00,000.00 + 37,610.00 is 2,37,610.00; the file says 2,37,600.00.
    expect(parseCamt053(bankFile('camt053-broken-balance.xml'))).toMatchObject({ openingBalance: 20_000_000, closingBalance: 23_760_000 });
  });

  it('checks the joins of several statements: same account, each opening at the closing before it, each but the last adding up', () => {
    const file = bankFile('camt053-two-days-v08.xml').toString('utf8');
    const secondOpening = '<ns2:Amt Ccy="INR">1500.00</ns2:Amt><ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd><ns2:Dt><ns2:Dt>2026-04-01</ns2:Dt></ns2:Dt></ns2:Bal>\n      <ns2:Bal><ns2:Tp><ns2:CdOrPrtry><ns2:Cd>CLBD</ns2:Cd></ns2:CdOrPrtry></ns2:Tp><ns2:Amt Ccy="INR">500.00';
    expect(file).toContain(secondOpening);
    expectFileError(() => parseCamt053(Buffer.from(file.replace(secondOpening, secondOpening.replace('1500.00', '1400.00')))), 'Document/BkToCstmrStmt/Stmt[2]', 'the opening balance 1400.00 is not the closing balance 1500.00 of the statement before it');
    expectFileError(() => parseCamt053(Buffer.from(file.replace('<ns2:Amt Ccy="INR">500.00</ns2:Amt><ns2:CdtDbtInd>CRDT', '<ns2:Amt Ccy="INR">400.00</ns2:Amt><ns2:CdtDbtInd>CRDT'))), 'Document/BkToCstmrStmt/Stmt[1]', 'make 1400.00, not the closing balance 1500.00');
    expectFileError(() => parseCamt053(Buffer.from(file.replace('<ns2:Id>9912345678</ns2:Id></ns2:Othr></ns2:Id><ns2:Ccy>INR</ns2:Ccy></ns2:Acct>\n      <ns2:Bal><ns2:Tp><ns2:CdOrPrtry><ns2:Cd>OPBD', '<ns2:Id>9912345679</ns2:Id></ns2:Othr></ns2:Id><ns2:Ccy>INR</ns2:Ccy></ns2:Acct>\n      <ns2:Bal><ns2:Tp><ns2:CdOrPrtry><ns2:Cd>OPBD'))), 'Document/BkToCstmrStmt/Stmt[2]', 'account 9912345679');
  });

  it('refuses hostile and broken files, naming where', () => {
    expectFileError(() => parseCamt053(bankFile('camt053-entity-bomb.xml')), 'Document', 'declarations');
    expectFileError(() => parseCamt053(bankFile('camt053-external-entity.xml')), 'Document', 'declarations');
    expectFileError(() => parseCamt053(bankFile('camt053-truncated.xml')), 'Document/BkToCstmrStmt/Stmt/Ntry/Va', 'the file ends before </Va>');
    expectFileError(() => parseCamt053(bankFile('camt053-wrong-message.xml')), 'Document', 'camt.052.001.02');
    expectFileError(() => parseCamt053(bankFile('ofx-icici-2x.ofx')), 'OFX', 'not <Document>');
    expectFileError(() => parseCamt053(bankFile('camt053-absurd-amount.xml')), 'Document/BkToCstmrStmt/Stmt/Ntry[2]/Amt', 'beyond the largest amount');
    expectFileError(() => parseCamt053(junk()), 'line 1, column 1', 'is not expected');
    expectFileError(() => parseCamt053(Buffer.from(`<Document>${'<Stmt>'.repeat(100_000)}`)), `Document${'/Stmt'.repeat(39)}`, 'nested more than 40 deep');
    expectFileError(() => parseCamt053(Buffer.from(`<Document>${'<Stmt>'.repeat(100)}${'</Stmt>'.repeat(100)}</Document>`)), `Document${'/Stmt'.repeat(39)}`, 'nested more than 40 deep');
    // <Document> 1–10, <BkToCstmrStmt> 11–25, <Stmt> 26–31, x 32, </BkToCstmrStmt> from 33.
    expectFileError(() => parseCamt053(Buffer.from('<Document><BkToCstmrStmt><Stmt>x</BkToCstmrStmt></Document>')), 'line 1, column 33', "Expected closing tag 'Stmt' instead of closing tag 'BkToCstmrStmt'");
  });

  it('refuses an entry without an amount, direction or date, or in another currency', () => {
    const file = (entry: string) => Buffer.from(`<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><Stmt><Acct><Ccy>INR</Ccy></Acct><Ntry>${entry}</Ntry></Stmt></BkToCstmrStmt></Document>`);
    const where = 'Document/BkToCstmrStmt/Stmt/Ntry[1]';
    expectFileError(() => parseCamt053(file('<CdtDbtInd>CRDT</CdtDbtInd>')), `${where}/Amt`, 'Amt is missing');
    expectFileError(() => parseCamt053(file('<Amt Ccy="USD">1.00</Amt>')), `${where}/Amt`, 'in USD, the account in INR');
    expectFileError(() => parseCamt053(file('<Amt>-1.00</Amt>')), `${where}/Amt`, 'carries a sign');
    expectFileError(() => parseCamt053(file('<Amt>1.00</Amt><CdtDbtInd>CR</CdtDbtInd>')), `${where}/CdtDbtInd`, 'neither CRDT nor DBIT');
    expectFileError(() => parseCamt053(file('<Amt>1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>')), `${where}/BookgDt`, 'BookgDt is missing');
    expectFileError(() => parseCamt053(file('<Amt>1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>01-04-2026</Dt></BookgDt>')), `${where}/BookgDt`, 'not an ISO date');
  });
});
