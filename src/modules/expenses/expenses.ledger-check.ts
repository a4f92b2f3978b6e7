import type { Db } from '../../db/database';
import { ledgerRepository, type DocumentLedgerCheck } from '../ledger';

/**
 * Every expense agrees with its postings: a recorded one took its total out of bank or cash
 * and, under reverse charge, owes its tax on the GST output ledgers; a deleted one nets to
 * nothing on either.
 */
export const expensesLedgerCheck: DocumentLedgerCheck = async (db: Db, orgId?: string) => {
  let query = db.selectFrom('expenses').select(['org_id', 'expense_id', 'reference_number', 'status', 'is_rcm', 'tax_total', 'total']);
  if (orgId) query = query.where('org_id', '=', orgId);
  const [expenses, bank, cash, gstOutput] = await Promise.all([
    query.execute(),
    ledgerRepository.netBySource(db, 'EXPENSE', 'BANK', orgId),
    ledgerRepository.netBySource(db, 'EXPENSE', 'CASH', orgId),
    ledgerRepository.netBySource(db, 'EXPENSE', 'GST_LIABILITY', orgId),
  ]);
  const netOf = (nets: typeof bank) => {
    const map = new Map(nets.map((n) => [`${n.org_id}/${n.source_id}`, Number(n.debit) - Number(n.credit)]));
    return (key: string) => map.get(key) ?? 0;
  };
  const [bankNet, cashNet, outputNet] = [netOf(bank), netOf(cash), netOf(gstOutput)];
  const problems: string[] = [];
  for (const e of expenses) {
    const key = `${e.org_id}/${e.expense_id}`;
    const name = `expense ${e.reference_number ?? ''} (${e.expense_id}, ${e.status})`;
    const live = e.status !== 'DELETED';
    const paid = bankNet(key) + cashNet(key);
    if (paid !== (live ? -e.total : 0)) problems.push(`${name} puts ${paid} paise on bank and cash; expected ${live ? -e.total : 0}`);
    const owed = outputNet(key);
    const expectedOwed = live && e.is_rcm === 1 ? -e.tax_total : 0;
    if (owed !== expectedOwed) problems.push(`${name} puts ${owed} paise on GST output; expected ${expectedOwed}`);
  }
  return problems;
};
