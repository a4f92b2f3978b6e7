import { mirror, type PostingLine } from '../ledger/ledger.posting';
import type { CreditHeads } from './rule37.rules';

export interface Rule37Accounts { reversed: string; igstInput: string; cgstInput: string; sgstInput: string; cessInput: string }

/**
 * A Rule 37 reversal moves the credit out of the GST input ledgers into *ITC reversed under
 * Rule 37*, where it waits: Dr that ledger, Cr each head's input ledger. The reclaim, once the
 * supplier is paid (Rule 37(2)), is its mirror.
 */
export function rule37Lines(kind: 'REVERSAL' | 'RECLAIM', heads: CreditHeads, accounts: Rule37Accounts): PostingLine[] {
  const total = heads.igst + heads.cgst + heads.sgst + heads.cess;
  const done = kind === 'REVERSAL' ? 'reversed' : 'reclaimed';
  const reversal: PostingLine[] = [
    { accountId: accounts.reversed, debit: total, credit: 0, description: `Credit ${done} under Rule 37` },
    { accountId: accounts.igstInput, debit: 0, credit: heads.igst, description: `IGST credit ${done}` },
    { accountId: accounts.cgstInput, debit: 0, credit: heads.cgst, description: `CGST credit ${done}` },
    { accountId: accounts.sgstInput, debit: 0, credit: heads.sgst, description: `SGST credit ${done}` },
    { accountId: accounts.cessInput, debit: 0, credit: heads.cess, description: `Cess credit ${done}` },
  ];
  return kind === 'REVERSAL' ? reversal : mirror(reversal);
}
