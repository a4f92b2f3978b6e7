/**
 * Reads a PDF in tests with pdfjs-dist (PDF.js, plain JavaScript from the npm registry), so
 * that `npm test` needs nothing but Node: no pdftotext or qpdf on the machine.
 *
 * What `qpdf --check` used to prove, that the file is well formed, is checked in two parts:
 * PDF.js reads every page strictly (a bad content or font stream rejects, and any repair it
 * had to make, such as rebuilding a broken cross-reference table, is a warning that fails the
 * read), and `checkObjects` walks the cross-reference table itself, because PDF.js never looks
 * at objects the pages do not use, nor at a stream's declared length. `checkObjects` also
 * refuses a font whose program is not in the file: a reader without that font would draw
 * another (and PDF.js has none of its own here, so it would only warn).
 */
import { inflateSync } from 'node:zlib';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem, TextMarkedContent } from 'pdfjs-dist/types/src/display/api';

export interface PdfContent {
  /**
   * The text in the order it was drawn, a new line wherever PDF.js sees the baseline change,
   * like `pdftotext -raw`: a table row's cells come in sequence, which, unlike a layout
   * guess, is stable.
   */
  text: string;
  pages: number;
}

/** Throws unless the file is well formed and embeds its fonts (see above); else its text and page count. */
export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  checkObjects(Buffer.from(bytes));
  return withWarningsFailing(async () => {
    // PDF.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    const pdf = await getDocument({ data: new Uint8Array(bytes), stopAtErrors: true, isEvalSupported: false, verbosity: VerbosityLevel.WARNINGS }).promise;
    try {
      let text = '';
      for (let n = 1; n <= pdf.numPages; n++) {
        const page = await pdf.getPage(n);
        text += pageText((await page.getTextContent()).items);
        // Everything a renderer would load for the page (fonts, images), without a canvas.
        await page.getOperatorList();
      }
      return { text, pages: pdf.numPages };
    } finally {
      await pdf.destroy();
    }
  });
}

function pageText(items: (TextItem | TextMarkedContent)[]): string {
  let text = '';
  for (const item of items) {
    if (!('str' in item)) continue;
    text += item.str + (item.hasEOL ? '\n' : '');
  }
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * PDF.js reports what it tolerated (a cross-reference table it had to rebuild, a font it could
 * not load) through console.warn and carries on; in a test of our own output each is a defect.
 * PDF.js runs in this thread under Node (no worker), so the warnings of `read` land here.
 */
async function withWarningsFailing<T>(read: () => Promise<T>): Promise<T> {
  const warnings: string[] = [];
  const warn = console.warn;
  console.warn = (...args: unknown[]) => { warnings.push(args.join(' ')); };
  try {
    const result = await read();
    if (warnings.length > 0) throw new Error(`PDF.js had to tolerate defects: ${warnings.join('; ')}`);
    return result;
  } finally {
    console.warn = warn;
  }
}

/**
 * The cross-reference table (one classic table, as pdfkit writes it): the trailer's /Size
 * counts its rows, every object it lists starts at its offset, every stream's /Length ends
 * exactly at `endstream`, every Flate stream inflates, and every font is embedded.
 */
function checkObjects(pdf: Buffer): void {
  const latin1 = pdf.toString('latin1');
  const end = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(latin1);
  if (!end) throw new Error('the file does not end with startxref and %%EOF');
  const start = Number(end[1]);
  const table = /^xref\r?\n0 (\d+)\r?\n/.exec(latin1.slice(start));
  if (!table) throw new Error(`no cross-reference table at startxref ${start}`);
  const count = Number(table[1]);
  const rows = start + table[0].length;
  if (!new RegExp(`^trailer\\s*<<[^]*/Size ${count}\\b`).test(latin1.slice(rows + 20 * count))) throw new Error(`the trailer's /Size is not ${count}`);
  for (let id = 1; id < count; id++) {
    // Each row is exactly 20 bytes: 10-digit offset, 5-digit generation, n (in use) or f (free).
    const row = /^(\d{10}) (\d{5}) ([nf])(?: \r| \n|\r\n)$/.exec(latin1.slice(rows + 20 * id, rows + 20 * id + 20));
    if (!row) throw new Error(`cross-reference row ${id} is malformed`);
    if (row[3] === 'f') continue;
    const at = Number(row[1]);
    if (!new RegExp(`^${id} ${Number(row[2])} obj\\s`).test(latin1.slice(at, at + 32))) throw new Error(`object ${id} is not at offset ${at}`);
    // A dictionary is text: the first `stream` or `endobj` keyword after the header is the object's own.
    const body = /stream\r?\n|endobj/.exec(latin1.slice(at));
    if (!body) throw new Error(`object ${id} has no end`);
    const dictionary = latin1.slice(at, at + body.index);
    checkFontEmbedded(id, dictionary);
    if (body[0] === 'endobj') continue;
    const length = Number(/\/Length (\d+)\s*[/>]/.exec(dictionary)?.[1]);
    const data = at + body.index + body[0].length;
    if (!/^\r?\n?endstream/.test(latin1.slice(data + length, data + length + 12))) throw new Error(`object ${id}: /Length ${length} does not end at endstream`);
    if (!dictionary.includes('/FlateDecode')) continue;
    try {
      inflateSync(pdf.subarray(data, data + length));
    } catch (error) {
      throw new Error(`object ${id}: its Flate stream does not inflate (${(error as Error).message})`);
    }
  }
}

/**
 * A font other than Type0 (whose descendant carries the descriptor) and Type3 (drawn by the
 * file's own procedures) needs a descriptor, and a descriptor names the embedded program.
 */
function checkFontEmbedded(id: number, dictionary: string): void {
  const font = /\/Type\s*\/Font(?![A-Za-z])/.test(dictionary);
  const descriptor = /\/Type\s*\/FontDescriptor\b/.test(dictionary);
  const missing = font
    ? !/\/Subtype\s*\/Type[03]\b/.test(dictionary) && !dictionary.includes('/FontDescriptor')
    : descriptor && !/\/FontFile[23]?\s/.test(dictionary);
  if (missing) throw new Error(`object ${id}: font ${/\/(?:BaseFont|FontName)\s*\/([^\s/<>[\]()]+)/.exec(dictionary)?.[1] ?? '?'} is not embedded`);
}
