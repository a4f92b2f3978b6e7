import type { Db } from '../../db/database';
import { balanceProblem, openInBase } from '../documents';
import { ledgerRepository, type DocumentLedgerCheck } from '../ledger';
import { openingItem } from '../opening-balances';

/**
 * Every invoice agrees with its postings: an approved invoice's entries put its total (in the
 * base currency) on receivables; a draft or a voided one nets to nothing there.
 */
export const invoicesLedgerCheck: DocumentLedgerCheck = async (db: Db, orgId?: string) => {
  let query = db.selectFrom('invoices').select([openingItem('invoices.org_id', 'invoices.invoice_id').as('opening'), 'org_id', 'invoice_id', 'invoice_number', 'status', 'total', 'exchange_rate_micro', 'balance', 'payment_made', 'credits_applied']);
  if (orgId) query = query.where('org_id', '=', orgId);
  const [invoices, nets] = await Promise.all([query.execute(), ledgerRepository.netBySource(db, 'INVOICE', 'ACCOUNTS_RECEIVABLE', orgId)]);
  const netOf = new Map(nets.map((n) => [`${n.org_id}/${n.source_id}`, Number(n.debit) - Number(n.credit)]));
  const problems: string[] = [];
  for (const invoice of invoices) {
    // An opening item posts nothing of its own: the opening entry carries it (docs/rules/opening-balances.md, "The opening entry").
    const expected = invoice.status === 'DRAFT' || invoice.status === 'CANCELLED' || Boolean(invoice.opening) ? 0 : openInBase(invoice.total, invoice.exchange_rate_micro);
    const posted = netOf.get(`${invoice.org_id}/${invoice.invoice_id}`) ?? 0;
    if (posted !== expected) {
      problems.push(`invoice ${invoice.invoice_number} (${invoice.invoice_id}, ${invoice.status}) puts ${posted} paise on receivables; expected ${expected}`);
    }
    const balance = balanceProblem({ status: invoice.status, total: invoice.total, balance: invoice.balance, paid: invoice.payment_made, credited: invoice.credits_applied });
    if (balance) problems.push(`invoice ${invoice.invoice_number} (${invoice.invoice_id}) ${balance}`);
  }
  return problems;
};
