import { describe, expect, it } from 'vitest';
import type { HledgerAccount } from './hledger-accounts.rules';
import { hledgerPreamble, hledgerTransactions } from './hledger-journal.rules';
import type { ExportTransaction } from './ledger-transactions.rules';

const accounts: HledgerAccount[] = [
  { account_id: 'ar', name: 'Assets:Accounts Receivable', type: 'A' },
  { account_id: 'sales', name: 'Income:Sales', type: 'R' },
  { account_id: 'cgst', name: 'Liabilities:CGST Output', type: 'L' },
];

/** The whole journal, as the export streams it: the preamble, then the transactions. */
const hledgerJournal = (header: string[], chart: HledgerAccount[], transactions: ExportTransaction[]) =>
  hledgerPreamble(header, chart) + hledgerTransactions(chart, transactions);

describe('the hledger journal', () => {
  it('declares the commodity and every account with its type, then writes each transaction with its code, amounts aligned after two spaces', () => {
    const text = hledgerJournal(['Bahi ledger export, 2026-04-01 to 2026-06-30'], accounts, [{
      date: '2026-06-10', journal_id: 'jnl_1', code: 'INV-0001', description: 'Invoice - Acme',
      postings: [{ account_id: 'ar', debit: 118000, credit: 0 }, { account_id: 'sales', debit: 0, credit: 100000 }, { account_id: 'cgst', debit: 0, credit: 18000 }],
    }]);
    expect(text).toBe([
      '; Bahi ledger export, 2026-04-01 to 2026-06-30',
      'commodity INR 1,000.00',
      '',
      'account Assets  ; type: A',
      'account Liabilities  ; type: L',
      'account Equity  ; type: E',
      'account Income  ; type: R',
      'account Expenses  ; type: X',
      'account Assets:Accounts Receivable  ; type: A',
      'account Income:Sales  ; type: R',
      'account Liabilities:CGST Output  ; type: L',
      '',
      '2026-06-10 (INV-0001) Invoice - Acme  ; journal jnl_1',
      '    Assets:Accounts Receivable  INR 1180.00',
      '    Income:Sales                INR -1000.00',
      '    Liabilities:CGST Output     INR -180.00',
      '',
    ].join('\n'));
  });

  it('keeps a description from starting a comment or a new line, a code from ending early, and writes no code for a manual journal', () => {
    const text = hledgerJournal([], accounts, [
      { date: '2026-06-11', journal_id: 'jnl_2', code: 'A(1)', description: 'Rent; June\nand July', postings: [{ account_id: 'ar', debit: 5, credit: 0 }, { account_id: 'sales', debit: 0, credit: 5 }] },
      { date: '2026-06-12', journal_id: null, code: null, description: '', postings: [{ account_id: 'ar', debit: 0, credit: 5 }, { account_id: 'sales', debit: 5, credit: 0 }] },
    ]);
    expect(text.split('\n\n').slice(2)).toEqual([
      '2026-06-11 (A(1]) Rent, June and July  ; journal jnl_2\n    Assets:Accounts Receivable  INR 0.05\n    Income:Sales                INR -0.05',
      '2026-06-12\n    Assets:Accounts Receivable  INR -0.05\n    Income:Sales                INR 0.05\n',
    ]);
  });

  it('refuses a posting to an account outside the chart it declares', () => {
    expect(() => hledgerJournal([], accounts, [{ date: '2026-06-10', journal_id: 'j', code: null, description: 'x', postings: [{ account_id: 'nope', debit: 1, credit: 0 }] }]))
      .toThrow(/nope/);
  });
});
