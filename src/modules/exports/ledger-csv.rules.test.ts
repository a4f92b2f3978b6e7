import { describe, expect, it } from 'vitest';
import { ledgerCsvHeader, ledgerCsvRows } from './ledger-csv.rules';

describe('the ledger CSV', () => {
  it('writes a row per posting in rupees with two decimals, quoting what needs it, the opening balances without journal or code', () => {
    const accounts = [{ account_id: 'bank', name: 'Assets:Bank', type: 'C' as const }, { account_id: 'eq', name: "Equity:Owner's Equity", type: 'E' as const }];
    expect(ledgerCsvHeader() + ledgerCsvRows(accounts, [
      { date: '2026-04-01', journal_id: null, code: null, description: 'Opening balances', postings: [{ account_id: 'bank', debit: 5, credit: 0 }, { account_id: 'eq', debit: 0, credit: 5 }] },
      { date: '2026-04-02', journal_id: 'jnl_1', code: 'PAY-1', description: 'Payment - Rao, Sons "Ltd"', postings: [{ account_id: 'bank', debit: 123456, credit: 0 }, { account_id: 'eq', debit: 0, credit: 123456 }] },
    ])).toBe([
      'date,journal_id,code,description,account,debit,credit',
      '2026-04-01,,,Opening balances,Assets:Bank,0.05,0.00',
      "2026-04-01,,,Opening balances,Equity:Owner's Equity,0.00,0.05",
      '2026-04-02,jnl_1,PAY-1,"Payment - Rao, Sons ""Ltd""",Assets:Bank,1234.56,0.00',
      "2026-04-02,jnl_1,PAY-1,\"Payment - Rao, Sons \"\"Ltd\"\"\",Equity:Owner's Equity,0.00,1234.56",
      '',
    ].join('\r\n'));
  });
});
