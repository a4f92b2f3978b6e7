import type { Db, Tx } from '../../db/database';
import { invalidValue } from '../../kernel/errors';
import { addDays, type LocalDate } from '../../kernel/local-date';
import { toRupees, type Paise } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertDocumentDate } from '../../platform/orgs/period-lock';
import { catalogRepository } from '../catalog';
import { readPartyCopy } from '../documents';
import { branchesOfGstin } from '../gst-reports';
import type { LedgerService } from '../ledger';
import { rule37Lines, type Rule37Accounts } from './itc-reversals.posting';
import { itcReversalsRepository as repo, type ItcReversalRow, type Rule37BillRow } from './itc-reversals.repository';
import type { ItcReversalsQuery, PostItcReversalsBody } from './itc-reversals.schemas';
import { creditOfBill, pansOf, standingReversals, sumHeads } from './rule37-bills.rules';
import { DAYS_TO_PAY, INTEREST_BASIS, returnPeriodOf, rule37Reversal, type CreditHeads } from './rule37.rules';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity'> & { ledger: Pick<LedgerService, 'post'> };

/** Bills whose entry stands: a reversal of a bill voided since is not taken again by paying it. */
const POSTED_BILL_STATUSES = ['OPEN', 'PARTIALLY_PAID', 'PAID'];

const rupeesOf = (h: CreditHeads) => ({ igst: toRupees(h.igst), cgst: toRupees(h.cgst), sgst: toRupees(h.sgst), cess: toRupees(h.cess) });
const billOf = (b: Rule37BillRow) => ({ bill_id: b.bill_id, bill_number: b.bill_number, vendor_id: b.vendor_id, vendor_name: b.vendor_name, bill_date: b.bill_date });

interface Asked { orgId: string; gstin: string; asOf: LocalDate; quarterly: boolean; reclaimDate: LocalDate }

/**
 * Rule 37 (docs/rules/itc-reconciliation.md, "Rule 37: pay within 180 days"): the bills of a
 * GSTIN whose credit is to be given back on a day, or taken again, and the journals that do it.
 */
