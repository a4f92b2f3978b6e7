import { gstinCheckCharacter } from '../../src/kernel/gst/gstin';
import type { ApiClient } from '../api-client';
import type { BulkTarget } from './bulk-target';
import { rebuildDayBalances } from './day-balances';
import { MONTH } from './invoice-mix';
import { readBundle, writeCopies, type Bundle, type BundlePart } from './template-clone';

/**
 * The bulk loader of a month's inward bills for the GSTR-2B reconciliation benchmark: N approved
 * bills in October 2026 from 200 registered vendors (120 in Karnataka, intra-state; 80 in
 * Maharashtra, inter-state), each numbered with its vendor's own invoice number (so no counter of
 * ours moves). Each kind of bill is made once per class of vendor through the API, so the service
 * decides every row; the rest are copies of what those creations wrote (bill, lines, journal and
 * its lines, activity, outbox event) with fresh ids, the plan's number, vendor and date, written
 * in multi-row inserts in one transaction that ends by summing the day balances from the lines.
 */

export interface Vendor { id: string; name: string; gstin: string; cls: number }

/** Vendor classes: all of a class share one address, so a copy that swaps its vendor keeps the template's party otherwise. */
const VENDOR_CLASSES = [
  { name: 'ka', gstState: '29', stateIso: 'IN-KA', count: 120, address: { address: '14, 2nd Cross, Peenya', city: 'Bengaluru', zip: '560058' } },
  { name: 'mh', gstState: '27', stateIso: 'IN-MH', count: 80, address: { address: 'Plot 7, MIDC Bhosari', city: 'Pune', zip: '411026' } },
];

interface Line { name: string; hsn: string; rate: number; quantity: number; taxPercentage: number }
/** Kinds of bill; the last only for bills no 2B reports (an amount no other bill has, so the matcher suggests nothing for it). */
const BILL_KINDS: Line[][] = [
  [{ name: 'Steel sheet', hsn: '7208', rate: 10_000, quantity: 1, taxPercentage: 18 }],
  [{ name: 'Packing material', hsn: '4819', rate: 310.75, quantity: 12, taxPercentage: 12 }, { name: 'Freight', hsn: '996511', rate: 2_450, quantity: 1, taxPercentage: 18 }],
  [{ name: 'Spare parts', hsn: '8483', rate: 7_777, quantity: 1, taxPercentage: 18 }],
];
const UNREPORTED_KIND = BILL_KINDS.length - 1;

/** What the reconciliation must find of bill b, by b % 100: 3 not in 2B, 2 mismatched, 2 suggested, 3 numbered otherwise in 2B, 90 matched. */
export type BillRole = 'matched' | 'renumbered' | 'mismatched' | 'suggested' | 'missing_in_2b';
const roleOf = (b: number): BillRole => {
  const r = b % 100;
  return r < 3 ? 'missing_in_2b' : r < 5 ? 'mismatched' : r < 7 ? 'suggested' : r < 10 ? 'renumbered' : 'matched';
};

export interface PlannedBill { index: number; vendor: Vendor; kind: number; number: string; date: string; role: BillRole }
/** One due date for all, after the benchmark's run: a copy's status (open, overdue) is its template's whatever the day it runs. */
const DUE_DATE = '2099-12-31';

