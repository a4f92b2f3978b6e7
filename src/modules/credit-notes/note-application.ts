import type { Tx } from '../../db/database';
import { invalidValue, notFound } from '../../kernel/errors';
import type { IdGenerator } from '../../kernel/ids';
import type { LocalDate } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import { diffFields, type ActivityRecorder } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import { assertPeriodOpen } from '../../platform/orgs/period-lock';
import { catalogRepository } from '../catalog';
import { applyCredit, creditApplicationLines, creditReleaseLines, releaseCredit, type CreditTarget, type NoteSide } from '../documents';
import { entryDateOf, ledgerRepository, reversalRemedy, type LedgerService } from '../ledger';

/** A credit or debit note, locked, as an application reads and moves it. */
export interface NoteBeingApplied {
  id: string;
  number: string;
  note_date: LocalDate;
  branch_id: string;
  contact_id: string;
  status: string;
  currency_code: string;
  exchange_rate_micro: number;
  applied_amount: number;
  balance_amount: number;
}

/** The invoice or bill it goes to, locked, and how that document settles a credit (its module's port). */
export interface ApplicationTarget<Row> {
  id: string;
  branchId: string;
  date: LocalDate;
  credit: CreditTarget;
  settle(metadata: Record<string, unknown>): Promise<Row>;
}

export interface NoteApplication<Row> {
  document: 'credit note' | 'debit note';
  idPrefix: 'cna' | 'dna';
  side: NoteSide;
  note: NoteBeingApplied;
  target: ApplicationTarget<Row>;
  amount: number;
  /** Stores the application row under the id given. */
  recordApplication(applicationId: string): Promise<void>;
  /** Writes the note's new amounts and status; returns the note as saved. */
  save(next: Pick<NoteBeingApplied, 'status' | 'applied_amount' | 'balance_amount'>): Promise<Pick<NoteBeingApplied, 'status' | 'applied_amount' | 'balance_amount'>>;
}

type Deps = { ledger: LedgerService; ids: IdGenerator; activity: ActivityRecorder };

/**
 * Applies part of a note to one of its contact's invoices or bills, both already locked (note
 * first, so two applies of one note queue on it): a customer credit note to an invoice, a
 * vendor credit note or a debit note to a bill. The note corrects a supply of one registration
 * (CGST s.34), so it settles that branch's documents only. The target's balance moves through
 * its own settlement port (status, activity, INVOICE_PAID / BILL_PAID); nothing is posted,
 * since the note's journal already took the amount off the party's receivable or payable, but
 * the paisa by which the two open balances convert apart (creditApplicationLines). Returns the
 * settled target and the application's id.
 */
export async function applyNoteInTx<Row>(tx: Tx, ctx: RequestContext, deps: Deps, a: NoteApplication<Row>): Promise<{ settled: Row; applicationId: string }> {
  const { note, target, amount } = a;
  const kind = a.target.credit.kind;
  const field = `${kind}_id`;
  const key = a.document.replace(' ', '_');
  if (target.branchId !== note.branch_id) {
    throw invalidValue(field, `the ${kind} is in another branch (GSTIN) than the ${a.document}`, { details: { [`${kind}_branch_id`]: target.branchId, branch_id: note.branch_id } });
  }
  // Usually nothing is posted (see above), so the lock is checked here, on the application's date.
  const appliedOn = entryDateOf({ applies: [note.note_date, target.date] });
  await assertPeriodOpen(tx, ctx.orgId, appliedOn);
  const next = applyCredit(note, target.credit, amount, a.document);
  const settled = await target.settle({ [`${key}_id`]: note.id, [`${key}_number`]: note.number, amount: toRupees(amount) });
  const applicationId = deps.ids.next(a.idPrefix);
  await a.recordApplication(applicationId);
  await deps.ledger.postUnlessZero(tx, ctx, {
    date: appliedOn, source: 'ALLOCATION', sourceId: applicationId, sourceVersion: 1, sourceRef: note.number,
    memo: `${note.number} applied to ${kind} ${target.id}`, contactId: note.contact_id, branchId: note.branch_id,
    lines: creditApplicationLines({
      contactId: note.contact_id, amount, targetBalance: target.credit.balance, noteBalance: note.balance_amount, exchangeRateMicro: note.exchange_rate_micro,
    }, {
      control: await catalogRepository.systemAccountId(tx, ctx.orgId, a.side === 'sales' ? 'accounts_receivable' : 'accounts_payable'),
      exchange: await catalogRepository.systemAccountId(tx, ctx.orgId, 'exchange_gain_loss'),
    }, a.side),
  }, { newSource: true }); // the application was made just above
  const saved = await a.save(next);
  await recordNoteActivity(tx, ctx, deps, a, saved, 'APPLIED', { [field]: target.id, application_id: applicationId, amount: toRupees(amount) });
  return { settled, applicationId };
}

