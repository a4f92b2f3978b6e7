import type { Tx } from '../../db/database';
import type { DocumentLineColumns, Flag, NoteLineBinding } from '../../db/schema';
import { invalidValue, notFound } from '../../kernel/errors';
import { orgSettings } from '../../platform/orgs/org-settings';
import { assertHsnDigits, catalogRepository } from '../catalog';
import type { PostingLine } from '../ledger';
import { assertCessLevied } from './cess.rules';
import { assertDocumentConvertible } from './currency.rules';
import { lineColumnsOf } from './line-columns.mapper';
import type { ResolvedLine } from './line-items.resolver';
import { priceLines, priceResolved, resolveOnSide, type PricedLines } from './lines.pricer';
import { noteBindingsRepository } from './note-bindings.repository';
import {
  assertDatedFromParent, assertFreeFormLines, assertTaxableUncredited, assertWithinCreditable, bindNoteLines, unboundHsnOf, unboundTaxOf, unboundValueOnly,
  type BoundLine, type ParentKind, type ParentLine,
} from './note-bindings.rules';
import { noteLines, type NoteAccounts } from './notes.posting';
import { assertParentPosted, type NoteSide } from './notes.rules';
import { assertNoteCanCorrect } from './purchase-tax.rules';
import { chargedLines, owedAmount } from './reverse-charge.rules';
import type { NoteLineItem } from './notes.schemas';
import { resolveParty, type BranchOf, type DocumentParty } from './party.resolver';

/** The invoice or bill a note corrects, as the note needs it. */
export interface NoteParent {
  kind: 'invoice' | 'bill';
  id: string;
  contactId: string;
  status: string;
  branchId: string;
  placeOfSupply: string;
  /** The parent's stored tax routing: the note's tax follows it (s.34 corrects that supply). */
  supplyType: string;
  /** An invoice's export_type (WPAY, WOPAY): its credit notes follow it. A bill has none. */
  exportType?: string | null;
  /** The parent's amounts were entered inclusive of tax: its notes' are too. */
  inclusive: boolean;
  /** Under reverse charge: an invoice's notes follow it (their tax stated, not charged); a bill's are refused (purchase-tax.rules assertNoteCanCorrect). */
  reverseCharge?: boolean;
  /** A bill from an OVERSEAS vendor: its notes are refused too (assertNoteCanCorrect). */
  imported?: boolean;
  date: string;
  total: number;
  currencyCode: string;
  exchangeRateMicro: number;
}

export interface NoteInput {
  contact_id: string;
  /** The request field naming the contact (customer_id on credit notes, vendor_id on debit notes). */
  contactField: string;
  /** The branch that records the note; with a parent, the parent's (another is 400). */
  branch_id?: string;
  /** The note's business date. */
  noteDate: string;
  place_of_supply?: string;
  line_items: readonly NoteLineItem[];
}

export interface PreparedNote {
  party: DocumentParty;
  priced: PricedLines;
  currencyCode: string;
  exchangeRateMicro: number;
  /** A customer credit note's export_type: its invoice's, else its own routing's (an export or SEZ supply); null otherwise. */
  exportType: string | null;
  /** Against an invoice under reverse charge: the note states its tax but takes back the taxable value alone (docs/rules/returns-gstr1-gstr3b.md, "Outward reverse charge"). */
  reverseCharge: boolean;
  /** Per line, the parent's line it is bound to and whether it credits value alone (free-form lines: none). */
  bindings: readonly { parentLineId: string | null; valueOnly: boolean }[];
}

/**
 * What a note is before it is stored: its party, priced lines and currency. With a parent
 * the note is the parent's correction (s.34 CGST): same contact (else 400), a posted parent
 * (else 409), dated on or after it, its branch, place of supply (another one sent is 400),
 * tax routing, currency and rate, and lines bound to the parent's lines or unbound at a tax
 * and HSN of the parent's (note-bindings.rules.ts), its live notes together crediting at most
 * its total. Without one, the contact's place of supply and the default branch decide, in the
 * base currency.
 */
