import type { DocumentNumbering } from '../documents/numbering.rules';

export const DEBIT_NOTE_NUMBERING: DocumentNumbering = { counterKey: 'debit-note', prefix: 'DN-' };
