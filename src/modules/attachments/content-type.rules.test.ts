import { describe, expect, it } from 'vitest';
import { decideContentType, TextCheck } from './content-type.rules';

const head = (text: string) => {
  const check = new TextCheck();
  const isText = check.accepts(Buffer.from(text, 'utf8')) && check.finish();
  return { isText, text: check.text };
};
const binary = { isText: false, text: '' };

describe('decideContentType', () => {
  it('takes an accepted signature as the type, whatever the name says', () => {
    expect(decideContentType('application/pdf', binary, 'notes.txt')).toEqual({ kind: 'binary', contentType: 'application/pdf' });
    expect(decideContentType('image/png', binary, 'scan.pdf')).toEqual({ kind: 'binary', contentType: 'image/png' });
  });

  it('refuses recognised formats that are not documents', () => {
    for (const mime of ['application/x-elf', 'application/x-msdownload', 'application/wasm', 'video/mp4', 'application/x-shockwave-flash']) {
      expect(decideContentType(mime, binary, 'x.pdf').kind).toBe('refused');
    }
  });

  it('keeps UTF-8 text as text/plain, or text/csv by name, and refuses markup', () => {
    expect(decideContentType(undefined, head('Balance: ₹ 1,200\r\n\tdue'), 'note.pdf')).toEqual({ kind: 'text', contentType: 'text/plain; charset=utf-8' });
    expect(decideContentType(undefined, head('a,b\n1,2\n'), 'LEDGER.CSV')).toEqual({ kind: 'text', contentType: 'text/csv; charset=utf-8' });
    for (const markup of ['<!DOCTYPE html><p>x', '  \n<html>', '\uFEFF<svg onload=alert(1)>', '<script>alert(1)</script>']) {
      expect(decideContentType(undefined, head(markup), 'x.pdf').kind).toBe('refused');
    }
  });

  it('refuses bytes that are neither a known format nor text', () => {
    expect(decideContentType(undefined, head('a\u0000b'), 'x.txt').kind).toBe('refused');
    expect(decideContentType(undefined, head('bell\u0007'), 'x.txt').kind).toBe('refused');
    expect(decideContentType(undefined, binary, 'x.txt').kind).toBe('refused');
  });
});

describe('TextCheck', () => {
  it('follows UTF-8 across chunk boundaries and notices a file ending inside a character', () => {
    const rupee = Buffer.from('₹', 'utf8');
    const split = new TextCheck();
    expect(split.accepts(rupee.subarray(0, 1))).toBe(true);
    expect(split.accepts(rupee.subarray(1))).toBe(true);
    expect(split.finish()).toBe(true);
    const cut = new TextCheck();
    expect(cut.accepts(rupee.subarray(0, 2))).toBe(true);
    expect(cut.finish()).toBe(false);
    expect(new TextCheck().accepts(Buffer.from([0xff, 0xfe]))).toBe(false);
  });
});
