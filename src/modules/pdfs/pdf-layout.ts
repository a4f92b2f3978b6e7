import PDFDocument from 'pdfkit';
import type { Column, GstDocumentView, PartyView, Table } from './document-view';
import { drawEInvoice } from './pdf-einvoice';
import { Canvas, CONTENT_WIDTH, INK, MUTED, PAD, PAGE } from './pdf-canvas';
import { registerFaces } from './pdf-fonts';
import { printable } from './pdf-text.rules';
import type { TemplateStyle } from './templates';

/**
 * Draws a GST document view in a template's style with pdfkit (no browser) and the DejaVu faces
 * (pdf-fonts.ts). Every string goes through `printable` with the font it is drawn in: pdfkit
 * writes it as a hex glyph string, so what a user typed is only ever text, and a character the
 * face lacks shows as "?".
 */

function partyBlock(c: Canvas, party: PartyView, x: number, y: number, width: number, nameSize: number): number {
  const { fonts } = c.style;
  let h = c.text(party.label.toUpperCase(), x, y, { font: fonts.bold, size: 7, color: c.style.accent, width });
  h += c.text(party.name, x, y + h + 1, { font: fonts.bold, size: nameSize, width }) + 1;
  for (const line of party.lines) h += c.text(line, x, y + h, { size: 8, color: MUTED, width });
  h += c.text(`GSTIN: ${party.gstin ?? 'Unregistered'}`, x, y + h + 1, { font: fonts.bold, size: 8, width }) + 1;
  return h;
}

function partyHeight(c: Canvas, party: PartyView, width: number, nameSize: number): number {
  const { fonts } = c.style;
  let h = c.heightOf(party.label, width, fonts.bold, 7) + c.heightOf(party.name, width, fonts.bold, nameSize) + 2;
  for (const line of party.lines) h += c.heightOf(line, width, fonts.regular, 8);
  return h + c.heightOf('GSTIN', width, fonts.bold, 8) + 2;
}

function drawHeader(c: Canvas, view: GstDocumentView) {
  const { style } = c;
  const { fonts } = style;
  const x = PAGE.margin;
  const titleText = view.title.toUpperCase();
  switch (style.header) {
    case 'letterhead': {
      const left = CONTENT_WIDTH * 0.62;
      const h = partyBlock(c, { ...view.from, label: view.from.label }, x, c.y, left, 16);
      const size = c.fittedSize(titleText, CONTENT_WIDTH - left, fonts.bold, 18);
      c.text(titleText, x + left, c.y, { font: fonts.bold, size, color: style.accent, align: 'right', width: CONTENT_WIDTH - left });
      c.text(view.number, x + left, c.y + 24, { size: 10, color: MUTED, align: 'right', width: CONTENT_WIDTH - left });
      c.y += Math.max(h, 40) + 6;
      c.rule(c.y, style.accent, 1.5);
      c.rule(c.y + 2.5, style.accent, 0.5);
      c.y += 10;
      return;
    }
    case 'band': {
      c.fill(0, 0, PAGE.width, 64, style.accent);
      c.text(titleText, x, 20, { font: fonts.bold, size: c.fittedSize(titleText, CONTENT_WIDTH / 2, fonts.bold, 20), color: '#ffffff', width: CONTENT_WIDTH / 2 });
      c.text(view.number, x + CONTENT_WIDTH / 2, 18, { font: fonts.bold, size: 12, color: '#ffffff', align: 'right', width: CONTENT_WIDTH / 2 });
      c.text(view.facts.find((f) => f.label === 'Date')?.value ?? '', x + CONTENT_WIDTH / 2, 36, { size: 9, color: '#ccfbf1', align: 'right', width: CONTENT_WIDTH / 2 });
      c.y = 64 + 16;
      c.y += partyBlock(c, view.from, x, c.y, CONTENT_WIDTH * 0.7, 14) + 10;
      return;
    }
    case 'framed': {
      const left = CONTENT_WIDTH * 0.6;
      const h = Math.max(partyHeight(c, view.from, left - 2 * PAD - 4, 14), 44) + 2 * PAD + 4;
      c.box(x, c.y, left, h, style.accent);
      partyBlock(c, view.from, x + PAD + 2, c.y + PAD + 2, left - 2 * PAD - 4, 14);
      c.box(x + left, c.y, CONTENT_WIDTH - left, h, style.accent, style.headerFill);
      const size = c.fittedSize(titleText, CONTENT_WIDTH - left - 2 * PAD, fonts.bold, 16);
      c.text(titleText, x + left, c.y + h / 2 - 16, { font: fonts.bold, size, color: style.accent, align: 'center', width: CONTENT_WIDTH - left });
      c.text(view.number, x + left, c.y + h / 2 + 4, { size: 10, color: INK, align: 'center', width: CONTENT_WIDTH - left });
      c.y += h + 8;
      return;
    }
    case 'centered': {
      c.text(titleText, x, c.y, { font: fonts.bold, size: 13, align: 'center', width: CONTENT_WIDTH });
      c.y += 20;
      c.rule(c.y - 3, '#000000', 0.8);
      c.text(view.from.name, x, c.y + 2, { font: fonts.bold, size: 14, align: 'center', width: CONTENT_WIDTH });
      c.y += 20;
      for (const line of view.from.lines) c.y += c.text(line, x, c.y, { size: 8, align: 'center', width: CONTENT_WIDTH });
      c.y += c.text(`GSTIN/UIN: ${view.from.gstin ?? 'Unregistered'}`, x, c.y, { font: fonts.bold, size: 8, align: 'center', width: CONTENT_WIDTH });
      c.y += 6;
      c.rule(c.y, '#000000', 0.8);
      c.y += 6;
      return;
    }
  }
}

