import { describe, expect, it } from 'vitest';
import { pdfFilename, printable } from './pdf-text.rules';

describe('printable', () => {
  it.each([
    ['Acme (India) Pvt. Ltd.', 'Acme (India) Pvt. Ltd.'],
    ['Rate ₹500', 'Rate Rs. 500'],
    ['Café – “quoted”', 'Café – “quoted”'],
    ['evil\u202Etxt.exe\u202C name', 'eviltxt.exe name'],
    ['\u2067isolated\u2069', 'isolated'],
    ['bell\u0007 and nul\u0000', 'bell and nul'],
    ['line one\r\nline two\tend', 'line one\nline two end'],
    ['नमस्ते', '??????'],
  ])('%j → %j', (input, output) => {
    expect(printable(input)).toBe(output);
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
