import { describe, expect, it } from 'vitest';
import { branch, leaf, tallyAmount, tallyDate, writeXml, xmlText } from './tally-write-xml.rules';

describe('Tally XML text', () => {
  it("escapes XML's five characters and drops what XML 1.0 forbids (Tally's \\u0004 marker, other controls)", () => {
    expect(xmlText('A & B <C> "D" \'E\'')).toBe('A &amp; B &lt;C&gt; &quot;D&quot; &apos;E&apos;');
    expect(xmlText('\u0004 Primary\u0000\u001f\tok\n')).toBe(' Primary\tok\n');
    expect(xmlText('Śrī 🙂')).toBe('Śrī 🙂');
  });

  it('writes amounts from paise with two decimals, negative for a debit, and dates as YYYYMMDD', () => {
    expect([tallyAmount(118000), tallyAmount(-5), tallyAmount(0), tallyAmount(-123456789)]).toEqual(['1180.00', '-0.05', '0.00', '-1234567.89']);
    expect(tallyDate('2026-04-01')).toBe('20260401');
  });

  it('writes one element a line, each level one space deeper, attributes escaped', () => {
    expect(writeXml(branch('LEDGER', [leaf('NAME', 'R&D'), branch('X.LIST', [leaf('A', '1')])], { NAME: 'R&D "Lab"' }), 1)).toBe([
      ' <LEDGER NAME="R&amp;D &quot;Lab&quot;">', '  <NAME>R&amp;D</NAME>', '  <X.LIST>', '   <A>1</A>', '  </X.LIST>', ' </LEDGER>', '',
    ].join('\n'));
  });
});
