import { describe, expect, it } from 'vitest';
import { pdfFilename, printable } from './pdf-text.rules';

/** A font that draws Latin-1 and ₹ only, standing in for a real face's glyph table. */
const latinAndRupee = (ch: string) => ch.codePointAt(0)! <= 0xff || ch === '₹';

describe('printable', () => {
  it.each([
    ['Acme (India) Pvt. Ltd.', 'Acme (India) Pvt. Ltd.'],
    ['Rate ₹500', 'Rate ₹500'],
    ['Café Müller', 'Café Müller'],
    ['Café – “quoted”', 'Café ? ?quoted?'],
    ['evil\u202Etxt.exe\u202C name', 'eviltxt.exe name'],
    ['\u2067isolated\u2069', 'isolated'],
    ['bell\u0007 and nul\u0000', 'bell and nul'],
    ['line one\r\nline two\tend', 'line one\nline two end'],
    ['नमस्ते', '??????'],
    ['emoji 😀 is one character', 'emoji ? is one character'],
  ])('%j → %j', (input, output) => {
    expect(printable(input, latinAndRupee)).toBe(output);
  });
});

describe('pdfFilename', () => {
  it.each([
    ['INV-2026-27-001', 'INV-2026-27-001.pdf'],
    ['INV/2026/07', 'INV_2026_07.pdf'],
    ['../../etc/passwd', '_.._etc_passwd.pdf'],
    ['a"b\r\nc', 'a_b__c.pdf'],
    ['...', 'document.pdf'],
    ['', 'document.pdf'],
    ['x'.repeat(300), `${'x'.repeat(100)}.pdf`],
  ])('%j → %j', (input, output) => {
    expect(pdfFilename(input)).toBe(output);
  });
});