const padded = (n: number, width: number) => String(n).padStart(width, '0');
const dayOf = (first: string, days: number) => new Date(Date.parse(`${first}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The i-th vendor of a class's GSTIN: a firm's PAN-shaped middle and its check character. */
function vendorGstin(gstState: string, i: number): string {
  const first14 = `${gstState}AAAFV${padded(i, 4)}K1Z`;
  return first14 + gstinCheckCharacter(first14)!;
}

/** Bill b of the month: its vendor (a stride prime to 200, so each gets its share), kind, the vendor's number and date. */
export function planBill(b: number, vendors: readonly Vendor[]): PlannedBill {
  const vendor = vendors[(b * 7919) % vendors.length]!;
  const role = roleOf(b);
  const date = dayOf(MONTH.first, b % MONTH.days);
  return { index: b, vendor, kind: role === 'missing_in_2b' ? UNREPORTED_KIND : b % UNREPORTED_KIND, number: `PB-${padded(b + 1, 6)}`, date, role };
}

export async function createVendors(api: ApiClient, runId: string): Promise<Vendor[]> {
  const vendors: Vendor[] = [];
  for (const [c, cls] of VENDOR_CLASSES.entries()) {
    // A few at a time: set-up, not measured.
    for (let i = 0; i < cls.count; i += 16) {
      vendors.push(...(await Promise.all(Array.from({ length: Math.min(16, cls.count - i) }, async (_, k) => {
        const name = `Bench vendor ${cls.name} ${padded(i + k, 4)}`;
        const gstin = vendorGstin(cls.gstState, i + k + 1);
        const { contact } = await api.call<{ contact: { contact_id: string } }>('POST', '/contacts', {
          contact_name: name, contact_type: 'VENDOR', gst_no: gstin, billing_address: { ...cls.address, state_code: cls.stateIso, country: 'India' },
        }, { 'idempotency-key': `itc-vendor-${runId}-${c}-${i + k}` });
        return { id: contact.contact_id, name, gstin, cls: c };
      }))));
    }
  }
  return vendors;
}

export interface BillTemplate { plan: PlannedBill; id: string }

/** Through the API: the first bill of the plan of each class of vendor and kind, as the plan says. */
export async function createBillTemplates(api: ApiClient, runId: string, vendors: readonly Vendor[], total: number): Promise<BillTemplate[]> {
  const { taxes } = await api.call<{ taxes: { tax_id: string; tax_percentage: number }[] }>('GET', '/taxes');
  const taxId = (percentage: number) => taxes.find((t) => t.tax_percentage === percentage)!.tax_id;
  const templates: BillTemplate[] = [];
  const seen = new Set<string>();
  for (let b = 0; b < total && seen.size < VENDOR_CLASSES.length * BILL_KINDS.length; b++) {
    const plan = planBill(b, vendors);
    const key = `${plan.vendor.cls}:${plan.kind}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const { bill } = await api.call<{ bill: { bill_id: string } }>('POST', '/bills', {
      vendor_id: plan.vendor.id, bill_number: plan.number, date: plan.date, due_date: DUE_DATE, place_of_supply: 'IN-KA', auto_approve: true,
      line_items: BILL_KINDS[plan.kind]!.map((l) => ({ name: l.name, hsn_or_sac: l.hsn, rate: l.rate, quantity: l.quantity, tax_id: taxId(l.taxPercentage) })),
    }, { 'idempotency-key': `itc-bill-${runId}-${key}` });
    templates.push({ plan, id: bill.bill_id });
  }
  return templates;
}

/** The ids found so far in `tables`. */
const idsOf = (found: ReadonlyMap<string, string[]>, ...tables: string[]) => tables.flatMap((t) => found.get(t) ?? []);

const BILL_PARTS: BundlePart[] = [
  { table: 'bills', idColumn: 'bill_id', where: 'bill_id IN (?)', param: (id) => [id] },
  { table: 'bill_lines', idColumn: 'line_item_id', where: 'bill_id IN (?)', param: (id) => [id] },
  { table: 'journals', idColumn: 'journal_id', where: 'source_id IN (?)', param: (_, found) => idsOf(found, 'bills') },
  { table: 'journal_lines', idColumn: 'line_id', where: 'journal_id IN (?)', param: (_, found) => idsOf(found, 'journals') },
  { table: 'activity', idColumn: 'event_id', where: 'entity_id IN (?)', param: (_, found) => idsOf(found, 'bills') },
  // Events name their bill in the payload (published already: the copies are not delivered again).
  { table: 'outbox_events', idColumn: 'event_id', where: 'CAST(payload AS TEXT) LIKE (?)', param: (_, found) => idsOf(found, 'bills').map((id) => `%"${id}"%`) },
];

const tokensOf = (p: PlannedBill) => [p.number, p.vendor.id, p.vendor.name, p.vendor.gstin, p.date];

export interface BillSample { templateId: string; collection: 'bills'; values: Map<string, string> }

/**
 * Straight into the database (no server writing meanwhile): the plan's bills 0 … total − 1 that
 * are not templates; returns the values of a few copies, for checking.
 */
export async function copyBills(target: BulkTarget, orgId: string, vendors: readonly Vendor[], templates: readonly BillTemplate[], total: number): Promise<BillSample[]> {
  const bundles: Bundle[] = [];
  for (const t of templates) bundles.push(await readBundle(target, BILL_PARTS, t.id, tokensOf(t.plan)));
  const bundleOf = new Map(templates.map((t, i) => [`${t.plan.vendor.cls}:${t.plan.kind}`, i]));
  const bundleOfPlan = (plan: PlannedBill) => bundleOf.get(`${plan.vendor.cls}:${plan.kind}`)!;
  const made = new Set(templates.map((t) => t.plan.index));
  const copies: number[] = [];
  for (let b = 0; b < total; b++) if (!made.has(b)) copies.push(b);
  const sample = new Set([0, Math.floor(copies.length / 2), copies.length - 1]);
  const samples: BillSample[] = [];
  await target.transaction(async () => {
    await writeCopies(target, bundles, copies.length, (i) => {
      const plan = planBill(copies[i]!, vendors);
      const bundle = bundleOfPlan(plan);
      const theirs = tokensOf(plan);
      return { bundle, values: new Map(tokensOf(templates[bundle]!.plan).map((token, k) => [token, theirs[k]!])) };
    }, { onCopy: (i, values) => { if (sample.has(i)) samples.push({ templateId: templates[bundleOfPlan(planBill(copies[i]!, vendors))]!.id, collection: 'bills', values: new Map(values) }); } });
    await rebuildDayBalances(target, orgId);
  });
  await target.settle();
  return samples;
}
