import { invalidValue, requiredField } from '../../kernel/errors';
import { roundDiv, toPaise, toRupees } from '../../kernel/money';
import type { LineInput } from './line-amounts.rules';
import type { NoteLineItem } from './notes.schemas';

/**
 * A note that names an invoice or bill corrects that document (s.34 CGST). A line of it is
 * bound or unbound. A bound line names the parent's line it corrects and takes that line's
 * item, HSN, tax and account; it credits either goods (`quantity`, at the parent line's rate
 * and its discount per unit) or taxable value alone (`amount`: a price revision or post-sale
 * discount, s.34(1)), never more than the line still has uncredited across the parent's live
 * notes. An unbound line is the spec's form (`item_id, quantity, rate` or `name, quantity,
 * rate`): priced as any line, at a tax the parent carries and with an HSN (unboundTaxOf,
 * unboundHsnOf). On a tax-inclusive parent the note is priced inclusive too, so `amount` and
 * an unbound line's rate include the tax. Pure: the caller loads the parent's lines and what
 * its notes already credit.
 */

export type ParentKind = 'invoice' | 'bill';

/** What the parent's live notes already credit on one of its lines. */
export interface LineCredited {
  /** Goods credited (quantity lines only), × 1000. */
  quantityMilli: number;
  /** Taxable value credited by every line, goods or value. */
  taxable: number;
}

/** A stored line of the invoice or bill, as a note binds to it (its document_lines columns). */
export interface ParentLine {
  line_item_id: string;
  item_id: string | null;
  name: string;
  description: string | null;
  hsn_or_sac: string | null;
  quantity_milli: number;
  unit: string | null;
  rate: number;
  discount: number;
  tax_id: string | null;
  tax_rate_centi: number;
  /** Compensation cess (migration 045); a caller without it has none. */
  cess_rate_centi?: number;
  cess_per_unit?: number;
  item_total: number;
  account_id: string;
}

/** A note's line resolved from its parent's line, ready for the GST engine (a resolved line, line-items.resolver.ts). */
export interface BoundLine extends LineInput {
  itemId: string | null;
  name: string;
  description: string | null;
  hsnOrSac: string | null;
  unit: string | null;
  taxId: string | null;
  accountId: string;
  parentLineId: string;
  valueOnly: boolean;
}

/** The line fields a bound line may repeat only with the parent line's own value. */
const INHERITED = [
  ['item_id', (p: ParentLine) => p.item_id],
  ['name', (p: ParentLine) => p.name],
  ['unit', (p: ParentLine) => p.unit],
  ['hsn_or_sac', (p: ParentLine) => p.hsn_or_sac],
  ['tax_id', (p: ParentLine) => p.tax_id],
  ['account_id', (p: ParentLine) => p.account_id],
  ['cess_rate', (p: ParentLine) => (p.cess_rate_centi ?? 0) / 100],
  ['cess_per_unit', (p: ParentLine) => toRupees(p.cess_per_unit ?? 0)],
] as const;

const lineIdField = (kind: ParentKind) => `${kind}_line_item_id` as const;
const anA = (kind: ParentKind) => (kind === 'invoice' ? 'an invoice' : 'a bill');

/** The parent's line id a note line names, when it names one (either field). */
export const namedParentLine = (input: NoteLineItem): { field: string; id: string } | null =>
  input.invoice_line_item_id !== undefined ? { field: 'invoice_line_item_id', id: input.invoice_line_item_id }
    : input.bill_line_item_id !== undefined ? { field: 'bill_line_item_id', id: input.bill_line_item_id } : null;

/** A free-form note's lines name no parent line and credit no bare amount: both need a parent. */
export function assertFreeFormLines(inputs: readonly NoteLineItem[]): void {
  inputs.forEach((input, i) => {
    const named = namedParentLine(input);
    if (named) {
      const kind = named.field === 'invoice_line_item_id' ? 'invoice' : 'bill';
      throw invalidValue(`line_items[${i}].${named.field}`, `a line can name ${anA(kind)} line only on a note that names the ${kind} (${kind}_id)`);
    }
    assertUnboundLine(input, i);
  });
}

/** An unbound line is priced as any line: by rate and quantity, never a bare amount. */
function assertUnboundLine(input: NoteLineItem, i: number): void {
  if (input.amount !== undefined) {
    throw invalidValue(`line_items[${i}].amount`, 'amount (taxable value alone) is for a line bound to an invoice or bill line (invoice_line_item_id, bill_line_item_id); an unbound line sends rate and quantity');
  }
}

/**
 * The tax of an unbound line on a note naming its parent: the one it names, which must be a
 * tax of one of the parent's lines (a note corrects that supply, as taxed), else the parent's
 * only one; a parent of several taxes needs it named. 400 on the line's `tax_id`.
 */
