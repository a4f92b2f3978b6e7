import type { DocumentLineColumns, NoteColumns, NoteLineBinding } from '../../db/schema';
import { isoTimestamp } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import { asDateTime, presentLine, presentTotals } from './documents.presenter';
import { readPartyCopy } from './party-copy';

/**
 * A note's line: a document line, whether the goods move in or out of stock, and the line
 * of the note's invoice or bill it corrects (named by the parent's kind; null on free-form lines).
 */
export const presentNoteLine = (n: Pick<NoteColumns, 'invoice_id'>, l: DocumentLineColumns & NoteLineBinding & { restock: number }) => ({
  ...presentLine(l),
  restock: l.restock === 1,
  invoice_line_item_id: n.invoice_id !== null ? l.parent_line_item_id : null,
  bill_line_item_id: n.invoice_id === null ? l.parent_line_item_id : null,
});

/** The fields credit and debit notes share, as the API shows them; each module adds its id, number and party. */
export function presentNoteColumns(n: NoteColumns & { export_type?: string | null }) {
  return {
    invoice_id: n.invoice_id,
    bill_id: n.bill_id,
    branch_id: n.branch_id,
    date: asDateTime(n.note_date),
    reference_number: n.reference_number,
    place_of_supply: n.place_of_supply,
    gst_treatment: n.gst_treatment,
    party: readPartyCopy(n.party),
    export_type: n.export_type ?? null,
    stock_direction: n.stock_direction,
    currency_code: n.currency_code,
    exchange_rate: n.exchange_rate_micro / 1_000_000,
    ...presentTotals(n),
    applied_amount: toRupees(n.applied_amount),
    balance_amount: toRupees(n.balance_amount),
    status: n.status,
    notes: n.notes,
    created_time: isoTimestamp(new Date(n.created_time)),
    last_modified_time: isoTimestamp(new Date(n.last_modified_time)),
  };
}

/** A live application of a note: what it settles and how much. */
export function presentNoteApplication(a: { application_id: string; invoice_id?: string | null; bill_id: string | null; amount: number }) {
  return { application_id: a.application_id, invoice_id: a.invoice_id ?? null, bill_id: a.bill_id, amount: toRupees(a.amount) };
}
