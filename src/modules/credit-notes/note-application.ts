import type { Tx } from '../../db/database';
import { invalidValue } from '../../kernel/errors';
import type { IdGenerator } from '../../kernel/ids';
import type { LocalDate } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import { diffFields, type ActivityRecorder } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import { assertPeriodOpen } from '../../platform/orgs/period-lock';
import { catalogRepository } from '../catalog';
import { applyCredit, creditApplicationLines, type CreditTarget, type NoteSide } from '../documents';
import { entryDateOf, type LedgerService } from '../ledger';

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
 * settled target.
 */
export async function applyNoteInTx<Row>(tx: Tx, ctx: RequestContext, deps: Deps, a: NoteApplication<Row>): Promise<Row> {
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
  const shown = (n: Pick<NoteBeingApplied, 'status' | 'applied_amount' | 'balance_amount'>) =>
    ({ status: n.status, applied_amount: toRupees(n.applied_amount), balance_amount: toRupees(n.balance_amount) });
  await deps.activity.record(tx, ctx, {
    entityType: a.document === 'credit note' ? 'CREDIT_NOTE' : 'DEBIT_NOTE', entityId: note.id, entityRef: note.number, verb: 'APPLIED',
    changes: diffFields(shown(note), shown(saved)), metadata: { [field]: target.id, amount: toRupees(amount) },
  });
  return settled;
}