export function unboundTaxOf(kind: ParentKind, parentLines: readonly Pick<ParentLine, 'tax_id' | 'tax_rate_centi'>[], taxId: string | null | undefined, i: number): string | null {
  const carried = new Map(parentLines.map((l) => [l.tax_id, l.tax_rate_centi / 100]));
  if (taxId === undefined) {
    if (carried.size === 1) return [...carried.keys()][0]!;
    const rates = [...carried.values()].map((r) => `${r}%`).join(', ');
    throw requiredField(`line_items[${i}].tax_id`, `the ${kind} carries several GST rates (${rates}): a line that names no ${kind} line names its tax_id, one of the ${kind}'s`);
  }
  if (!carried.has(taxId)) throw invalidValue(`line_items[${i}].tax_id`, `a note takes a rate its ${kind} carries; ${taxId ?? 'no tax'} is on none of its lines`, {
    details: { [`${kind}_taxes`]: [...carried].map(([tax_id, tax_percentage]) => ({ tax_id, tax_percentage })) },
  });
  return taxId;
}

/**
 * The HSN or SAC of an unbound line: its own (its item's, else what it sent), else the code of
 * the parent's lines at its tax when they share one, with their unit when they share one too
 * (the line reports in the row it corrects); else 400 on the line's `hsn_or_sac`.
 */
export function unboundHsnOf(
  kind: ParentKind, parentLines: readonly Pick<ParentLine, 'tax_id' | 'hsn_or_sac' | 'unit'>[], taxId: string | null, own: string | null, i: number,
): { hsnOrSac: string; unit?: string } {
  if (own) return { hsnOrSac: own };
  const atRate = parentLines.filter((l) => l.tax_id === taxId);
  const codes = new Set(atRate.map((l) => l.hsn_or_sac));
  const [code] = codes;
  if (codes.size !== 1 || !code) {
    throw requiredField(`line_items[${i}].hsn_or_sac`, `no HSN or SAC for this line: its item has none, it sent none, and the ${kind}'s lines at its rate have no single one to take`);
  }
  const units = new Set(atRate.map((l) => l.unit));
  const [unit] = units;
  return { hsnOrSac: code, ...(units.size === 1 && unit && { unit }) };
}

/**
 * Whether an unbound line takes goods back (GSTR-1's HSN table lowers the quantity) or value
 * alone (it lowers only the value): goods when it names its item and restocks them.
 */
export const unboundValueOnly = (input: Pick<NoteLineItem, 'item_id' | 'restock'>): boolean => !(input.item_id && input.restock === true);

/**
 * The note's lines bound to the parent's lines, null for an unbound line (the caller resolves
 * it: unboundTaxOf, unboundHsnOf); 400 on the first line field at fault. Lines of one note
 * naming the same parent line count against it together. The taxable value is checked once
 * priced (assertTaxableUncredited), as the GST engine takes it.
 */
export function bindNoteLines(
  kind: ParentKind, parentLines: readonly ParentLine[], credited: ReadonlyMap<string, LineCredited>, inputs: readonly NoteLineItem[],
): (BoundLine | null)[] {
  const byId = new Map(parentLines.map((l) => [l.line_item_id, l]));
  const running = new Map<string, number>();
  return inputs.map((input, i) => {
    const at = (field: string) => `line_items[${i}].${field}`;
    const named = namedParentLine(input);
    if (!named) {
      assertUnboundLine(input, i);
      return null;
    }
    if (named.field !== lineIdField(kind)) throw invalidValue(at(named.field), `a note against ${anA(kind)} names ${kind} lines (${lineIdField(kind)})`);
    const parent = byId.get(named.id);
    if (!parent) throw invalidValue(at(named.field), `${named.id} is not a line of this ${kind}`);
    for (const field of ['rate', 'discount'] as const) {
      if (input[field] !== undefined) throw invalidValue(at(field), `a bound line takes the ${kind} line's ${field}; send quantity (goods) or amount (taxable value)`);
    }
    for (const [field, valueOf] of INHERITED) {
      if (input[field] !== undefined && input[field] !== valueOf(parent)) {
        throw invalidValue(at(field), `a bound line takes the ${kind} line's ${field} (${valueOf(parent) ?? 'none'})`, {
          details: { [`${kind}_line_${field}`]: valueOf(parent), tax_percentage: parent.tax_rate_centi / 100 },
        });
      }
    }
    if (input.quantity !== undefined && input.amount !== undefined) throw invalidValue(at('amount'), 'send quantity (goods) or amount (taxable value), not both');
    if (input.quantity === undefined && input.amount === undefined) throw requiredField(at('quantity'), `${at('quantity')} (goods) or ${at('amount')} (taxable value) is required`);

    const doneMilli = running.get(parent.line_item_id) ?? credited.get(parent.line_item_id)?.quantityMilli ?? 0;
    const common = {
      itemId: parent.item_id, name: parent.name, description: input.description ?? parent.description, hsnOrSac: parent.hsn_or_sac,
      unit: parent.unit, taxId: parent.tax_id, taxRateCenti: parent.tax_rate_centi, accountId: parent.account_id, parentLineId: parent.line_item_id,
      // The parent line's cess, in proportion: ad valorem on the value credited, per unit on the goods (docs/rules/gst-supply-and-tax.md, "Compensation cess").
      cessRateCenti: parent.cess_rate_centi, cessPerUnitPaise: parent.cess_per_unit,
    };
    if (input.amount !== undefined) {
      // One unit at the revised amount: no goods move, and the GST engine prices it as any line; a cess per unit follows goods, so only the ad valorem one is credited.
      return { ...common, cessPerUnitPaise: 0, quantityMilli: 1000, ratePaise: toPaise(input.amount), discountPaise: 0, valueOnly: true };
    }
    const quantityMilli = Math.round(input.quantity! * 1000);
    const uncreditedMilli = parent.quantity_milli - doneMilli;
    if (quantityMilli > uncreditedMilli) throw overCredit(at('quantity'), kind, 'quantity', uncreditedMilli / 1000, input.quantity!);
    running.set(parent.line_item_id, doneMilli + quantityMilli);
    return { ...common, quantityMilli, ratePaise: parent.rate, discountPaise: discountShare(parent, doneMilli, quantityMilli), valueOnly: false };
  });
}

