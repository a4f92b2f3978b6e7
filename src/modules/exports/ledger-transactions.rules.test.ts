import { describe, expect, it } from 'vitest';
import { describeJournal, openingTransaction } from './ledger-transactions.rules';

describe('exported transactions', () => {
  it('describe a document by its kind and party, a manual journal by its narration, a reversal as such', () => {
    expect(describeJournal({ source: 'INVOICE', kind: 'POSTING', memo: null, contact_name: 'Acme Traders' })).toBe('Invoice - Acme Traders');
    expect(describeJournal({ source: 'BILL', kind: 'REVERSAL', memo: 'Voided', contact_name: 'Udyog' })).toBe('Bill reversed - Udyog');
    expect(describeJournal({ source: 'MANUAL', kind: 'POSTING', memo: 'Capital introduced', contact_name: 'Owner' })).toBe('Journal - Capital introduced');
    expect(describeJournal({ source: 'EXPENSE', kind: 'POSTING', memo: null, contact_name: null })).toBe('Expense');
  });

  it('open the period with each non-zero balance before it, on its first day, and with nothing when there is none', () => {
    expect(openingTransaction('2026-04-01', [{ account_id: 'bank', net: 150000 }, { account_id: 'ar', net: 0 }, { account_id: 'equity', net: -150000 }])).toEqual({
      date: '2026-04-01', journal_id: null, code: null, description: 'Opening balances',
      postings: [{ account_id: 'bank', debit: 150000, credit: 0 }, { account_id: 'equity', debit: 0, credit: 150000 }],
    });
    expect(openingTransaction('2026-04-01', [{ account_id: 'ar', net: 0 }])).toBeNull();
  });
});
