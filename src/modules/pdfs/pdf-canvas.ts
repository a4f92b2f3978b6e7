import { NOT_IN_FORCE, type GstDocumentView } from './document-view';
import { canDraw, type FontFace } from './pdf-fonts';
import { printable } from './pdf-text.rules';
import type { TemplateStyle } from './templates';

/**
 * The page an A4 GST document is drawn on, and the drawing primitives its sections use
 * (pdf-layout.ts): text through `printable` in the font it is drawn in, boxes, rules, and page
 * breaks that carry the frame and the status stamp onto every page.
 */

export const PAGE = { width: 595.28, height: 841.89, margin: 36 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 28; // room for the footer line
export const INK = '#111827';
export const MUTED = '#4b5563';
const RULE = '#9ca3af';
export const PAD = 4;

type Doc = PDFKit.PDFDocument;
type Align = 'left' | 'right' | 'center';

interface TextOptions {
  font?: FontFace;
  size?: number;
  color?: string;
  align?: Align;
  width?: number;
}

export class Canvas {
  y = PAGE.margin;

  constructor(readonly doc: Doc, readonly style: TemplateStyle, private readonly view: GstDocumentView) {}

  /** Draws user or template text at (x, y); returns its height. */
  text(value: string, x: number, y: number, options: TextOptions = {}): number {
    const { doc } = this;
    const font = options.font ?? this.style.fonts.regular;
    const content = printable(value, canDraw(font));
    doc.font(font).fontSize(options.size ?? 8.5).fillColor(options.color ?? INK);
    const textOptions = { width: options.width, align: options.align ?? 'left', lineGap: 1 } as const;
    doc.text(content, x, y, textOptions);
    // pdfkit leaves doc.y below what it drew: the height, without measuring the text twice.
    return doc.y - y;
  }

  heightOf(value: string, width: number, font: FontFace, size: number): number {
    this.doc.font(font).fontSize(size);
    return this.doc.heightOfString(printable(value, canDraw(font)), { width, lineGap: 1 });
  }

  /** The size, at most `size`, at which one line of text fits `width`: titles never wrap. */
  fittedSize(value: string, width: number, font: FontFace, size: number): number {
    this.doc.font(font).fontSize(size);
    const natural = this.doc.widthOfString(printable(value, canDraw(font)));
    return natural <= width ? size : Math.floor((size * width) / natural * 10) / 10;
  }

  box(x: number, y: number, w: number, h: number, color = RULE, fill?: string) {
    const { doc } = this;
    doc.save().lineWidth(0.6).rect(x, y, w, h);
    if (fill) doc.fillAndStroke(fill, color);
    else doc.strokeColor(color).stroke();
    doc.restore();
  }

  fill(x: number, y: number, w: number, h: number, color: string) {
    this.doc.save().rect(x, y, w, h).fill(color).restore();
  }

  rule(y: number, color = RULE, width = 0.6, x = PAGE.margin, w = CONTENT_WIDTH) {
    this.doc.save().lineWidth(width).moveTo(x, y).lineTo(x + w, y).strokeColor(color).stroke().restore();
  }

  /** Starts a new page when `needed` points do not fit; returns true when it did. */
  ensure(needed: number): boolean {
    if (this.y + needed <= BOTTOM) return false;
    this.doc.addPage();
    this.decoratePage();
    this.y = PAGE.margin + (this.style.frame ? 6 : 0);
    return true;
  }

  /** What every page carries: the frame, and the status stamp for drafts and void documents. */
  decoratePage() {
    if (this.style.frame) this.box(PAGE.margin - 6, PAGE.margin - 6, CONTENT_WIDTH + 12, PAGE.height - 2 * PAGE.margin + 12, '#000000');
    const stamp = this.view.status;
    if (NOT_IN_FORCE.has(stamp)) {
      const { doc } = this;
      doc.save().rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] }).fillOpacity(0.08);
      this.text(stamp, 0, PAGE.height / 2 - 50, { font: this.style.fonts.bold, size: 96, color: '#dc2626', align: 'center', width: PAGE.width });
      doc.restore();
    }
  }
}