/**
 * Each bound line's taxable value, as priced, within what its parent line still has
 * uncredited (its taxable value less every live note's, goods and value lines together);
 * 400 on the line's `amount` or `quantity`.
 */
export function assertTaxableUncredited(
  kind: ParentKind, parentLines: readonly Pick<ParentLine, 'line_item_id' | 'item_total'>[], credited: ReadonlyMap<string, LineCredited>,
  lines: readonly { parentLineId: string | null; valueOnly: boolean }[], taxables: readonly number[],
): void {
  const totalOf = new Map(parentLines.map((l) => [l.line_item_id, l.item_total]));
  const running = new Map<string, number>();
  lines.forEach((line, i) => {
    // An unbound line is held only by the parent's total (assertWithinCreditable).
    if (line.parentLineId === null) return;
    const done = running.get(line.parentLineId) ?? credited.get(line.parentLineId)?.taxable ?? 0;
    const uncredited = (totalOf.get(line.parentLineId) ?? 0) - done;
    const taxable = taxables[i]!;
    if (taxable > uncredited) throw overCredit(`line_items[${i}].${line.valueOnly ? 'amount' : 'quantity'}`, kind, 'taxable value', toRupees(uncredited), toRupees(taxable));
    running.set(line.parentLineId, done + taxable);
  });
}

/**
 * The parent line's discount on `quantityMilli` more units after `beforeMilli` were credited:
 * the difference of the cumulative shares, so crediting every unit takes back exactly the
 * line's discount, however it was split.
 */
export function discountShare(parent: Pick<ParentLine, 'discount' | 'quantity_milli'>, beforeMilli: number, quantityMilli: number): number {
  const upTo = (milli: number) => roundDiv(BigInt(parent.discount) * BigInt(milli), BigInt(parent.quantity_milli));
  return upTo(beforeMilli + quantityMilli) - upTo(beforeMilli);
}

function overCredit(field: string, kind: ParentKind, what: 'quantity' | 'taxable value', uncredited: number, requested: number) {
  return invalidValue(field, `only ${uncredited} of this ${kind} line's ${what} is still uncredited`, {
    details: { [`uncredited_${what.replace(' ', '_')}`]: uncredited, requested },
  });
}

/** s.34: a note follows the supply it corrects, so it cannot predate the invoice or bill. */
export function assertDatedFromParent(kind: ParentKind, noteDate: string, parentDate: string): void {
  if (noteDate < parentDate) throw invalidValue('date', `a note cannot be dated before its ${kind} (${parentDate})`, { details: { [`${kind}_date`]: parentDate } });
}

/** The parent's live notes together never credit more than its total. */
export function assertWithinCreditable(kind: ParentKind, parentTotal: number, alreadyCredited: number, noteTotal: number): void {
  const remaining = Math.max(parentTotal - alreadyCredited, 0);
  if (noteTotal > remaining) {
    throw invalidValue('total', `the note's total ${toRupees(noteTotal)} exceeds the ${toRupees(remaining)} still creditable on this ${kind}`, {
      details: { remaining_creditable: toRupees(remaining), [`${kind}_total`]: toRupees(parentTotal), requested: toRupees(noteTotal) },
    });
  }
}
