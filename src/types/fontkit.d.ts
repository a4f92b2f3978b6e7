/**
 * The part of fontkit (pdfkit's own font engine, installed with pdfkit; it ships no types) that
 * src/modules/pdfs/pdf-fonts.ts uses: parse a font once, ask it which characters it can draw.
 */
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    /** What pdfkit's font factory checks to accept a parsed font instead of bytes. */
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array): Font;
}
