import { rupeesText } from '../../kernel/money';

export const PARTY_LEDGER_COLUMNS = ['date', 'source', 'source_id', 'document_number', 'journal_id', 'kind', 'description', 'debit', 'credit', 'balance'] as const;

interface PartyStatement {
  from_date: string | null;
  opening_balance: number;
  entries: readonly {
    date: string; source: string; source_id: string; document_number: string | null; journal_id: string; kind: string;
    description: string | null; debit: number; credit: number; balance: number;
  }[];
}

/** A customer's or vendor's statement as CSV rows: its opening balance, then each entry with the running balance after it. */
export function partyLedgerRows(statement: PartyStatement): Record<string, string>[] {
  return [
    { date: statement.from_date ?? '', description: 'Opening balance', balance: rupeesText(statement.opening_balance) },
    ...statement.entries.map((e) => ({
      date: e.date, source: e.source, source_id: e.source_id, document_number: e.document_number ?? '', journal_id: e.journal_id, kind: e.kind,
      description: e.description ?? '', debit: rupeesText(e.debit), credit: rupeesText(e.credit), balance: rupeesText(e.balance),
    })),
  ];
}
