import type { FontFace } from './pdf-fonts';
import type { InvoiceTemplate } from './pdfs.types';

/**
 * How a template looks. The drawing (pdf-layout.ts) is one flow over the GST document view;
 * a template only chooses among its variants, so every layout carries the same content.
 */
export interface TemplateStyle {
  /** DejaVu faces (pdf-fonts.ts): the family gives a template much of its look. */
  fonts: { regular: FontFace; bold: FontFace; italic: FontFace };
  /** Headings, rules and fills. */
  accent: string;
  /** Table header fill and the tint of zebra rows. */
  headerFill: string;
  headerText: string;
  zebra: string | null;
  /**
   * letterhead: the supplier at the top left, the title at the right, a rule below;
   * band: a coloured band across the page holding the title and number;
   * framed: the supplier and the title each in a box;
   * centered: the title centred above a centred supplier, as Tally prints it.
   */
  header: 'letterhead' | 'band' | 'framed' | 'centered';
  /** rules: horizontal lines only; grid: every cell boxed. */
  table: 'rules' | 'grid';
  /** Parties, facts and totals each drawn inside a box. */
  boxes: boolean;
  /** A frame around the whole page. */
  frame: boolean;
  /** The grand total drawn on a filled bar. */
  totalBar: boolean;
  /** list: label and value side by side; cells: a grid of boxed cells, label above value (Tally). */
  facts: 'list' | 'cells';
  /** The caption above the amount in words. */
  wordsCaption: string;
  /** "E. & O.E" (errors and omissions excepted) beside the amount in words, as Tally prints it. */
  eoe?: boolean;
}

const SERIF = { regular: 'DejaVuSerif', bold: 'DejaVuSerif-Bold', italic: 'DejaVuSerif-Italic' } as const;
const SANS = { regular: 'DejaVuSans', bold: 'DejaVuSans-Bold', italic: 'DejaVuSans-Oblique' } as const;
const CONDENSED = { regular: 'DejaVuSansCondensed', bold: 'DejaVuSansCondensed-Bold', italic: 'DejaVuSansCondensed-Oblique' } as const;
const MONO = { regular: 'DejaVuSansMono', bold: 'DejaVuSansMono-Bold', italic: 'DejaVuSansMono-Oblique' } as const;

export const TEMPLATE_STYLES: Record<InvoiceTemplate, TemplateStyle> = {
  classic: {
    fonts: SERIF,
    accent: '#1f2937', headerFill: '#e5e7eb', headerText: '#111827', zebra: null,
    header: 'letterhead', table: 'rules', boxes: false, frame: false, totalBar: false, facts: 'list', wordsCaption: 'Amount in words',
  },
  modern: {
    fonts: SANS,
    accent: '#0f766e', headerFill: '#0f766e', headerText: '#ffffff', zebra: '#f0fdfa',
    header: 'band', table: 'rules', boxes: false, frame: false, totalBar: true, facts: 'list', wordsCaption: 'Amount in words',
  },
  boxed: {
    fonts: CONDENSED,
    accent: '#1e3a8a', headerFill: '#dbeafe', headerText: '#1e3a8a', zebra: null,
    header: 'framed', table: 'grid', boxes: true, frame: false, totalBar: false, facts: 'list', wordsCaption: 'Amount in words',
  },
  tally: {
    fonts: MONO,
    accent: '#000000', headerFill: '#ffffff', headerText: '#000000', zebra: null,
    header: 'centered', table: 'grid', boxes: true, frame: true, totalBar: false, facts: 'cells', wordsCaption: 'Amount chargeable (in words)', eoe: true,
  },
};

/** Bills, notes, orders and vouchers are drawn in the classic layout. */
export const DEFAULT_STYLE = TEMPLATE_STYLES.classic;
