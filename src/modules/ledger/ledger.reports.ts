import type { Db } from '../../db/database';
import { invalidValue, notFound } from '../../kernel/errors';
import { toRupees } from '../../kernel/money';
import { contactsRepository } from '../contacts';
import { ledgerRepository as repo } from './ledger.repository';

/**
 * A check that a kind of document agrees with its postings (e.g. every approved invoice's
 * receivable equals its total). Document modules contribute one each; `bahi ledger verify`
 * and the test helper run them all.
 */
export type DocumentLedgerCheck = (db: Db, orgId?: string) => Promise<string[]>;

export function ledgerReports(db: Db, documentChecks: readonly DocumentLedgerCheck[] = []) {
  return {
    /** Every account's debit and credit totals through a date; the two columns must be equal. */
    async trialBalance(orgId: string, throughDate: string | null) {
      const [totals, accounts] = await Promise.all([
        repo.accountTotals(db, orgId, throughDate),
        db.selectFrom('accounts').select(['account_id', 'account_name', 'account_code', 'account_type']).where('org_id', '=', orgId).execute(),
      ]);
      const byId = new Map(totals.map((t) => [t.account_id, { debit: Number(t.debit), credit: Number(t.credit) }]));
      let debit = 0;
      let credit = 0;
      const rows = accounts.filter((a) => byId.has(a.account_id)).map((a) => {
        const t = byId.get(a.account_id)!;
        debit += t.debit;
        credit += t.credit;
        const net = t.debit - t.credit;
        return {
          ...a,
          debit: toRupees(t.debit),
          credit: toRupees(t.credit),
          balance: toRupees(Math.abs(net)),
          balance_side: net >= 0 ? 'DEBIT' : 'CREDIT',
        };
      });
      return {
        trial_balance: {
          date: throughDate,
          accounts: rows,
          total_debit: toRupees(debit),
          total_credit: toRupees(credit),
          balanced: debit === credit,
        },
      };
    },

    /** Problems in the books: unbalanced entries and documents that disagree with their postings. */
    async verify(orgId?: string): Promise<string[]> {
      const problems = (await repo.unbalancedJournals(db, orgId)).map(
        (j) => `journal ${j.journal_id} of ${j.org_id} does not balance: debits ${j.debit}, credits ${j.credit} (paise)`,
      );
      for (const check of documentChecks) problems.push(...(await check(db, orgId)));
      return problems;
    },
  };
}

export type LedgerReports = ReturnType<typeof ledgerReports>;

/**
 * A customer's statement: every posting on their receivable accounts (invoices, receipts,
 * credit notes, debit notes, manual journals naming them) in date order, with a running
 * balance that starts from everything before `from`.
 */
export function customerLedger(db: Db) {
  return async (orgId: string, contactId: string, from: string | undefined, to: string | undefined) => {
    const contact = await contactsRepository.find(db, orgId, contactId);
    if (!contact) throw notFound('contact', 'contact_id');
    if (from && to && to < from) throw invalidValue('to_date', 'to_date is before from_date');
    const opening = from ? await repo.contactReceivableNetBefore(db, orgId, contactId, from) : 0;
    const lines = await repo.contactReceivableLines(db, orgId, contactId, { from, to });
    let balance = opening;
    const entries = lines.map((l) => {
      balance += Number(l.debit) - Number(l.credit);
      return {
        date: l.entry_date,
        source: l.source,
        source_id: l.source_id,
        document_number: l.source_ref,
        journal_id: l.journal_id,
        kind: l.kind,
        description: l.memo ?? l.description,
        debit: toRupees(Number(l.debit)),
        credit: toRupees(Number(l.credit)),
        balance: toRupees(balance),
      };
    });
    return {
      customer_ledger: {
        contact_id: contactId, contact_name: contact.contact_name, from_date: from ?? null, to_date: to ?? null,
        opening_balance: toRupees(opening), closing_balance: toRupees(balance), entries,
      },
    };
  };
}
