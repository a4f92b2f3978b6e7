import { gstinCheckCharacter } from '../../src/kernel/gst/gstin';

/**
 * The month of invoices the GST-return benchmarks seed: one supplier GSTIN in Karnataka, its
 * customers in classes (registered or not, in which state) and template invoices, each made once
 * through the API and copied by weight, its customer swapped for another of the same class (so
 * the place of supply, the tax heads and the GSTR-1 section stay what the API decided).
 */
export const SUPPLIER = { gstin: '29AABCB1234F1Z4', stateCode: 'IN-KA', address: '42, 1st Main Road, Koramangala\nBengaluru - 560034' };
/** October 2026: after the ₹1,00,000 B2CL threshold of 1 August 2024, in the running financial year. */
export const MONTH = { first: '2026-10-01', last: '2026-10-31', period: '102026', days: 31 };
/** Numbers of 13 characters (`B2627/` and seven digits): within the 16 of CGST rule 46(b) up to 9,999,999 invoices. */
export const SERIES = { series_name: 'bench', prefix: 'B2627/', padding: 7, format_template: '{prefix}{num}' };

export interface CustomerClass {
  name: string;
  /** State of the billing address and place of supply. */
  stateIso: string;
  /** The GSTIN's state digits, for registered customers; none for consumers. */
  gstState?: string;
  count: number;
}

export const CUSTOMER_CLASSES: CustomerClass[] = [
  { name: 'b2b-intra', stateIso: 'IN-KA', gstState: '29', count: 400 },
  { name: 'b2b-mh', stateIso: 'IN-MH', gstState: '27', count: 150 },
  { name: 'b2b-tn', stateIso: 'IN-TN', gstState: '33', count: 100 },
  { name: 'b2c-intra', stateIso: 'IN-KA', count: 100 },
  { name: 'b2c-mh', stateIso: 'IN-MH', count: 30 },
  { name: 'b2c-dl', stateIso: 'IN-DL', count: 20 },
];

/** A valid GSTIN for the i-th registered customer of a state: a PAN-shaped middle and its check character. */
export function customerGstin(gstState: string, i: number): string {
  const first14 = `${gstState}AAACB${String(i).padStart(4, '0')}F1Z`;
  return first14 + gstinCheckCharacter(first14)!;
}

interface Product { name: string; hsn: string; unit: string; rate: number; taxPercentage: number }
const PRODUCTS: Product[] = [
  { name: 'Laptop stand', hsn: '84733099', unit: 'PCS', rate: 1499.5, taxPercentage: 18 },
  { name: 'Wireless mouse', hsn: '84716060', unit: 'PCS', rate: 799, taxPercentage: 18 },
  { name: 'Installation service', hsn: '998713', unit: 'OTH', rate: 1200, taxPercentage: 18 },
  { name: 'Printed manuals', hsn: '49011010', unit: 'NOS', rate: 150.25, taxPercentage: 5 },
  { name: 'Packaged rice', hsn: '10063020', unit: 'KGS', rate: 62.4, taxPercentage: 5 },
  { name: 'Steel cabinet', hsn: '94031010', unit: 'NOS', rate: 8450, taxPercentage: 18 },
  { name: 'Mineral water', hsn: '22011010', unit: 'BTL', rate: 20, taxPercentage: 18 },
  { name: 'Cotton fabric', hsn: '52081190', unit: 'MTR', rate: 245, taxPercentage: 5 },
  { name: 'Air conditioner', hsn: '84151010', unit: 'NOS', rate: 38900, taxPercentage: 28 },
  { name: 'Dry fruits', hsn: '08013210', unit: 'KGS', rate: 880, taxPercentage: 12 },
  { name: 'Maintenance contract', hsn: '998717', unit: 'OTH', rate: 5000, taxPercentage: 18 },
  { name: 'Ceramic tiles', hsn: '69072100', unit: 'SQM', rate: 540, taxPercentage: 18 },
];

export interface TemplateInvoice {
  customerClass: string;
  /** Day of the month. */
  day: number;
  /** [product index, quantity] per line. */
  lines: [number, number][];
  /** Copies per 100 invoices. */
  weight: number;
}

/**
 * The mix: mostly B2B within the state and small B2C, some B2B to other states, a few B2C to
 * other states below the threshold, and about one in a hundred above it (B2CL: ₹1,00,000 or more
 * to an unregistered customer in another state). One to three lines each.
 */
