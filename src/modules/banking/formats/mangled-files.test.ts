import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankFile } from '../../../../test/support/bank-files';
import { isValidLocalDate } from '../../../kernel/local-date';
import { MAX_PAISE } from '../../../kernel/money';
import { StatementFileError, type ParsedStatement } from '../statement.types';
import { parseCamt053, parseMt940, parseOfx } from './index';

/** Characters that mean something to one of the formats, so that a mangled file is broken in telling ways. */
const markup = fc.constantFrom('<', '>', '/', '</', ':', '::', ':61:', ':86:', '//', '&', '&amp;', '&#x0;', ';', '"', "'", '=', '\n', '\r\n', ' ', '-', ',', '.', '0', '9', 'C', 'D', 'RC', 'A', '<![CDATA[', '<!--', '<?', '{4:', '-}');

/** A file with a few of its characters replaced: a cut, an insertion, a changed byte. */
const mangle = (text: string) => fc.array(fc.record({
  at: fc.nat({ max: text.length }),
  cut: fc.nat({ max: 12 }),
  insert: fc.array(markup, { maxLength: 4 }).map((parts) => parts.join('')),
}), { minLength: 1, maxLength: 4 }).map((edits) => edits.reduce((t, e) => t.slice(0, e.at) + e.insert + t.slice(e.at + e.cut), text));

/**
 * Whatever the file, a parser answers with a statement the import can store (each line dated, an
 * amount of whole paise above zero and within the bound) or a StatementFileError (a 400), never
 * another error (a 500).
 */
function readsOrRefuses(parse: (bytes: Buffer) => ParsedStatement, file: string): void {
  const text = bankFile(file).toString('latin1');
  fc.assert(fc.property(mangle(text), (mangled) => {
    try {
      for (const line of parse(Buffer.from(mangled, 'latin1')).lines) {
        expect(Number.isSafeInteger(line.amount) && line.amount > 0 && line.amount <= MAX_PAISE).toBe(true);
        expect(isValidLocalDate(line.date) && (line.valueDate === null || isValidLocalDate(line.valueDate))).toBe(true);
        expect(['IN', 'OUT']).toContain(line.direction);
      }
    } catch (error) {
      expect(error).toBeInstanceOf(StatementFileError);
    }
  }), { numRuns: 300 });
}

describe('a mangled statement file is read or refused, never a crash', () => {
  it('OFX 1.x', () => readsOrRefuses(parseOfx, 'ofx-hdfc-1x.ofx'));
  it('OFX 2.x', () => readsOrRefuses(parseOfx, 'ofx-icici-2x.ofx'));
  it('camt.053', () => readsOrRefuses(parseCamt053, 'camt053-sbi-v02.xml'));
  it('MT940', () => readsOrRefuses(parseMt940, 'mt940-hdfc.sta'));
});
