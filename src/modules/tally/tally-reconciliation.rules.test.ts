import { describe, expect, it } from 'vitest';
import type { TallyLedger } from './tally-in-ledgers.rules';
import { reconcile, reconciliationGroups } from './tally-reconciliation.rules';

const ledger = (name: string, target: TallyLedger['target']): TallyLedger => ({ name, group: null, target, place: null, hsn: null, taxCenti: null });
const LEDGERS = [
  ledger('Bank', { to: 'account', type: 'BANK' }),
  ledger('Asha', { to: 'contact', side: 'CUSTOMER' }),
  ledger('CGST', { to: 'system_account', keys: ['cgst_input', 'cgst_output'] }),
  ledger('Output CGST', { to: 'system_account', keys: ['cgst_output'] }),
  ledger('Round Off', { to: 'system_account', keys: ['round_off'] }),
  ledger('Rent', { to: 'account', type: 'EXPENSE' }),
];
const REPORT = [
  { name: 'Bank', closing: 500_00 },
  { name: 'asha', closing: 118_00 },
  { name: 'CGST', closing: 9_00 },
  { name: 'Output CGST', closing: -27_00 },
  { name: 'Round Off', closing: 1 },
  { name: 'Current Assets', closing: 618_00 }, // a group's total: left out
  { name: 'Stranger', closing: -5_00 },
];

describe('reconciliationGroups', () => {
  it('joins ledgers sharing system accounts, takes a ledger the report leaves out at nil, and keeps a stranger apart', () => {
    expect(reconciliationGroups(REPORT, LEDGERS)).toEqual([
      { ledgers: ['Bank'], target: { to: 'account', type: 'BANK' }, tally: 500_00 },
      { ledgers: ['Asha'], target: { to: 'contact', side: 'CUSTOMER' }, tally: 118_00 },
      // 9.00 Dr + 27.00 Cr = 18.00 Cr on CGST input and output together
      { ledgers: ['CGST', 'Output CGST'], target: { to: 'system_account', keys: ['cgst_input', 'cgst_output'] }, tally: -18_00 },
      { ledgers: ['Round Off'], target: { to: 'system_account', keys: ['round_off'] }, tally: 1 },
      { ledgers: ['Rent'], target: { to: 'account', type: 'EXPENSE' }, tally: 0 },
      { ledgers: ['Stranger'], target: null, tally: -5_00 },
    ]);
  });
});

describe('reconcile', () => {
  it('puts Bahi beside Tally: the difference, balanced to the paisa, and nothing to compare a stranger with', () => {
    const bahi: Record<string, number | null> = { Bank: 500_00, Asha: 117_99, CGST: -18_00, 'Round Off': 1, Rent: null };
    const lines = reconcile(reconciliationGroups(REPORT, LEDGERS), (g) => bahi[g.ledgers[0]!] ?? null);
    expect(lines.map((l) => [l.ledgers.join(' + '), l.bahi, l.difference, l.balanced])).toEqual([
      ['Bank', 500_00, 0, true],
      ['Asha', 117_99, -1, false], // 117.99 − 118.00
      ['CGST + Output CGST', -18_00, 0, true],
      ['Round Off', 1, 0, true],
      ['Rent', null, null, false],
      ['Stranger', null, null, false],
    ]);
  });
});