/** The recipient at the left, the document's facts (number, dates, place of supply) at the right. */
function drawPartiesAndFacts(c: Canvas, view: GstDocumentView) {
  const { style } = c;
  const x = PAGE.margin;
  const left = CONTENT_WIDTH * 0.55;
  const right = CONTENT_WIDTH - left;
  const inset = style.boxes ? PAD + 2 : 0;
  const partyHeightWithInset = partyHeight(c, view.to, left - 2 * inset - 8, 11) + 2 * inset;
  const facts = style.facts === 'cells' ? factCells(c, view, x + left, right) : factList(c, view, x + left, right, inset);
  const height = Math.max(partyHeightWithInset, facts.height);
  c.ensure(height + 8);
  if (style.boxes) c.box(x, c.y, left, height, style.accent);
  if (style.boxes && style.facts === 'list') c.box(x + left, c.y, right, height, style.accent);
  partyBlock(c, view.to, x + inset, c.y + inset, left - 2 * inset - 8, 11);
  facts.draw(c.y, height);
  c.y += height + 10;
}

interface FactsBlock {
  height: number;
  draw(top: number, height: number): void;
}

/** Label and value side by side, one fact a line. */
function factList(c: Canvas, view: GstDocumentView, x: number, width: number, inset: number): FactsBlock {
  const { style } = c;
  const labelWidth = width * 0.4;
  const valueWidth = width - labelWidth - 2 * inset;
  const heights = view.facts.map((f) => Math.max(c.heightOf(f.value, valueWidth, style.fonts.bold, 8.5), 11) + 2);
  return {
    height: heights.reduce((a, b) => a + b, 0) + 2 * inset,
    draw(top) {
      let y = top + inset;
      view.facts.forEach((fact, i) => {
        c.text(fact.label, x + inset + (style.boxes ? 0 : 8), y, { size: 8, color: MUTED, width: labelWidth });
        c.text(fact.value, x + labelWidth + inset, y, { font: style.fonts.bold, size: 8.5, width: valueWidth });
        y += heights[i]!;
      });
    },
  };
}

/** Two boxed cells a row, the label above the value; the last row stretches to the party's height. */
function factCells(c: Canvas, view: GstDocumentView, x: number, width: number): FactsBlock {
  const { style } = c;
  const cellWidth = width / 2;
  const rows: (typeof view.facts)[] = [];
  for (let i = 0; i < view.facts.length; i += 2) rows.push(view.facts.slice(i, i + 2));
  const rowHeight = (row: typeof view.facts) => Math.max(...row.map((f) => c.heightOf(f.value, cellWidth - 2 * PAD, style.fonts.bold, 8.5))) + 16;
  const heights = rows.map(rowHeight);
  return {
    height: heights.reduce((a, b) => a + b, 0),
    draw(top, height) {
      let y = top;
      rows.forEach((row, r) => {
        const h = r === rows.length - 1 ? top + height - y : heights[r]!;
        for (let col = 0; col < 2; col++) {
          const fact = row[col];
          const cx = x + col * cellWidth;
          c.box(cx, y, cellWidth, h, style.accent);
          if (!fact) continue;
          c.text(fact.label, cx + PAD, y + PAD - 1, { size: 7, color: MUTED, width: cellWidth - 2 * PAD });
          c.text(fact.value, cx + PAD, y + PAD + 8, { font: style.fonts.bold, size: 8.5, width: cellWidth - 2 * PAD });
        }
        y += h;
      });
    },
  };
}