type NoteAmounts = Pick<NoteBeingApplied, 'status' | 'applied_amount' | 'balance_amount'>;

/** The note's activity row for an application or its release: the amounts that moved, and the target. */
async function recordNoteActivity(
  tx: Tx, ctx: RequestContext, deps: Deps, a: Pick<NoteApplication<unknown>, 'document' | 'note'>, saved: NoteAmounts,
  verb: 'APPLIED' | 'UNAPPLIED', metadata: Record<string, unknown>,
) {
  const shown = (n: NoteAmounts) => ({ status: n.status, applied_amount: toRupees(n.applied_amount), balance_amount: toRupees(n.balance_amount) });
  await deps.activity.record(tx, ctx, {
    entityType: a.document === 'credit note' ? 'CREDIT_NOTE' : 'DEBIT_NOTE', entityId: a.note.id, entityRef: a.note.number, verb,
    changes: diffFields(shown(a.note), shown(saved)), metadata,
  });
}

/** A live application of a note, as stored. */
export interface StoredApplication {
  application_id: string;
  amount: number;
}

export interface NoteRelease<Row> extends Omit<NoteApplication<Row>, 'amount' | 'recordApplication' | 'target' | 'idPrefix'> {
  application: StoredApplication | undefined;
  target: Omit<ApplicationTarget<Row>, 'settle'> & { release(metadata: Record<string, unknown>): Promise<Row> };
  /** Marks the application row released (it stays: the entries posted under its id name it). */
  markReleased(): Promise<void>;
}

/**
 * Unapplies one application of a note (both locked, note first, as when applying): the
 * amount goes back onto the target's balance (its status back to unpaid or partly paid) and
 * onto the note's (ISSUED again, so it can be applied elsewhere or voided once nothing is
 * applied). The application's conversion entry, if any, is mirrored on its own date, refused
 * in a locked period (docs/rules/ledger-and-periods.md: every reversal is dated on the original entry's date).
 */
export async function unapplyNoteInTx<Row>(tx: Tx, ctx: RequestContext, deps: Deps, u: NoteRelease<Row>): Promise<Row> {
  const { note, target, application } = u;
  if (!application) throw notFound('application', 'application_id');
  const kind = target.credit.kind;
  const appliedOn = entryDateOf({ applies: [note.note_date, target.date] });
  await assertPeriodOpen(tx, ctx.orgId, appliedOn, reversalRemedy('ALLOCATION'));
  const next = releaseCredit(note, application.amount);
  const reversals = await deps.ledger.reverseSource(tx, ctx, 'ALLOCATION', application.application_id, `${note.number} unapplied from ${kind} ${target.id}`);
  const control = await catalogRepository.systemAccountId(tx, ctx.orgId, u.side === 'sales' ? 'accounts_receivable' : 'accounts_payable');
  const restoredBase = (await ledgerRepository.lines(tx, ctx.orgId, reversals.map((j) => j.journal_id)))
    .filter((l) => l.account_id === control).reduce((s, l) => s + (u.side === 'sales' ? l.debit - l.credit : l.credit - l.debit), 0);
  await deps.ledger.postUnlessZero(tx, ctx, {
    date: appliedOn, source: 'ALLOCATION', sourceId: application.application_id, sourceVersion: 2, sourceRef: note.number,
    memo: `${note.number} unapplied from ${kind} ${target.id}: open balances converted`, contactId: note.contact_id, branchId: note.branch_id,
    lines: creditReleaseLines({
      contactId: note.contact_id, amount: application.amount, targetBalance: target.credit.balance, noteBalance: note.balance_amount,
      exchangeRateMicro: note.exchange_rate_micro, restoredBase,
    }, { control, exchange: await catalogRepository.systemAccountId(tx, ctx.orgId, 'exchange_gain_loss') }, u.side),
  }, { newSource: true }); // an application is released once, so its version 2 is new
  const key = u.document.replace(' ', '_');
  const released = await target.release({ [`${key}_id`]: note.id, [`${key}_number`]: note.number, application_id: application.application_id, unapplied: toRupees(application.amount) });
  await u.markReleased();
  const saved = await u.save(next);
  await recordNoteActivity(tx, ctx, deps, u, saved, 'UNAPPLIED', { [`${kind}_id`]: target.id, application_id: application.application_id, amount: toRupees(application.amount) });
  return released;
}
