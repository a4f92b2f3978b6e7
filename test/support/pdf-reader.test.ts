/**
 * The PDF reader the PDF tests rely on: it reads text and pages back, and refuses a damaged
 * file, or one that does not embed its fonts, instead of repairing it silently.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from './pdf-reader';

const dejavu = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

/** Two pages in DejaVu (pdfkit embeds it; it has ₹), or the second in Helvetica, which it never embeds. */
async function sample(secondFont = dejavu): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', info: { CreationDate: new Date('2026-06-15T06:00:00Z') } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.font(dejavu).text('Total ₹13,745.00', 72, 72).text('Café (x) \\ Tj', 300, 72).text('next line', 72, 100);
  doc.addPage().font(secondFont).text('Page 2 of 2');
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

let good: Buffer;
beforeAll(async () => {
  good = await sample();
});

/** The file with `from` replaced by `to` once; both the same length, so no offset moves. */
function edited(from: string, to: string): Buffer {
  expect(to.length).toBe(from.length);
  const latin1 = good.toString('latin1');
  expect(latin1).toContain(from);
  return Buffer.from(latin1.replace(from, to), 'latin1');
}

describe('readPdf', () => {
  it('reads the text in drawing order, a line per baseline, and the page count', async () => {
    expect(await readPdf(good)).toEqual({ text: 'Total ₹13,745.00 Café (x) \\ Tj\nnext line\nPage 2 of 2\n', pages: 2 });
  });

  it('refuses a font that is not embedded', async () => {
    await expect(readPdf(await sample('Helvetica'))).rejects.toThrow(/font Helvetica is not embedded/);
  });

  it('refuses an object that is not where the cross-reference table says', async () => {
    const latin1 = good.toString('latin1');
    const row = /\n(\d{10}) 00000 n /.exec(latin1.slice(latin1.lastIndexOf('\nxref\n')))!;
    const moved = String(Number(row[1]) + 1).padStart(10, '0');
    await expect(readPdf(edited(`${row[1]} 00000 n `, `${moved} 00000 n `))).rejects.toThrow(/is not at offset/);
  });

  it('refuses a stream whose /Length is wrong', async () => {
    const length = /\/Length (\d+)\n/.exec(good.toString('latin1'))![1]!;
    const shorter = String(Number(length) - 1).padStart(length.length, '0');
    await expect(readPdf(edited(`/Length ${length}\n`, `/Length ${shorter}\n`))).rejects.toThrow(/does not end at endstream/);
  });

  it('refuses a Flate stream that does not inflate', async () => {
    const latin1 = good.toString('latin1');
    const damaged = Buffer.from(good);
    const data = latin1.indexOf('stream\n') + 'stream\n'.length;
    damaged.fill(0xff, data + 10, data + 20);
    await expect(readPdf(damaged)).rejects.toThrow(/Flate stream/);
  });

  it('refuses a truncated file', async () => {
    await expect(readPdf(good.subarray(0, good.length - 100))).rejects.toThrow(/does not end with startxref/);
  });

  it('refuses a file PDF.js reads only by working around a defect: a page tree counting a page it lacks', async () => {
    await expect(readPdf(edited('/Count 2', '/Count 3'))).rejects.toThrow(/PDF.js had to tolerate defects: .*\/Count/);
  });
});