export const TEMPLATES: TemplateInvoice[] = [
  { customerClass: 'b2b-intra', day: 1, lines: [[0, 2], [1, 5]], weight: 6 },
  { customerClass: 'b2b-intra', day: 3, lines: [[5, 1]], weight: 5 },
  { customerClass: 'b2b-intra', day: 5, lines: [[2, 3], [3, 10], [4, 25]], weight: 5 },
  { customerClass: 'b2b-intra', day: 8, lines: [[8, 1], [10, 1]], weight: 4 },
  { customerClass: 'b2b-intra', day: 11, lines: [[7, 40]], weight: 5 },
  { customerClass: 'b2b-intra', day: 14, lines: [[9, 6], [4, 50]], weight: 5 },
  { customerClass: 'b2b-intra', day: 17, lines: [[11, 30], [2, 2]], weight: 5 },
  { customerClass: 'b2b-intra', day: 21, lines: [[1, 12], [6, 48], [3, 4]], weight: 5 },
  { customerClass: 'b2b-intra', day: 26, lines: [[5, 3]], weight: 5 },
  { customerClass: 'b2b-mh', day: 2, lines: [[8, 2]], weight: 4 },
  { customerClass: 'b2b-mh', day: 12, lines: [[0, 10], [2, 1]], weight: 4 },
  { customerClass: 'b2b-mh', day: 23, lines: [[7, 120], [3, 30], [10, 1]], weight: 4 },
  { customerClass: 'b2b-tn', day: 6, lines: [[11, 80]], weight: 3 },
  { customerClass: 'b2b-tn', day: 19, lines: [[9, 10], [4, 100]], weight: 3 },
  { customerClass: 'b2c-intra', day: 1, lines: [[6, 12]], weight: 6 },
  { customerClass: 'b2c-intra', day: 4, lines: [[1, 1], [3, 2]], weight: 6 },
  { customerClass: 'b2c-intra', day: 9, lines: [[4, 5]], weight: 5 },
  { customerClass: 'b2c-intra', day: 15, lines: [[9, 1], [6, 6], [4, 10]], weight: 5 },
  { customerClass: 'b2c-intra', day: 22, lines: [[0, 1]], weight: 5 },
  { customerClass: 'b2c-intra', day: 29, lines: [[8, 1]], weight: 3 },
  { customerClass: 'b2c-mh', day: 7, lines: [[1, 2]], weight: 3 },
  { customerClass: 'b2c-dl', day: 18, lines: [[5, 1], [3, 1]], weight: 3 },
  // B2CL: ₹1,16,700 + GST and ₹1,94,500 + GST to consumers in other states.
  { customerClass: 'b2c-mh', day: 13, lines: [[8, 3]], weight: 0.5 },
  { customerClass: 'b2c-dl', day: 27, lines: [[8, 5], [2, 1]], weight: 0.5 },
];

/** The body of POST /invoices for a template, with the org's tax ids by percentage. */
export function invoiceBody(template: TemplateInvoice, customerId: string, stateIso: string, taxIds: ReadonlyMap<number, string>) {
  const date = `${MONTH.first.slice(0, 8)}${String(template.day).padStart(2, '0')}`;
  return {
    customer_id: customerId, date, place_of_supply: stateIso, series_name: SERIES.series_name, auto_approve: true,
    line_items: template.lines.map(([product, quantity]) => {
      const p = PRODUCTS[product]!;
      return { name: p.name, hsn_or_sac: p.hsn, unit: p.unit, quantity, rate: p.rate, tax_id: taxIds.get(p.taxPercentage)! };
    }),
  };
}

/** Which template each copy follows: a fixed cycle of 200 slots shared out by weight, so any count has the mix. */
export function templateCycle(templates: readonly TemplateInvoice[]): number[] {
  const slots = templates.flatMap((t, i) => Array.from({ length: Math.round(t.weight * 2) }, () => i));
  // Interleave, so that a short run already has every kind: slot k goes to position k * stride mod the cycle.
  const stride = 7;
  const cycle = new Array<number>(slots.length);
  slots.forEach((template, k) => {
    let at = (k * stride) % slots.length;
    while (cycle[at] !== undefined) at = (at + 1) % slots.length;
    cycle[at] = template;
  });
  return cycle;
}