export function itcReversalsService(deps: Deps) {
  const db = deps.database.db;

  /** What is due on `asOf`: bills unpaid 180 days after their date without a reversal that stands, and reversed bills now paid. */
  async function due(reader: Db | Tx, asked: Asked) {
    const { orgId, asOf } = asked;
    const { gstin, branches } = await branchesOfGstin(reader, orgId, asked.gstin);
    const later = await repo.appliedAfter(reader, orgId, asOf);
    const unpaidOf = (b: Rule37BillRow): Paise => Number(b.balance) + (later.get(b.bill_id) ?? 0);
    const [open, rows, gstins] = await Promise.all([
      repo.openBills(reader, orgId, branches, addDays(asOf, -DAYS_TO_PAY), [...later.keys()]), repo.rows(reader, orgId), repo.ownGstins(reader, orgId),
    ]);
    const standing = standingReversals(rows);
    const candidates = open.filter((b) => !standing.has(b.bill_id));
    const linesByBill = new Map<string, Awaited<ReturnType<typeof repo.lines>>>();
    for (const line of await repo.lines(reader, orgId, candidates.map((b) => b.bill_id))) linesByBill.set(line.bill_id, [...(linesByBill.get(line.bill_id) ?? []), line]);
    const ownPans = pansOf(gstins);
    const toReverse = candidates.flatMap((b) => {
      const credit = creditOfBill({ ...b, vendorGstin: readPartyCopy(b.party)?.gstin ?? null }, linesByBill.get(b.bill_id) ?? [], ownPans);
      const unpaid = unpaidOf(b);
      const reversal = rule37Reversal({ billDate: b.bill_date, total: Number(b.total), unpaid, credit }, asOf, asked.quarterly);
      return reversal ? [{ bill: b, credit, unpaid, ...reversal }] : [];
    });
    const reversedBills = await repo.bills(reader, orgId, branches, [...standing.keys()]);
    const toReclaim = reversedBills.filter((b) => POSTED_BILL_STATUSES.includes(b.status) && unpaidOf(b) <= 0).map((b) => ({
      bill: b, ...standing.get(b.bill_id)!, period: returnPeriodOf(asked.reclaimDate, asked.quarterly),
    }));
    return { gstin, toReverse, toReclaim };
  }

  async function accountsOf(tx: Tx, orgId: string): Promise<Rule37Accounts> {
    const key = (k: string) => catalogRepository.systemAccountId(tx, orgId, k);
    return { reversed: await key('itc_reversed_rule37'), igstInput: await key('igst_input'), cgstInput: await key('cgst_input'), sgstInput: await key('sgst_input'), cessInput: await key('cess_input') };
  }

  /** One reversal or reclaim: its journal, its row and the bill's activity, in the caller's transaction. */
  async function record(tx: Tx, ctx: RequestContext, what: { kind: 'REVERSAL' | 'RECLAIM'; bill: Rule37BillRow; heads: CreditHeads; period: string; interest: Paise; date: LocalDate }, accounts: Rule37Accounts) {
    const { kind, bill, heads } = what;
    const id = deps.ids.next('itr');
    const journal = await deps.ledger.post(tx, ctx, {
      date: what.date, source: 'ITC_REVERSAL', sourceId: id, sourceVersion: 1, sourceRef: bill.bill_number, contactId: bill.vendor_id, branchId: bill.branch_id,
      memo: kind === 'REVERSAL' ? `Rule 37: credit of bill ${bill.bill_number} reversed, unpaid 180 days after ${bill.bill_date}` : `Rule 37: credit of bill ${bill.bill_number} reclaimed, paid`,
      lines: rule37Lines(kind, heads, accounts),
    }, { newSource: true });
    const row: ItcReversalRow = {
      org_id: ctx.orgId, itc_reversal_id: id, bill_id: bill.bill_id, kind, reversal_date: what.date, period: what.period, ...heads,
      interest: what.interest, journal_id: journal.journal_id, created_time: deps.clock.now().toISOString(),
    };
    await repo.insert(tx, row);
    await deps.activity.record(tx, ctx, {
      entityType: 'BILL', entityId: bill.bill_id, entityRef: bill.bill_number, verb: kind === 'REVERSAL' ? 'ITC_REVERSED' : 'ITC_RECLAIMED',
      metadata: { itc_reversal_id: id, journal_id: journal.journal_id, period: what.period },
    });
    return {
      itc_reversal_id: id, bill_id: bill.bill_id, bill_number: bill.bill_number, kind, date: what.date, period: what.period, ...rupeesOf(heads),
      interest: toRupees(what.interest), journal_id: journal.journal_id,
    };
  }

  return {
    async report(ctx: RequestContext, query: ItcReversalsQuery) {
      const quarterly = query.filing_frequency === 'QUARTERLY';
      const found = await due(db, { orgId: ctx.orgId, gstin: query.gstin, asOf: query.as_of, quarterly, reclaimDate: query.as_of });
      return {
        gstin: found.gstin, as_of: query.as_of, filing_frequency: query.filing_frequency ?? 'MONTHLY',
        to_reverse: found.toReverse.map((r) => ({
          ...billOf(r.bill), day_180: r.day180, currency_code: r.bill.currency_code, total: toRupees(Number(r.bill.total)), unpaid: toRupees(r.unpaid),
          credit: rupeesOf(r.credit), reverse: rupeesOf(r.reverse), period: r.period, interest: toRupees(r.interest),
        })),
        to_reclaim: found.toReclaim.map((r) => ({ ...billOf(r.bill), reversed_on: r.reversedOn, reclaim: rupeesOf(r.reversed), period: r.period })),
        totals: {
          reverse: rupeesOf(sumHeads(found.toReverse.map((r) => r.reverse))),
          interest: toRupees(found.toReverse.reduce((total, r) => total + r.interest, 0)),
          reclaim: rupeesOf(sumHeads(found.toReclaim.map((r) => r.reversed))),
        },
        interest_basis: INTEREST_BASIS,
      };
    },

    /**
     * Posts, dated `date`, a journal for each bill due on `as_of`: its reversal, or the reclaim
     * of a bill since paid; all in one transaction. A bill whose reversal stands is not
     * reversed again, so a second posting finds nothing.
     */
    post: (ctx: RequestContext, body: PostItcReversalsBody) => deps.uow(ctx, async (tx) => {
      if (body.date < body.as_of) throw invalidValue('date', 'date is on or after as_of: a reversal gives back what was unpaid on as_of');
      await assertDocumentDate(tx, ctx.orgId, body.date, 'date');
      const found = await due(tx, { orgId: ctx.orgId, gstin: body.gstin, asOf: body.as_of, quarterly: body.filing_frequency === 'QUARTERLY', reclaimDate: body.date });
      const billIds = [...found.toReverse, ...found.toReclaim].map((r) => r.bill.bill_id);
      await repo.lockBills(tx, ctx.orgId, billIds);
      // Read again under the lock: a posting that committed meanwhile has reversed or reclaimed these.
      const standing = standingReversals(await repo.rows(tx, ctx.orgId, billIds));
      const accounts = await accountsOf(tx, ctx.orgId);
      const posted = [];
      for (const r of found.toReverse.filter((x) => !standing.has(x.bill.bill_id))) {
        posted.push(await record(tx, ctx, { kind: 'REVERSAL', bill: r.bill, heads: r.reverse, period: r.period, interest: r.interest, date: body.date }, accounts));
      }
      for (const r of found.toReclaim.filter((x) => standing.has(x.bill.bill_id))) {
        posted.push(await record(tx, ctx, { kind: 'RECLAIM', bill: r.bill, heads: r.reversed, period: r.period, interest: 0, date: body.date }, accounts));
      }
      return { itc_reversals: posted };
    }),
  };
}

export type ItcReversalsService = ReturnType<typeof itcReversalsService>;