export async function prepareNote(tx: Tx, orgId: string, input: NoteInput, side: NoteSide, parent: NoteParent | null, branchOf: BranchOf): Promise<PreparedNote> {
  if (parent) {
    if (parent.contactId !== input.contact_id) {
      throw invalidValue(`${parent.kind}_id`, `the ${parent.kind} belongs to another contact than ${input.contactField}`, {
        details: { [`${parent.kind}_contact_id`]: parent.contactId },
      });
    }
    assertParentPosted(parent.kind, parent.status);
    if (input.branch_id !== undefined && input.branch_id !== parent.branchId) {
      throw invalidValue('branch_id', `a note is recorded in its ${parent.kind}'s branch (its GSTIN issued or received the ${parent.kind})`, { details: { [`${parent.kind}_branch_id`]: parent.branchId } });
    }
    assertDatedFromParent(parent.kind, input.noteDate, parent.date);
  } else {
    assertFreeFormLines(input.line_items);
  }
  const resolved = await resolveParty(tx, orgId, side === 'sales' ? 'customer' : 'vendor', {
    contact_id: input.contact_id,
    ...((input.place_of_supply ?? parent?.placeOfSupply) !== undefined && { place_of_supply: input.place_of_supply ?? parent!.placeOfSupply }),
    ...((parent?.branchId ?? input.branch_id) !== undefined && { branch_id: parent?.branchId ?? input.branch_id }),
  }, branchOf);
  const { baseCurrency, prefs } = await orgSettings(tx, orgId);
  if (!parent) {
    const priced = await priceLines(tx, orgId, input.line_items, resolved, side);
    // A credit note, issued when created, is held to the HSN preference and Phase III as an invoice is; a bound one copies its invoice's codes.
    if (side === 'sales') assertHsnDigits(priced.lines, prefs.hsnDigits, resolved.contactGstin !== null, input.noteDate);
    assertCessLevied(priced.lines, input.noteDate);
    return {
      party: resolved, priced, currencyCode: baseCurrency,
      exportType: side === 'sales' ? resolved.exportType : null,
      exchangeRateMicro: 1_000_000, reverseCharge: false, bindings: input.line_items.map((l) => ({ parentLineId: null, valueOnly: unboundValueOnly(l) })),
    };
  }
  if (resolved.placeOfSupply !== parent.placeOfSupply) {
    throw invalidValue('place_of_supply', `a note takes its ${parent.kind}'s place of supply (${parent.placeOfSupply})`, { details: { [`${parent.kind}_place_of_supply`]: parent.placeOfSupply } });
  }
  const exportType = parent.exportType ?? null;
  const party: DocumentParty = { ...resolved, supply: parent.supplyType as DocumentParty['supply'], zeroRated: exportType === 'WOPAY' };
  const credited = await noteBindingsRepository.credited(tx, orgId, parent.kind, parent.id);
  const parentLines = await noteBindingsRepository.parentLines(tx, orgId, parent.kind, parent.id);
  const bound = await withUnboundResolved(tx, orgId, parent.kind, parentLines, input.line_items, bindNoteLines(parent.kind, parentLines, credited.lines, input.line_items), side);
  assertNoteCanCorrect(parent, parentLines, bound.map((l) => l.parentLineId), resolved.branchState);
  const priced = priceResolved(bound, { ...party, inclusive: parent.inclusive });
  // The note corrects its parent's supply (s.34), so the cess stands or falls with the parent's date.
  assertCessLevied(bound, parent.date);
  // An unbound line is held to the HSN preference as a free-form note's; a bound one copies its invoice's code.
  if (side === 'sales') assertHsnDigits(bound.filter((l) => l.parentLineId === null), prefs.hsnDigits, resolved.contactGstin !== null, input.noteDate);
  assertTaxableUncredited(parent.kind, parentLines, credited.lines, bound, priced.amounts.lines.map((a) => a.itemTotal));
  const reverseCharge = parent.reverseCharge === true;
  assertWithinCreditable(parent.kind, parent.total, credited.total, owedAmount(priced.amounts.subTotal, priced.amounts.taxTotal, reverseCharge));
  // The note converts at its parent's rate, so the parent is the input that brought it.
  assertDocumentConvertible(priced.amounts, 0, parent.exchangeRateMicro, `${parent.kind}_id`);
  return {
    party, priced, currencyCode: parent.currencyCode, exchangeRateMicro: parent.exchangeRateMicro, exportType, reverseCharge,
    bindings: bound.map((l) => ({ parentLineId: l.parentLineId, valueOnly: l.valueOnly })),
  };
}