function columnXs(columns: Column[], x: number, width: number): { x: number; w: number }[] {
  const total = columns.reduce((s, col) => s + col.weight, 0);
  let at = x;
  return columns.map((col) => {
    const w = (col.weight / total) * width;
    const cell = { x: at, w };
    at += w;
    return cell;
  });
}

/** A table with a repeated header row on every page it spans. */
function drawTable(c: Canvas, table: Table, options: { x?: number; width?: number; size?: number; boldLast?: boolean } = {}) {
  const { style } = c;
  const x = options.x ?? PAGE.margin;
  const width = options.width ?? CONTENT_WIDTH;
  const size = options.size ?? 8;
  const cells = columnXs(table.columns, x, width);
  const headerHeight = Math.max(...table.columns.map((col, i) => c.heightOf(col.header, cells[i]!.w - 2 * PAD, style.fonts.bold, size))) + 2 * PAD;

  const drawHeaderRow = () => {
    c.fill(x, c.y, width, headerHeight, style.headerFill);
    table.columns.forEach((col, i) => {
      const cell = cells[i]!;
      c.text(col.header, cell.x + PAD, c.y + PAD, { font: style.fonts.bold, size, color: style.headerText, align: col.align, width: cell.w - 2 * PAD });
      if (style.table === 'grid') c.box(cell.x, c.y, cell.w, headerHeight, style.accent);
    });
    if (style.table === 'rules') c.rule(c.y + headerHeight, style.accent, 0.8, x, width);
    c.y += headerHeight;
  };

  c.ensure(headerHeight + 20);
  drawHeaderRow();
  table.rows.forEach((row, r) => {
    const last = options.boldLast === true && r === table.rows.length - 1;
    const font = last ? style.fonts.bold : style.fonts.regular;
    const mainHeight = Math.max(...row.cells.map((value, i) => c.heightOf(value, cells[i]!.w - 2 * PAD, font, size)));
    const detailHeight = row.detail ? c.heightOf(row.detail, cells[1]!.w - 2 * PAD, style.fonts.italic, size - 1) : 0;
    const height = mainHeight + detailHeight + 2 * PAD;
    if (c.ensure(height)) drawHeaderRow();
    if (style.zebra && r % 2 === 1) c.fill(x, c.y, width, height, style.zebra);
    row.cells.forEach((value, i) => {
      const cell = cells[i]!;
      c.text(value, cell.x + PAD, c.y + PAD, { font, size, align: table.columns[i]!.align, width: cell.w - 2 * PAD });
      if (style.table === 'grid') c.box(cell.x, c.y, cell.w, height, style.accent);
    });
    if (row.detail) c.text(row.detail, cells[1]!.x + PAD, c.y + PAD + mainHeight, { font: style.fonts.italic, size: size - 1, color: MUTED, width: cells[1]!.w - 2 * PAD });
    if (style.table === 'rules') c.rule(c.y + height, '#d1d5db', 0.4, x, width);
    c.y += height;
  });
  if (table.rows.length === 0) {
    c.text('No entries', x + PAD, c.y + PAD, { size, color: MUTED, width: width - 2 * PAD });
    c.y += 16;
  }
  c.y += 8;
}

