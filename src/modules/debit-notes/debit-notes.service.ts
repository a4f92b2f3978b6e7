import type { Db, Tx } from '../../db/database';
import { notFound } from '../../kernel/errors';
import { businessDateOf, istDateOf } from '../../kernel/local-date';
import { toPaise, toRupees } from '../../kernel/money';
import { diffFields } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertDocumentDate, assertPeriodOpen } from '../../platform/orgs/period-lock';
import { cursorPage, readCursor } from '../../platform/pagination';
import { billCreditTarget, billNoteParent, presentBillCredited, type BillRow, type BillsService } from '../bills';
import { applyNoteInTx, unapplyNoteInTx } from '../credit-notes';
import {
  assertHeaderEditable, assertVoidable, noteJournalLines, noteLineColumnsOf, prepareNote, stockDirectionOf, type UpdateNoteBody,
} from '../documents';
import { reversalRemedy, type LedgerService } from '../ledger';
import { takeDocumentNumber, type SeriesService } from '../series';
import { presentDebitApplied, presentDebitNote } from './debit-notes.presenter';
import { debitNotesRepository as repo, type DebitNoteLineRow, type DebitNoteRow } from './debit-notes.repository';
import { DEBIT_NOTE_NUMBERING } from './debit-notes.rules';
import type { ApplyDebitNoteBody, CreateDebitNoteBody, ListDebitNotesQuery } from './debit-notes.schemas';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors'> & {
  ledger: LedgerService;
  series: Pick<SeriesService, 'branchOf'>;
  bills: Pick<BillsService, 'lockForSettlement' | 'settleInTx' | 'releaseInTx'>;
};

/**
 * Debit note use cases: a note we raise to a vendor, always on the purchase side. Issued with
 * its journal (Dr Accounts Payable, Cr the lines' accounts and GST input); applied to the
 * vendor's bills as a vendor credit note is (apply-to-bill), lowering their balances.
 */
