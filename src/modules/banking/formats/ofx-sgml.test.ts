import { describe, expect, it } from 'vitest';
import { expectFileError } from '../../../../test/support/bank-files';
import { sgmlAsXml } from './ofx-sgml';

describe('sgmlAsXml', () => {
  it('closes each leaf after its text, where the next tag implies its end', () => {
    expect(sgmlAsXml('<STMTTRN>\n<TRNAMT>-10.00\n<FITID>S1\n</STMTTRN>', 0).xml).toBe('<STMTTRN>\n<TRNAMT>-10.00</TRNAMT>\n<FITID>S1</FITID>\n</STMTTRN>');
  });

  it('keeps the end tags a file writes', () => {
    const xml = '<STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>';
    expect(sgmlAsXml(xml, 0)).toEqual({ xml, from: 0, insertions: [] });
  });

  it('closes an element with neither text nor end tag where it opens: what follows it is its parent\'s', () => {
    expect(sgmlAsXml('<STMTTRN><NAME>\n<MEMO>ATM WDL\n</STMTTRN>', 0).xml).toBe('<STMTTRN><NAME/>\n<MEMO>ATM WDL</MEMO>\n</STMTTRN>');
  });

  it('writes a bare & as &amp; (before an end tag inserted at the same place) and keeps references', () => {
    expect(sgmlAsXml('<A><NAME>SUNIL &\n<MEMO>&amp; &#38; &#x26;\n</A>', 0).xml).toBe('<A><NAME>SUNIL &amp;</NAME>\n<MEMO>&amp; &#38; &#x26;</MEMO>\n</A>');
  });

  it('records each insertion at its place in the file', () => {
    // "<A><B>x" is offsets 0–6: </B> goes at 7; <X> is 7–9 and <C> 10–12, so "/" goes at 12 when </X> finds <C> empty.
    expect(sgmlAsXml('<A><B>x<X><C></X></A>', 5)).toEqual({
      xml: '<A><B>x</B><X><C/></X></A>', from: 5, insertions: [{ at: 7, length: 4 }, { at: 12, length: 1 }],
    });
  });

  it('refuses elements nested more than 40 deep, naming the 40 open', () => {
    expectFileError(() => sgmlAsXml(`<OFX>${'<A>'.repeat(100_000)}`, 0), `OFX${'/A'.repeat(39)}`, 'nested more than 40 deep');
  });
});