/** A note's line on a parent, bound to one of its lines or not (parentLineId null). */
type NoteLine = ResolvedLine & Pick<BoundLine, 'valueOnly'> & { parentLineId: string | null };

/**
 * The bound lines as bindNoteLines made them, and each unbound one (null there) resolved as any
 * line, at the tax and HSN the parent gives it (unboundTaxOf, unboundHsnOf): the item's HSN
 * first, then the line's own, then the parent's at its tax.
 */
async function withUnboundResolved(
  tx: Tx, orgId: string, kind: ParentKind, parentLines: readonly ParentLine[],
  inputs: readonly NoteLineItem[], bound: readonly (BoundLine | null)[], side: NoteSide,
): Promise<NoteLine[]> {
  const positions = bound.flatMap((l, i) => (l === null ? [i] : []));
  const unbound: NoteLineItem[] = [];
  for (const i of positions) {
    const input = inputs[i]!;
    const item = input.item_id ? await catalogRepository.item(tx, orgId, input.item_id) : undefined;
    if (input.item_id && !item) throw notFound('item', `line_items[${i}].item_id`);
    const taxId = unboundTaxOf(kind, parentLines, input.tax_id, i);
    const code = unboundHsnOf(kind, parentLines, taxId, item?.hsn_sac ?? input.hsn_or_sac ?? null, i);
    unbound.push({ ...input, tax_id: taxId, hsn_or_sac: code.hsnOrSac, ...(input.unit === undefined && !item?.unit && code.unit && { unit: code.unit }) });
  }
  const resolved = positions.length === 0 ? [] : await resolveOnSide(tx, orgId, unbound, side, positions);
  return bound.map((line, i) => {
    if (line) return line;
    const k = positions.indexOf(i);
    return { ...resolved[k]!, parentLineId: null, valueOnly: unboundValueOnly(inputs[i]!) };
  });
}

/** The stored line columns of a prepared note, each with its restock flag and its binding to the parent's line. */
export function noteLineColumnsOf(prepared: PreparedNote, inputs: readonly NoteLineItem[], nextLineId: () => string): (DocumentLineColumns & NoteLineBinding & { position: number; restock: Flag })[] {
  return lineColumnsOf(prepared.priced, nextLineId).map((l, position) => ({
    ...l, position, restock: inputs[position]?.restock ? 1 : 0,
    parent_line_item_id: prepared.bindings[position]?.parentLineId ?? null, value_only: prepared.bindings[position]?.valueOnly ? 1 : 0,
  }));
}

/** The journal lines of a note (see noteLines), with the organisation's control and GST accounts; under reverse charge without the tax, which was never charged. */
export async function noteJournalLines(
  tx: Tx, orgId: string, side: NoteSide,
  note: { contact_id: string; exchange_rate_micro: number }, lines: readonly DocumentLineColumns[], reverseCharge: boolean,
): Promise<PostingLine[]> {
  const key = (k: string) => catalogRepository.systemAccountId(tx, orgId, k);
  const gst = side === 'sales' ? 'output' : 'input';
  const accounts: NoteAccounts = {
    party: await key(side === 'sales' ? 'accounts_receivable' : 'accounts_payable'),
    cgst: await key(`cgst_${gst}`), sgst: await key(`sgst_${gst}`), igst: await key(`igst_${gst}`), cess: await key(`cess_${gst}`),
  };
  return noteLines({
    contactId: note.contact_id, exchangeRateMicro: note.exchange_rate_micro,
    lines: chargedLines(lines.map((l) => ({ accountId: l.account_id, itemTotal: l.item_total, cgst: l.cgst, sgst: l.sgst, igst: l.igst, cess: l.cess, name: l.name })), reverseCharge),
  }, accounts, side);
}
