import type { Tx } from '../../db/database';
import type { DocumentLineColumns } from '../../db/schema';
import { invalidValue } from '../../kernel/errors';
import { orgSettings } from '../../platform/orgs/org-settings';
import { catalogRepository } from '../catalog';
import type { PostingLine } from '../ledger';
import { assertDocumentConvertible } from './currency.rules';
import { lineColumnsOf } from './line-columns.mapper';
import { priceLines, type PricedLines } from './lines.pricer';
import { noteLines, type NoteAccounts } from './notes.posting';
import { assertParentPosted, type NoteSide } from './notes.rules';
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
  currencyCode: string;
  exchangeRateMicro: number;
}

export interface NoteInput {
  contact_id: string;
  /** The request field naming the contact (customer_id on credit notes, vendor_id on debit notes). */
  contactField: string;
  place_of_supply?: string;
  line_items: readonly NoteLineItem[];
}

export interface PreparedNote {
  party: DocumentParty;
  priced: PricedLines;
  currencyCode: string;
  exchangeRateMicro: number;
}

/**
 * What a note is before it is stored: its party, priced lines and currency. With a parent
 * the note is the parent's correction: same contact (else 400), a posted parent (else 409),
 * and its branch, place of supply (unless one is sent), currency and rate, so the GST split
 * and the amounts mirror the original. Without one, the contact's place_of_contact and the
 * default branch decide, in the base currency.
 */
export async function prepareNote(tx: Tx, orgId: string, input: NoteInput, side: NoteSide, parent: NoteParent | null, branchOf: BranchOf): Promise<PreparedNote> {
  if (parent) {
    if (parent.contactId !== input.contact_id) {
      throw invalidValue(`${parent.kind}_id`, `the ${parent.kind} belongs to another contact than ${input.contactField}`, {
        details: { [`${parent.kind}_contact_id`]: parent.contactId },
      });
    }
    assertParentPosted(parent.kind, parent.status);
  }
  const party = await resolveParty(tx, orgId, side === 'sales' ? 'customer' : 'vendor', {
    contact_id: input.contact_id,
    ...((input.place_of_supply ?? parent?.placeOfSupply) !== undefined && { place_of_supply: input.place_of_supply ?? parent!.placeOfSupply }),
    ...(parent && { branch_id: parent.branchId }),
  }, branchOf);
  const priced = await priceLines(tx, orgId, input.line_items, party.supply, side);
  const { baseCurrency } = await orgSettings(tx, orgId);
  // The note converts at its parent's rate, so the parent is the input that brought it.
  if (parent) assertDocumentConvertible(priced.amounts, 0, parent.exchangeRateMicro, `${parent.kind}_id`);
  return { party, priced, currencyCode: parent?.currencyCode ?? baseCurrency, exchangeRateMicro: parent?.exchangeRateMicro ?? 1_000_000 };
}

/** The stored line columns of a prepared note, each with its restock flag. */
export function noteLineColumnsOf(prepared: PreparedNote, inputs: readonly NoteLineItem[], nextLineId: () => string): (DocumentLineColumns & { position: number; restock: 0 | 1 })[] {
  return lineColumnsOf(prepared.priced, nextLineId).map((l, position) => ({ ...l, position, restock: inputs[position]?.restock ? 1 : 0 }));
}

/** The journal lines of a note (see noteLines), with the organisation's control and GST accounts. */
export async function noteJournalLines(
  tx: Tx, orgId: string, side: NoteSide,
  note: { contact_id: string; exchange_rate_micro: number }, lines: readonly DocumentLineColumns[],
): Promise<PostingLine[]> {
  const key = (k: string) => catalogRepository.systemAccountId(tx, orgId, k);
  const gst = side === 'sales' ? 'output' : 'input';
  const accounts: NoteAccounts = {
    party: await key(side === 'sales' ? 'accounts_receivable' : 'accounts_payable'),
    cgst: await key(`cgst_${gst}`), sgst: await key(`sgst_${gst}`), igst: await key(`igst_${gst}`),
  };
  return noteLines({
    contactId: note.contact_id, exchangeRateMicro: note.exchange_rate_micro,
    lines: lines.map((l) => ({ accountId: l.account_id, itemTotal: l.item_total, cgst: l.cgst, sgst: l.sgst, igst: l.igst, name: l.name })),
  }, accounts, side);
}
