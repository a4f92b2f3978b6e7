import type { NoteSide } from '../documents/notes.rules';
import type { ParentKind } from '../documents/note-bindings.rules';
import type { DocumentNumbering } from '../documents/numbering.rules';

/** Whose a note is, stored as its note_type: a customer's (against invoices) or a vendor's (against bills). */
export type NoteType = 'CUSTOMER' | 'VENDOR';

/** Where a kind of note is stored: its tables and the columns that name it. */
export interface NoteStore {
  notes: 'credit_notes' | 'debit_notes';
  lines: 'credit_note_lines' | 'debit_note_lines';
  applications: 'credit_note_applications' | 'debit_note_applications';
  id: 'credit_note_id' | 'debit_note_id';
  number: 'credit_note_number' | 'debit_note_number';
  /** Its applications can name an invoice (invoice_id, migration 019): only credit notes are applied to invoices. */
  appliesToInvoices: boolean;
}

/**
 * One kind of note, as the one implementation of notes (notes.service.ts) serves it: a credit
 * note (a customer's against invoices, or a vendor's against bills) or a debit note (ours to a
 * customer raising an invoice, CGST s.34(3), or ours to a vendor against bills). Everything the
 * two differ in is here; the use cases are the same.
 */
export type NoteKey = 'credit_note' | 'debit_note';
/** The contact's name in the API: a credit note's customer (the vendor's id on a vendor credit, as the spec has it), a debit note's vendor (the customer's id on a customer debit note, likewise). */
export type PartyOf<K extends NoteKey> = K extends 'credit_note' ? 'customer' : 'vendor';

export interface NoteKind<K extends NoteKey = NoteKey> {
  /** The API's name: `${key}_id`, `${key}_number`, and the answer's key. */
  key: K;
  document: 'credit note' | 'debit note';
  /** The journal's source, the activity's entity type and the events' prefix. */
  source: 'CREDIT_NOTE' | 'DEBIT_NOTE';
  store: NoteStore;
  idPrefix: 'cn' | 'dn';
  applicationPrefix: 'cna' | 'dna';
  /** The request and answer field naming the contact, and its name's answer field. */
  contactKey: `${PartyOf<K>}_id`;
  contactNameKey: `${PartyOf<K>}_name`;
  /** The documents it can correct and be applied to. */
  parents: readonly ParentKind[];
  /**
   * Whose credit it is (spec: "bill_id … its presence selects vendor direction"): a bill makes
   * it a vendor's, an invoice a customer's; with neither, the contact's type decides.
   */
  typeOf(parent: ParentKind | null, contactType: string): NoteType;
  /** How a note of this side is numbered: from the branch's issued series of this type, or a per-organisation counter. */
  numbering(side: NoteSide): 'issued-series' | DocumentNumbering;
  seriesType: 'credit_note' | 'debit_note';
  /**
   * Whether a note of this type raises its party's balance rather than lowering it: a customer
   * debit note charges more on a supply (s.34(3)), so it posts as the invoice does; every other
   * note takes part of a sale or purchase back.
   */
  raises(type: NoteType): boolean;
  /** A note naming a bill is applied to it at creation, as much as the bill still owes (we raise it for that bill). */
  appliedAtCreation: boolean;
  /** Its customer notes carry an IRN (CGST Rule 48(4): e-invoices cover credit and debit notes). */
  einvoice: boolean;
  /** Its events in the webhook catalog: when created, and when voided if the catalog has one. */
  createdEvent: 'CREDIT_NOTE_CREATED' | 'DEBIT_NOTE_CREATED';
  voidedEvent: 'CREDIT_NOTE_VOIDED' | null;
  /** The journal's memo. */
  memo(number: string, contactName: string): string;
}

export const sideOf = (type: string): NoteSide => (type === 'VENDOR' ? 'purchase' : 'sales');

/** A vendor's credit is numbered by the vendor: ours is a reference of our own, from a per-organisation counter. */
export const VENDOR_CREDIT_NUMBERING: DocumentNumbering = { counterKey: 'vendor-credit', prefix: 'VC-' };
export const DEBIT_NOTE_NUMBERING: DocumentNumbering = { counterKey: 'debit-note', prefix: 'DN-' };

export const CREDIT_NOTES: NoteKind<'credit_note'> = {
  key: 'credit_note', document: 'credit note', source: 'CREDIT_NOTE', idPrefix: 'cn', applicationPrefix: 'cna',
  store: { notes: 'credit_notes', lines: 'credit_note_lines', applications: 'credit_note_applications', id: 'credit_note_id', number: 'credit_note_number', appliesToInvoices: true },
  contactKey: 'customer_id', contactNameKey: 'customer_name', parents: ['invoice', 'bill'],
  typeOf: (parent, contactType) => (parent === 'bill' ? 'VENDOR' : parent === 'invoice' ? 'CUSTOMER' : contactType === 'VENDOR' ? 'VENDOR' : 'CUSTOMER'),
  // A vendor's credit is a document received: it never consumes an issued series.
  numbering: (side) => (side === 'sales' ? 'issued-series' : VENDOR_CREDIT_NUMBERING), seriesType: 'credit_note', raises: () => false,
  appliedAtCreation: false, einvoice: true, createdEvent: 'CREDIT_NOTE_CREATED', voidedEvent: 'CREDIT_NOTE_VOIDED',
  memo: (number, contactName) => `Credit note ${number} for ${contactName}`,
};

export const DEBIT_NOTES: NoteKind<'debit_note'> = {
  key: 'debit_note', document: 'debit note', source: 'DEBIT_NOTE', idPrefix: 'dn', applicationPrefix: 'dna',
  store: { notes: 'debit_notes', lines: 'debit_note_lines', applications: 'debit_note_applications', id: 'debit_note_id', number: 'debit_note_number', appliesToInvoices: false },
  contactKey: 'vendor_id', contactNameKey: 'vendor_name', parents: ['invoice', 'bill'],
  // Rule 53(1A) has a customer debit note name the invoice it raises: without one it is a vendor's, as before.
  typeOf: (parent) => (parent === 'invoice' ? 'CUSTOMER' : 'VENDOR'),
  // Ours to a customer is issued (Rule 53(1A)(b): numbered as an invoice is); to a vendor, a reference of our own.
  numbering: (side) => (side === 'sales' ? 'issued-series' : DEBIT_NOTE_NUMBERING), seriesType: 'debit_note', raises: (type) => type === 'CUSTOMER',
  appliedAtCreation: true, einvoice: true, createdEvent: 'DEBIT_NOTE_CREATED', voidedEvent: null,
  memo: (number, contactName) => `Debit note ${number} to ${contactName}`,
};