/** Amount in words at the left, the totals at the right. */
function drawTotals(c: Canvas, view: GstDocumentView) {
  const { style } = c;
  const x = PAGE.margin;
  const right = CONTENT_WIDTH * 0.42;
  const left = CONTENT_WIDTH - right - 12;
  const rowHeight = 14;
  const height = view.amounts.reduce((h, a) => h + (a.grand ? rowHeight + 6 : rowHeight), 0) + 4;
  c.ensure(Math.max(height, 50) + 8);
  const top = c.y;

  const wordsInset = style.boxes ? PAD + 2 : 0;
  const wordsHeight = c.heightOf(view.totalInWords, left - 2 * wordsInset, style.fonts.bold, 9) + 16 + 2 * wordsInset;
  if (style.boxes) c.box(x, top, left, wordsHeight, style.accent);
  c.text(style.wordsCaption, x + wordsInset, top + wordsInset, { size: 7.5, color: MUTED, width: left - 2 * wordsInset });
  if (style.eoe) c.text('E. & O.E', x + wordsInset, top + wordsInset, { size: 7.5, color: MUTED, align: 'right', width: left - 2 * wordsInset });
  c.text(view.totalInWords, x + wordsInset, top + wordsInset + 11, { font: style.fonts.bold, size: 9, width: left - 2 * wordsInset });

  const rx = x + CONTENT_WIDTH - right;
  if (style.boxes) c.box(rx, top, right, height, style.accent);
  let y = top + 2;
  for (const amount of view.amounts) {
    if (amount.grand) {
      const barY = y + 1;
      if (style.totalBar) c.fill(rx, barY, right, rowHeight + 4, style.accent);
      else c.rule(barY, style.accent, 0.8, rx, right);
      const color = style.totalBar ? '#ffffff' : INK;
      c.text(amount.label, rx + PAD, barY + 4, { font: style.fonts.bold, size: 10, color, width: right * 0.55 });
      c.text(amount.value, rx + right * 0.4, barY + 4, { font: style.fonts.bold, size: 10, color, align: 'right', width: right * 0.6 - PAD });
      if (!style.totalBar) c.rule(barY + rowHeight + 4, style.accent, 0.8, rx, right);
      y += rowHeight + 6;
    } else {
      c.text(amount.label, rx + PAD, y + 2, { size: 8.5, color: MUTED, width: right * 0.55 });
      c.text(amount.value, rx + right * 0.4, y + 2, { size: 8.5, align: 'right', width: right * 0.6 - PAD });
      y += rowHeight;
    }
  }
  c.y = top + Math.max(height, wordsHeight) + 10;
}

function drawNotes(c: Canvas, notes: string) {
  const { style } = c;
  const h = c.heightOf(notes, CONTENT_WIDTH, style.fonts.regular, 8.5) + 14;
  c.ensure(Math.min(h, 120));
  c.text('Notes', PAGE.margin, c.y, { font: style.fonts.bold, size: 8.5, color: style.accent });
  c.y += 12;
  c.y += c.text(notes, PAGE.margin, c.y, { size: 8.5, color: MUTED, width: CONTENT_WIDTH }) + 10;
}

function drawSignature(c: Canvas, view: GstDocumentView) {
  c.ensure(50);
  const width = CONTENT_WIDTH * 0.4;
  const x = PAGE.margin + CONTENT_WIDTH - width;
  c.text(`For ${view.from.name}`, x, c.y + 4, { font: c.style.fonts.bold, size: 8.5, align: 'right', width });
  c.text('Authorised signatory', x, c.y + 36, { size: 8, color: MUTED, align: 'right', width });
  c.y += 50;
}

/** Page numbers and the footer line on every page, written once all pages exist. */
function drawFooters(c: Canvas, view: GstDocumentView) {
  const range = c.doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    c.doc.switchToPage(i);
    const y = PAGE.height - PAGE.margin - 12;
    c.rule(y - 4, '#d1d5db', 0.4);
    c.text(view.footer, PAGE.margin, y, { size: 7, color: MUTED, width: CONTENT_WIDTH * 0.7 });
    c.text(`${view.number} · Page ${i + 1} of ${range.count}`, PAGE.margin + CONTENT_WIDTH * 0.5, y, { size: 7, color: MUTED, align: 'right', width: CONTENT_WIDTH * 0.5 });
  }
}

export interface RenderOptions {
  /** The PDF's CreationDate: from the injected clock, never read here. */
  createdAt: Date;
}

/** The PDF bytes of a view in a style. */
export async function drawPdf(view: GstDocumentView, style: TemplateStyle, options: RenderOptions): Promise<Buffer> {
  const doc = new PDFDocument({
    // The layout pages itself (Canvas.ensure); a small bottom margin keeps pdfkit from adding pages of its own.
    size: 'A4', margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 8 }, bufferPages: true, autoFirstPage: true,
    // Metadata is a Unicode string, not glyphs: every character can be stored.
    info: { Title: printable(`${view.title} ${view.number}`, () => true), Producer: 'Bahi', Creator: 'Bahi', CreationDate: options.createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  registerFaces(doc, new Set(Object.values(style.fonts)));
  const c = new Canvas(doc, style, view);
  c.decoratePage();
  c.y = PAGE.margin + (style.frame ? 6 : 0);
  drawHeader(c, view);
  drawPartiesAndFacts(c, view);
  drawTable(c, view.items);
  if (view.taxSummary) drawTable(c, view.taxSummary, { width: CONTENT_WIDTH, size: 7.5, boldLast: true });
  drawTotals(c, view);
  if (view.einvoice) await drawEInvoice(c, view.einvoice);
  if (view.notes) drawNotes(c, view.notes);
  drawSignature(c, view);
  drawFooters(c, view);
  doc.end();
  return done;
}
