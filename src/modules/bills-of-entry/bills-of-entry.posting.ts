import type { Paise } from '../../kernel/money';
import type { PostingLine } from '../ledger/ledger.posting';

export interface BillOfEntryForPosting {
  goodsAccountId: string;
  paidThroughAccountId: string;
  /** BCD + SWS. */
  duties: Paise;
  igst: Paise;
}

/**
 * A Bill of Entry's entry: Dr the IGST input ledger with the IGST paid at customs, a credit
 * like any other IGST (CGST Rule 36(1)(d)); Dr the goods' account with the customs duties,
 * which are part of their cost and no credit; Cr the account that paid customs with both.
 */
export function billOfEntryLines(boe: BillOfEntryForPosting, accounts: { igstInput: string }): PostingLine[] {
  return [
    { accountId: accounts.igstInput, debit: boe.igst, credit: 0, description: 'IGST paid at customs' },
    { accountId: boe.goodsAccountId, debit: boe.duties, credit: 0, description: 'Customs duty (BCD and SWS)' },
    { accountId: boe.paidThroughAccountId, debit: 0, credit: boe.duties + boe.igst, description: 'Paid to customs' },
  ];
}
