import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFilename, filenameFromHeader, MAX_FILENAME_CHARS } from './filename.rules';

describe('cleanFilename', () => {
  it.each([
    ['invoice.pdf', 'invoice.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['/var/data/../x.pdf', 'x.pdf'],
    ['C:\\Users\\asha\\bill.pdf', 'bill.pdf'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['dir/', 'attachment'],
    ['inv\u0000oice.pdf', 'invoice.pdf'],
    ['a\r\nContent-Type: text.pdf', 'a Content-Type_ text.pdf'],
    ['header/injection\r\n.pdf', 'injection .pdf'],
    ['tab\there.pdf', 'tab here.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['\u2066safe\u2069\u200B\u200E.pdf', 'safe.pdf'],
    ['\uFEFFbom.pdf', 'bom.pdf'],
    ['c1\u0085\u009b.pdf', 'c1.pdf'],
    ['what?<>|*:".pdf', 'what_______.pdf'],
    ['  spaced   out  .pdf  ', 'spaced out .pdf'],
    ['...', 'attachment'],
    ['.hidden', 'hidden'],
    ['', 'attachment'],
    [undefined, 'attachment'],
    ['e\u0301te\u0301.pdf', 'été.pdf'],
    ['lone\uD800surrogate.pdf', 'lonesurrogate.pdf'],
  ])('%j → %j', (raw, cleaned) => {
    expect(cleanFilename(raw)).toBe(cleaned);
  });

  it('bounds the length in characters and keeps a short extension', () => {
    const long = cleanFilename(`${'x'.repeat(500)}.pdf`);
    expect(long).toHaveLength(MAX_FILENAME_CHARS);
    expect(long.endsWith('.pdf')).toBe(true);
    const emoji = cleanFilename(`${'🧾'.repeat(300)}.xlsx`);
    expect([...emoji]).toHaveLength(MAX_FILENAME_CHARS);
    expect(emoji.endsWith('.xlsx')).toBe(true);
    // An "extension" too long to be one is not kept whole.
    expect([...cleanFilename(`a.${'b'.repeat(400)}`)]).toHaveLength(MAX_FILENAME_CHARS);
  });
});

describe('attachmentDisposition', () => {
  it('writes an ASCII fallback and the exact name, and nothing can break out of the quotes', () => {
    expect(attachmentDisposition('plain.pdf')).toBe('attachment; filename="plain.pdf"; filename*=UTF-8\'\'plain.pdf');
    expect(attachmentDisposition('a"b\\c%.pdf')).toBe('attachment; filename="a_b_c_.pdf"; filename*=UTF-8\'\'a%22b%5Cc%25.pdf');
    expect(attachmentDisposition("₹ (final)'s*.pdf")).toBe('attachment; filename="_ (final)\'s*.pdf"; filename*=UTF-8\'\'%E2%82%B9%20%28final%29%27s%2A.pdf');
  });
});

describe('filenameFromHeader', () => {
  it('reads raw UTF-8 bytes that the parser took for Latin-1, and leaves other names alone', () => {
    expect(filenameFromHeader(Buffer.from('₹ रसीद.pdf', 'utf8').toString('latin1'))).toBe('₹ रसीद.pdf');
    expect(filenameFromHeader('plain.pdf')).toBe('plain.pdf');
    expect(filenameFromHeader('café.pdf')).toBe('café.pdf'); // Latin-1 "é" alone is not valid UTF-8
    expect(filenameFromHeader('₹.pdf')).toBe('₹.pdf'); // already decoded (filename*=UTF-8'')
  });
});
