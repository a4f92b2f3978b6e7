import type { StatementFormat } from './statement.types';

/** Names by which a file says its format when its first bytes do not. */
const BY_EXTENSION: Readonly<Record<string, StatementFormat>> = {
  csv: 'CSV', xlsx: 'XLSX', ofx: 'OFX', qfx: 'OFX', xml: 'CAMT053', sta: 'MT940', mt940: 'MT940', '940': 'MT940',
};

/**
 * The format of a statement file (docs/rules/banking.md, "Statements in"): the one named, else
 * what its first bytes show (a ZIP is XLSX, OFX's header, camt.053's namespace, MT940's
 * blocks or `:20:` field), else its name's extension, else CSV. A legacy binary .xls is
 * answered with what to send instead; whether the bytes really are that format is the
 * reader's to find.
 */
export function statementFormatOf(bytes: Buffer, fileName: string | null, named?: StatementFormat): StatementFormat | { problem: string } {
  if (named) return named;
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return 'XLSX';
  if (bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]))) return { problem: 'a legacy .xls workbook is not read: save it as .xlsx or CSV, or download the statement in either' };
  const head = bytes.subarray(0, 4096).toString('latin1').replace(/^\uFEFF|^ï»¿/, '').trimStart();
  if (/^(OFXHEADER|<OFX>|<\?OFX)/i.test(head) || (/^<\?xml/i.test(head) && /<OFX>/i.test(head))) return 'OFX';
  if (/^<\?xml|^<Document/i.test(head) && /camt\.053/i.test(head)) return 'CAMT053';
  if (/^\{1:|^:20:/.test(head)) return 'MT940';
  const extension = fileName?.toLowerCase().split('.').pop() ?? '';
  return BY_EXTENSION[extension] ?? 'CSV';
}
