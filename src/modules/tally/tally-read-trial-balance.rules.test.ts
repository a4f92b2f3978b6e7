import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readTallyTrialBalance } from './tally-read-trial-balance.rules';

const line = (name: string, debit: string, credit: string) =>
  `<DSPACCNAME><DSPDISPNAME>${name}</DSPDISPNAME></DSPACCNAME><DSPACCINFO><DSPCLDRAMT><DSPCLDRAMTA>${debit}</DSPCLDRAMTA></DSPCLDRAMT><DSPCLCRAMT><DSPCLCRAMTA>${credit}</DSPCLCRAMTA></DSPCLCRAMT></DSPACCINFO>`;

describe('readTallyTrialBalance', () => {
  it('pairs each name with its closing debit (written negative) or credit, debit positive', () => {
    const file = readFileSync(new URL('../../../test/fixtures/tally/samples/trial-balance.xml', import.meta.url));
    const rows = readTallyTrialBalance(file);
    expect(rows.slice(0, 3)).toEqual([
      { name: 'Owner Capital', closing: -9_900_000 },
      { name: 'Current Assets', closing: 9_805_800 },
      { name: 'HDFC Bank', closing: 7_498_000 },
    ]);
    // The ledgers balance: Dr 74,980 + 22,200 + 118 + 760 + 240 + 2,000 = 1,00,298; Cr 99,000 + 99 + 99 + 1,099.99 + 0.01 = 1,00,298.
    expect(rows.filter((r) => r.name !== 'Current Assets').reduce((total, r) => total + r.closing, 0)).toBe(0);
  });

  it('reads grouped figures and either sign, and a name with an entity', () => {
    expect(readTallyTrialBalance(Buffer.from(`<ENVELOPE>${line('Furniture &amp; Fixtures', '1,19,000.00', '')}${line('Loan', '', '-90,000.50')}</ENVELOPE>`))).toEqual([
      { name: 'Furniture & Fixtures', closing: 11_900_000 },
      { name: 'Loan', closing: -9_000_050 },
    ]);
  });

  it('refuses a report without lines, with unpaired lines or a bad amount, on trial_balance', () => {
    const refuse = (xml: string, message: RegExp) => expect(() => readTallyTrialBalance(Buffer.from(xml))).toThrow(expect.objectContaining({ field: 'trial_balance', message: expect.stringMatching(message) }));
    refuse('<ENVELOPE></ENVELOPE>', /no lines/);
    refuse('<ENVELOPE><DSPACCNAME><DSPDISPNAME>A</DSPDISPNAME></DSPACCNAME></ENVELOPE>', /1 DSPACCNAME and 0 DSPACCINFO/);
    refuse(`<ENVELOPE>${line('A', 'ten', '')}</ENVELOPE>`, /A DSPCLDRAMTA: "ten"/);
    refuse('<ENVELOPE><DSPACCNAME>', /^line 1/);
  });
});
