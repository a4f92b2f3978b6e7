import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { create, type Font } from 'fontkit';

/**
 * The DejaVu TrueType faces the templates draw with (package dejavu-fonts-ttf). Unlike the PDF
 * standard fonts (WinAnsi only) they carry ₹ (U+20B9) and Latin, Greek and Cyrillic accents.
 * A face is read and parsed once per process, on first use, and the parsed font is shared by
 * every render (pdfkit subsets and embeds it per document, so sharing is safe).
 */

const DEJAVU_FACES = {
  'DejaVuSans': 'DejaVuSans.ttf',
  'DejaVuSans-Bold': 'DejaVuSans-Bold.ttf',
  'DejaVuSans-Oblique': 'DejaVuSans-Oblique.ttf',
  'DejaVuSansCondensed': 'DejaVuSansCondensed.ttf',
  'DejaVuSansCondensed-Bold': 'DejaVuSansCondensed-Bold.ttf',
  'DejaVuSansCondensed-Oblique': 'DejaVuSansCondensed-Oblique.ttf',
  'DejaVuSerif': 'DejaVuSerif.ttf',
  'DejaVuSerif-Bold': 'DejaVuSerif-Bold.ttf',
  'DejaVuSerif-Italic': 'DejaVuSerif-Italic.ttf',
  'DejaVuSansMono': 'DejaVuSansMono.ttf',
  'DejaVuSansMono-Bold': 'DejaVuSansMono-Bold.ttf',
  'DejaVuSansMono-Oblique': 'DejaVuSansMono-Oblique.ttf',
} as const;
export type FontFace = keyof typeof DEJAVU_FACES;

/** Resolved through the package, so it works wherever node_modules is (hoisted, symlinked). */
const FONT_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');

const loaded = new Map<FontFace, Font>();

/** The parsed face; the file is read the first time it is asked for and never again. */
function fontFace(face: FontFace): Font {
  let font = loaded.get(face);
  if (!font) {
    font = create(fs.readFileSync(path.join(FONT_DIR, DEJAVU_FACES[face])));
    loaded.set(face, font);
  }
  return font;
}

/** Registers the faces with a document under their own names, so `doc.font(face)` selects them. */
export function registerFaces(doc: PDFKit.PDFDocument, faces: Iterable<FontFace>): void {
  // pdfkit 0.20 accepts a parsed fontkit font (its factory checks for `layout`); @types/pdfkit
  // lists only paths and bytes, which would make every document parse the file again.
  for (const face of faces) doc.registerFont(face, fontFace(face) as unknown as Buffer);
}

/** Whether a face can draw a character; what it cannot is replaced before drawing (pdf-text.rules.ts). */
export function canDraw(face: FontFace): (ch: string) => boolean {
  const font = fontFace(face);
  return (ch) => font.hasGlyphForCodePoint(ch.codePointAt(0)!);
}
