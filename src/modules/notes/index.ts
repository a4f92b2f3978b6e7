export { notesService, newNoteRow, type NotesService, type CreateNoteInput } from './notes.service';
export { notesLedgerCheck } from './notes.ledger-check';
export { CREDIT_NOTES, DEBIT_NOTES, type NoteKind } from './note-kinds';
