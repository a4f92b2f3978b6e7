import type { Db } from '../../db/database';
import { invalidValue, notFound } from '../../kernel/errors';
import { toRupees } from '../../kernel/money';
import { contactsRepository } from '../contacts';
import { byAccountCode } from './account-order.rules';
import { ledgerRepository as repo } from './ledger.repository';

/**
 * A check that a kind of document agrees with its postings (e.g. every approved invoice's
 * receivable equals its total). Document modules contribute one each; `bahi ledger verify`
 * and the test helper run them all.
 */
export type DocumentLedgerCheck = (db: Db, orgId?: string) => Promise<string[]>;

export function ledgerReports(db: Db, documentChecks: readonly DocumentLedgerCheck[] = []) {
  return {
    /**
     * Every account's debit and credit totals through a date; the two columns must be equal.
     * With a branch, that branch's books (its GSTIN's ledgers) alone, which balance on their own.
     */
    async trialBalance(orgId: string, throughDate: string | null, branchId: string | null = null) {
      if (branchId) await branchOfOrg(db, orgId, branchId);
      const [totals, accounts] = await Promise.all([
        repo.accountTotals(db, orgId, throughDate, branchId),
        db.selectFrom('accounts').select(['account_id', 'account_name', 'account_code', 'account_type']).where('org_id', '=', orgId).execute(),
      ]);
      const byId = new Map(totals.map((t) => [t.account_id, { debit: Number(t.debit), credit: Number(t.credit) }]));
      accounts.sort(byAccountCode);
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
          branch_id: branchId,
          accounts: rows,
          total_debit: toRupees(debit),
          total_credit: toRupees(credit),
          balanced: debit === credit,
        },
      };
    },

    /** Problems in the books: unbalanced entries (in total or in a branch), day balances that disagree with their lines, and documents that disagree with their postings. */
    async verify(orgId?: string): Promise<string[]> {
      const problems = (await repo.unbalancedJournals(db, orgId)).map(
        (j) => `journal ${j.journal_id} of ${j.org_id} does not balance: debits ${j.debit}, credits ${j.credit} (paise)`,
      );
      problems.push(...(await repo.unbalancedBranches(db, orgId)).map(
        (j) => `journal ${j.journal_id} of ${j.org_id} does not balance in branch ${j.branch_id}: debits ${j.debit}, credits ${j.credit} (paise)`,
      ));
      problems.push(...(await repo.balanceMismatches(db, orgId)).map(
        (b) => `the balance of account ${b.account_id} of ${b.org_id} in branch ${b.branch_id} on ${b.entry_date} is debits ${b.kept_debit}, credits ${b.kept_credit}; its lines sum to ${b.line_debit} and ${b.line_credit} (paise)`,
      ));
      for (const check of documentChecks) problems.push(...(await check(db, orgId)));
      return problems;
    },
  };
}

export type LedgerReports = ReturnType<typeof ledgerReports>;

/** A branch of this organisation; another's or an unknown one is 404 on branch_id. */
export async function branchOfOrg(db: Db, orgId: string, branchId: string) {
  const branch = await db.selectFrom('branches').select('branch_id').where('org_id', '=', orgId).where('branch_id', '=', branchId).executeTakeFirst();
  if (!branch) throw notFound('branch', 'branch_id');
  return branch;
}

/**
 * Which party a statement is of: a customer's runs on the receivable-type accounts (receivables
 * and advances from customers) and grows with debits (what they owe us); a vendor's on the
 * payable-type ones (payables and advances to vendors) and grows with credits (what we owe them).
 */
export const STATEMENT_SIDES = {
  customer: { accountType: 'ACCOUNTS_RECEIVABLE', sign: 1 },
  vendor: { accountType: 'ACCOUNTS_PAYABLE', sign: -1 },
} as const;
export type StatementSide = keyof typeof STATEMENT_SIDES;

/**
 * A party's statement: every posting on their side's accounts (customer: invoices, receipts,
 * credit notes, debit notes; vendor: bills, payments made, vendor credits, debit notes; and
 * manual journals naming them) in date order, with a running balance that starts from
 * everything before `from`.
 */
export function partyLedger(db: Db, side: StatementSide) {
  const { accountType, sign } = STATEMENT_SIDES[side];
  return async (orgId: string, contactId: string, from: string | undefined, to: string | undefined) => {
    const contact = await contactsRepository.find(db, orgId, contactId);
    if (!contact) throw notFound('contact', 'contact_id');
    if (from && to && to < from) throw invalidValue('to_date', 'to_date is before from_date');
    const opening = from ? sign * await repo.contactNetBefore(db, orgId, contactId, accountType, from) : 0;
    const lines = await repo.contactLines(db, orgId, contactId, accountType, { from, to });
    let balance = opening;
    const entries = lines.map((l) => {
      balance += sign * (Number(l.debit) - Number(l.credit));
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
      contact_id: contactId, contact_name: contact.contact_name, from_date: from ?? null, to_date: to ?? null,
      opening_balance: toRupees(opening), closing_balance: toRupees(balance), entries,
    };
  };
}
