import type { Db } from '../../db/database';
import { balanceProblem, openInBase } from '../documents';
import { ledgerRepository, type DocumentLedgerCheck } from '../ledger';
import { openingItem } from '../opening-balances';

/** Every bill agrees with its postings: an approved bill's total sits on payables; a draft or void one nets to nothing. */
export const billsLedgerCheck: DocumentLedgerCheck = async (db: Db, orgId?: string) => {
  let query = db.selectFrom('bills').select([openingItem('bills.org_id', 'bills.bill_id').as('opening'), 'org_id', 'bill_id', 'bill_number', 'status', 'total', 'exchange_rate_micro', 'balance', 'payment_made', 'vendor_credits_applied']);
  if (orgId) query = query.where('org_id', '=', orgId);
  const [bills, nets] = await Promise.all([query.execute(), ledgerRepository.netBySource(db, 'BILL', 'ACCOUNTS_PAYABLE', orgId)]);
  const netOf = new Map(nets.map((n) => [`${n.org_id}/${n.source_id}`, Number(n.credit) - Number(n.debit)]));
  return bills.flatMap((bill) => {
    // An opening item posts nothing of its own: the opening entry carries it (docs/rules/opening-balances.md, "The opening entry").
    const expected = bill.status === 'DRAFT' || bill.status === 'CANCELLED' || Boolean(bill.opening) ? 0 : openInBase(bill.total, bill.exchange_rate_micro);
    const posted = netOf.get(`${bill.org_id}/${bill.bill_id}`) ?? 0;
    const balance = balanceProblem({ status: bill.status, total: bill.total, balance: bill.balance, paid: bill.payment_made, credited: bill.vendor_credits_applied });
    return [
      ...(posted === expected ? [] : [`bill ${bill.bill_number} (${bill.bill_id}, ${bill.status}) puts ${posted} paise on payables; expected ${expected}`]),
      ...(balance ? [`bill ${bill.bill_number} (${bill.bill_id}) ${balance}`] : []),
    ];
  });
};