export function debitNotesService(deps: Deps) {
  const db = deps.database.db;
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();

  async function load(executor: Db | Tx, orgId: string, debitNoteId: string, forUpdate = false) {
    const row = await repo.find(executor, orgId, debitNoteId, forUpdate);
    if (!row) throw notFound('debit note', 'debit_note_id');
    return row;
  }

  const view = async (executor: Db | Tx, row: DebitNoteRow) => presentDebitNote(
    row, await repo.lines(executor, row.org_id, [row.debit_note_id]), await repo.applications(executor, row.org_id, [row.debit_note_id]),
  );

  /** docs/rules/documents-and-notes.md, "Event data": a document event's data is its id, number, contact id, total and status. */
  const eventData = (n: DebitNoteRow) => ({
    id: n.debit_note_id, number: n.debit_note_number, vendor_id: n.contact_id, total: toRupees(n.total), status: n.status,
  });

  async function save(tx: Tx, note: DebitNoteRow, changes: Partial<DebitNoteRow>): Promise<DebitNoteRow> {
    const saved: DebitNoteRow = { ...note, ...changes, version: note.version + 1, last_modified_time: now() };
    await repo.update(tx, note.org_id, note.debit_note_id, { ...changes, version: saved.version, last_modified_time: saved.last_modified_time });
    return saved;
  }

  /** Applies `amount` of a locked note to a locked bill of its vendor (applyNoteInTx); returns the note as saved, the bill and the application's id. */
  async function applyInTx(tx: Tx, ctx: RequestContext, note: DebitNoteRow, bill: BillRow, amount: number) {
    let saved = note;
    const { settled, applicationId } = await applyNoteInTx(tx, ctx, deps, {
      document: 'debit note', idPrefix: 'dna', side: 'purchase', amount,
      note: { ...note, id: note.debit_note_id, number: note.debit_note_number },
      target: {
        id: bill.bill_id, branchId: bill.branch_id, date: bill.bill_date, credit: billCreditTarget(bill),
        settle: (metadata) => deps.bills.settleInTx(tx, ctx, bill, 'credit', amount, 'amount', metadata),
      },
      recordApplication: (applicationId) => repo.insertApplication(tx, {
        org_id: ctx.orgId, application_id: applicationId, debit_note_id: note.debit_note_id, bill_id: bill.bill_id, amount, created_time: now(), released: 0,
      }),
      save: async (next) => (saved = await save(tx, note, next)),
    });
    return { saved, settled, applicationId };
  }

  return {
    /**
     * ISSUED with its journal. A note naming a bill exists to lower it, so as much of it as the
     * bill still owes is applied to it in the same transaction (the rest stays to apply
     * elsewhere or be refunded); DELETE .../applications/{id} takes it back.
     */
    async createDebitNote(ctx: RequestContext, input: CreateDebitNoteBody) {
      return deps.uow(ctx, async (tx) => {
        await assertDocumentDate(tx, ctx.orgId, businessDateOf(input.date), 'date');
        const bill = input.bill_id ? await deps.bills.lockForSettlement(tx, ctx.orgId, input.bill_id, 'bill_id') : null;
        const parent = bill ? billNoteParent(bill) : null;
        const noteDate = businessDateOf(input.date);
        const prepared = await prepareNote(tx, ctx.orgId, { ...input, contact_id: input.vendor_id, contactField: 'vendor_id', noteDate }, 'purchase', parent, deps.series.branchOf);
        const number = await takeDocumentNumber(tx, ctx.orgId, DEBIT_NOTE_NUMBERING);
        const { party, priced } = prepared;
        const total = priced.amounts.subTotal + priced.amounts.taxTotal;
        const created = now();
        const note: DebitNoteRow = {
          org_id: ctx.orgId, debit_note_id: deps.ids.next('dn'), debit_note_number: number, branch_id: party.branchId,
          contact_id: party.contactId, contact_name: party.contactName, invoice_id: null, bill_id: input.bill_id ?? null,
          note_date: noteDate, reference_number: input.reference_number ?? null, place_of_supply: party.placeOfSupply,
          supply_type: party.supply, gst_treatment: party.gstTreatment, stock_direction: stockDirectionOf('purchase'), currency_code: prepared.currencyCode,
          exchange_rate_micro: prepared.exchangeRateMicro, sub_total: priced.amounts.subTotal, tax_total: priced.amounts.taxTotal,
          cgst_total: priced.amounts.cgstTotal, sgst_total: priced.amounts.sgstTotal, igst_total: priced.amounts.igstTotal, total,
          applied_amount: 0, balance_amount: total, status: 'ISSUED', notes: input.notes ?? null, version: 1, created_time: created, last_modified_time: created,
        };
        const lines: DebitNoteLineRow[] = noteLineColumnsOf(prepared, input.line_items, () => deps.ids.next('li'))
          .map((l) => ({ ...l, org_id: ctx.orgId, debit_note_id: note.debit_note_id }));
        await repo.insert(tx, note, lines);
        const journal = await deps.ledger.postUnlessZero(tx, ctx, {
          date: note.note_date, source: 'DEBIT_NOTE', sourceId: note.debit_note_id, sourceVersion: note.version, sourceRef: number,
          memo: `Debit note ${number} to ${note.contact_name}`, contactId: note.contact_id, branchId: note.branch_id,
          lines: await noteJournalLines(tx, ctx.orgId, 'purchase', note, lines),
        });
        await deps.activity.record(tx, ctx, {
          entityType: 'DEBIT_NOTE', entityId: note.debit_note_id, entityRef: number, verb: 'CREATED',
          metadata: { journal_id: journal?.journal_id ?? null, ...(note.bill_id && { bill_id: note.bill_id }) },
        });
        const toApply = bill && billCreditTarget(bill).open.includes(bill.status) ? Math.min(note.total, bill.balance) : 0;
        const issued = toApply > 0 ? (await applyInTx(tx, ctx, note, bill!, toApply)).saved : note;
        await deps.events.emit(tx, ctx, 'DEBIT_NOTE_CREATED', eventData(issued));
        return { debit_note: await view(tx, issued) };
      });
    },

    /** reference_number and notes while ISSUED; a PUT that changes nothing writes nothing. */
    async updateDebitNote(ctx: RequestContext, debitNoteId: string, input: UpdateNoteBody) {
      return deps.uow(ctx, async (tx) => {
        const note = await load(tx, ctx.orgId, debitNoteId, true);
        assertHeaderEditable('debit note', note);
        await assertPeriodOpen(tx, ctx.orgId, note.note_date);
        const header = (n: Pick<DebitNoteRow, 'reference_number' | 'notes'>) => ({ reference_number: n.reference_number, notes: n.notes });
        const after = {
          reference_number: input.reference_number !== undefined ? input.reference_number : note.reference_number,
          notes: input.notes !== undefined ? input.notes : note.notes,
        };
        const changes = diffFields(header(note), after);
        if (!changes) return { debit_note: await view(tx, note) };
        const saved = await save(tx, note, after);
        await deps.activity.record(tx, ctx, { entityType: 'DEBIT_NOTE', entityId: debitNoteId, entityRef: note.debit_note_number, verb: 'UPDATED', changes });
        return { debit_note: await view(tx, saved) };
      });
    },

    /** ISSUED → CANCELLED with the journal reversed on its own date (refused in a locked period). The catalog has no DEBIT_NOTE_VOIDED: activity only. */
    async voidDebitNote(ctx: RequestContext, debitNoteId: string) {
      return deps.uow(ctx, async (tx) => {
        const note = await load(tx, ctx.orgId, debitNoteId, true);
        assertVoidable('debit note', note);
        await assertPeriodOpen(tx, ctx.orgId, note.note_date, reversalRemedy('DEBIT_NOTE'));
        const [reversal] = await deps.ledger.reverseSource(tx, ctx, 'DEBIT_NOTE', debitNoteId, `Void of debit note ${note.debit_note_number}`);
        const saved = await save(tx, note, { status: 'CANCELLED', balance_amount: 0 });
        await deps.activity.record(tx, ctx, {
          entityType: 'DEBIT_NOTE', entityId: debitNoteId, entityRef: note.debit_note_number, verb: 'VOIDED',
          changes: { status: { old: note.status, new: saved.status } }, metadata: { reversal_journal_id: reversal?.journal_id ?? null },
        });
        return { debit_note: await view(tx, saved) };
      });
    },

    /** Lowers one of the vendor's bills by part of the note, as a vendor credit note's apply-to-bill does (applyNoteInTx). */
    async applyToBill(ctx: RequestContext, debitNoteId: string, input: ApplyDebitNoteBody) {
      return deps.uow(ctx, async (tx) => {
        const note = await load(tx, ctx.orgId, debitNoteId, true);
        const bill = await deps.bills.lockForSettlement(tx, ctx.orgId, input.bill_id, 'bill_id');
        const { saved, settled, applicationId } = await applyInTx(tx, ctx, note, bill, toPaise(input.amount));
        return { debit_note: presentDebitApplied(saved, applicationId), bill: presentBillCredited(settled, today()) };
      });
    },

    /** Takes one application back off its bill (note locked first, then the bill; unapplyNoteInTx). */
    async unapply(ctx: RequestContext, debitNoteId: string, applicationId: string) {
      return deps.uow(ctx, async (tx) => {
        const note = await load(tx, ctx.orgId, debitNoteId, true);
        const application = (await repo.applications(tx, ctx.orgId, [debitNoteId])).find((a) => a.application_id === applicationId);
        if (!application) throw notFound('application', 'application_id');
        const bill = await deps.bills.lockForSettlement(tx, ctx.orgId, application.bill_id, 'application_id');
        let saved = note;
        const released = await unapplyNoteInTx(tx, ctx, deps, {
          document: 'debit note', side: 'purchase', application,
          note: { ...note, id: note.debit_note_id, number: note.debit_note_number },
          target: {
            id: bill.bill_id, branchId: bill.branch_id, date: bill.bill_date, credit: billCreditTarget(bill),
            release: (metadata) => deps.bills.releaseInTx(tx, ctx, bill, 'credit', application.amount, metadata),
          },
          markReleased: () => repo.releaseApplication(tx, ctx.orgId, application.application_id),
          save: async (next) => (saved = await save(tx, note, next)),
        });
        return { debit_note: await view(tx, saved), bill: presentBillCredited(released, today()) };
      });
    },

    async getDebitNote(ctx: RequestContext, debitNoteId: string) {
      return { debit_note: await view(db, await load(db, ctx.orgId, debitNoteId)) };
    },

    async listDebitNotes(ctx: RequestContext, query: ListDebitNotesQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'debit_notes', query);
      const rows = await repo.list(db, ctx.orgId, { status: query.status, vendorId: query.vendor_id, billId: query.bill_id }, after, perPage);
      const page = cursorPage(deps.cursors, 'debit_notes', rows, perPage, (r) => [r.debit_note_id]);
      const ids = page.items.map((r) => r.debit_note_id);
      const lines = await repo.lines(db, ctx.orgId, ids);
      const applications = await repo.applications(db, ctx.orgId, ids);
      return {
        debit_notes: page.items.map((r) => presentDebitNote(
          r, lines.filter((l) => l.debit_note_id === r.debit_note_id), applications.filter((a) => a.debit_note_id === r.debit_note_id),
        )),
        page_context: page.page_context,
      };
    },

    exists: async (orgId: string, debitNoteId: string) => (await repo.find(db, orgId, debitNoteId)) !== undefined,
    /** Locks a live document of this organisation for the rest of the caller's transaction (comments hang off it); false when there is none. */
    lockLive: async (tx: Tx, orgId: string, debitNoteId: string) => (await repo.find(tx, orgId, debitNoteId, true)) !== undefined,
    countForContact: (tx: Tx, orgId: string, contactId: string) => repo.countForContact(tx, orgId, contactId),
  };
}

export type DebitNotesService = ReturnType<typeof debitNotesService>;
