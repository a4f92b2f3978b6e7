import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { describe, expect, it, vi } from 'vitest';
import { canDraw } from './pdf-fonts';
import { TEMPLATE_STYLES } from './templates';

describe('the DejaVu faces', () => {
  it('every face a template uses draws ₹ and accented Latin, and no Devanagari', () => {
    for (const style of Object.values(TEMPLATE_STYLES)) {
      for (const face of Object.values(style.fonts)) {
        const draws = canDraw(face);
        expect([...'₹éüßØ'].every(draws), face).toBe(true);
        expect(draws('न'), face).toBe(false);
      }
    }
  });

  it('reads a face\'s file once per process, on first use, not once per document', async () => {
    vi.resetModules(); // a fresh module: no face loaded yet
    const fresh = await import('./pdf-fonts');
    const reads = vi.spyOn(fs, 'readFileSync');
    const ttfReads = () => reads.mock.calls.filter(([file]) => String(file).endsWith('.ttf')).map(([file]) => String(file).split('/').pop());
    try {
      for (let i = 0; i < 3; i++) fresh.registerFaces(new PDFDocument(), ['DejaVuSansMono', 'DejaVuSansMono-Bold']);
      expect(ttfReads()).toEqual(['DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf']);
    } finally {
      reads.mockRestore();
    }
  });
});
