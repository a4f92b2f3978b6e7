import type { Db, Tx } from '../../db/database';
import { invalidValue, notFound } from '../../kernel/errors';
import { businessDateOf, istDateOf, type LocalDate } from '../../kernel/local-date';
import { toPaise, toRupees } from '../../kernel/money';
import { diffFields } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertDocumentDate, assertPeriodOpen } from '../../platform/orgs/period-lock';
import { cursorPage, readCursor } from '../../platform/pagination';
import { billCreditTarget, billNoteParent, presentBillCredited, type BillRow, type BillsService } from '../bills';
import { contactsRepository } from '../contacts';
import { assertNoActiveIrn, cancelIrnOnVoid, findIrn, findIrns, type IrnVoidBody } from '../einvoice';
import {
  assertHeaderEditable, assertVoidable, displayedStatus, noteJournalLines, noteLineColumnsOf, prepareNote,
  stockDirectionOf, type CreditTarget, type NoteParent, type UpdateNoteBody,
} from '../documents';
import type { InvoiceRow, InvoicesService } from '../invoices';
import { OPEN_STATUSES } from '../invoices/invoices.rules';
import { reversalRemedy, type LedgerService } from '../ledger';
import { takeDocumentNumber, type SeriesService } from '../series';
import { presentApplied, presentCreditNote } from './credit-notes.presenter';
import { creditNotesRepository as repo, type CreditNoteApplicationRow, type CreditNoteLineRow, type CreditNoteRow } from './credit-notes.repository';
import { creditNoteTypeOf, sideOf, VENDOR_CREDIT_NUMBERING } from './credit-notes.rules';
import type { ApplyToBillBody, ApplyToInvoiceBody, CreateCreditNoteBody, ListCreditNotesQuery } from './credit-notes.schemas';
import { applyNoteInTx, unapplyNoteInTx } from './note-application';

type Settlement<Row> = {
  lockForSettlement(tx: Tx, orgId: string, id: string, field: string): Promise<Row>;
  settleInTx(tx: Tx, ctx: RequestContext, row: Row, kind: 'credit', amount: number, field: string, metadata: Record<string, unknown>): Promise<Row>;
  releaseInTx(tx: Tx, ctx: RequestContext, row: Row, kind: 'credit', amount: number, metadata: Record<string, unknown>): Promise<Row>;
};

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors'> & {
  ledger: LedgerService;
  series: Pick<SeriesService, 'branchOf' | 'takeIssuedNumber'>;
  invoices: Pick<InvoicesService, 'lockForSettlement' | 'settleInTx' | 'releaseInTx'>;
  bills: Pick<BillsService, 'lockForSettlement' | 'settleInTx' | 'releaseInTx'>;
};

const invoiceParent = (i: InvoiceRow): NoteParent => ({
  kind: 'invoice', id: i.invoice_id, contactId: i.customer_id, status: i.status, branchId: i.branch_id, placeOfSupply: i.place_of_supply,
  supplyType: i.supply_type, exportType: i.export_type, inclusive: i.is_inclusive_tax === 1, date: i.invoice_date, total: i.total, currencyCode: i.currency_code, exchangeRateMicro: i.exchange_rate_micro,
});

/** How each apply endpoint reaches its target: the invoices or bills settlement port, and how the target reads. */
interface TargetPort<Row> {
  kind: 'invoice' | 'bill';
  noteType: 'CUSTOMER' | 'VENDOR';
  port: Settlement<Row>;
  asTarget(row: Row): CreditTarget;
  /** The target document's date: an application is dated on the later of it and the note's. */
  dateOf(row: Row): LocalDate;
  /** The target's side of the response; paid_amount = payments + credits applied (docs/rules/amounts-and-rounding.md, "Totals and balance"). */
  present(row: Row, today: string): Record<string, unknown>;
}

const INVOICE_TARGET = (port: Settlement<InvoiceRow>): TargetPort<InvoiceRow> => ({
  kind: 'invoice', noteType: 'CUSTOMER', port,
  asTarget: (i) => ({
    kind: 'invoice', contactId: i.customer_id, currencyCode: i.currency_code, exchangeRateMicro: i.exchange_rate_micro,
    status: i.status, balance: i.balance, open: OPEN_STATUSES,
  }),
  dateOf: (i) => i.invoice_date,
  present: (i, today) => ({
    invoice_id: i.invoice_id, balance: toRupees(i.balance), status: displayedStatus(i.status, OPEN_STATUSES, i.balance, i.due_date, today),
    paid_amount: toRupees(i.payment_made + i.credits_applied),
  }),
});

const BILL_TARGET = (port: Settlement<BillRow>): TargetPort<BillRow> => ({
  kind: 'bill', noteType: 'VENDOR', port, asTarget: billCreditTarget, present: presentBillCredited, dateOf: (b) => b.bill_date,
});

/** Credit note use cases. Each is one transaction: the note, its journal, the settled document, activity and events together. */
export function creditNotesService(deps: Deps) {
  const db = deps.database.db;
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();
  const invoiceTarget = INVOICE_TARGET(deps.invoices);
  const billTarget = BILL_TARGET(deps.bills);

  async function load(executor: Db | Tx, orgId: string, creditNoteId: string, forUpdate = false) {
    const row = await repo.find(executor, orgId, creditNoteId, forUpdate);
    if (!row) throw notFound('credit note', 'credit_note_id');
    return row;
  }

  const view = async (executor: Db | Tx, row: CreditNoteRow) => presentCreditNote(
    row, await repo.lines(executor, row.org_id, [row.credit_note_id]), await repo.applications(executor, row.org_id, [row.credit_note_id]),
    await findIrn(executor, row.org_id, row.credit_note_id),
  );

  /** docs/rules/documents-and-notes.md, "Event data": a document event's data is its id, number, contact id, total and status. */
  const eventData = (n: CreditNoteRow) => ({
    id: n.credit_note_id, number: n.credit_note_number, customer_id: n.contact_id, total: toRupees(n.total), status: n.status,
  });

  /** Writes the changed columns with the next version. */
  async function save(tx: Tx, note: CreditNoteRow, changes: Partial<CreditNoteRow>): Promise<CreditNoteRow> {
    const saved: CreditNoteRow = { ...note, ...changes, version: note.version + 1, last_modified_time: now() };
    await repo.update(tx, note.org_id, note.credit_note_id, { ...changes, version: saved.version, last_modified_time: saved.last_modified_time });
    return saved;
  }

  /** Both apply endpoints: the note is locked first, then the target (note-application.ts applyNoteInTx). */
  async function applyTo<Row extends { branch_id: string }>(ctx: RequestContext, creditNoteId: string, target: TargetPort<Row>, targetId: string, amountRupees: number) {
    return deps.uow(ctx, async (tx) => {
      const note = await load(tx, ctx.orgId, creditNoteId, true);
      if (note.note_type !== target.noteType) {
        const right = note.note_type === 'VENDOR' ? 'apply-to-bill' : 'apply-to-invoice';
        throw invalidValue(`${target.kind}_id`, `a ${note.note_type.toLowerCase()} credit note cannot be applied to a ${target.kind}; use ${right}`);
      }
      const row = await target.port.lockForSettlement(tx, ctx.orgId, targetId, `${target.kind}_id`);
      const amount = toPaise(amountRupees);
      let saved = note;
      const { settled, applicationId } = await applyNoteInTx(tx, ctx, deps, {
        document: 'credit note', idPrefix: 'cna', side: sideOf(note.note_type), amount,
        note: { ...note, id: note.credit_note_id, number: note.credit_note_number },
        target: {
          id: targetId, branchId: row.branch_id, date: target.dateOf(row), credit: target.asTarget(row),
          settle: (metadata) => target.port.settleInTx(tx, ctx, row, 'credit', amount, 'amount', metadata),
        },
        recordApplication: (applicationId) => repo.insertApplication(tx, {
          org_id: ctx.orgId, application_id: applicationId, credit_note_id: note.credit_note_id,
          invoice_id: target.kind === 'invoice' ? targetId : null, bill_id: target.kind === 'bill' ? targetId : null, amount, created_time: now(), released: 0,
        }),
        save: async (next) => (saved = await save(tx, note, next)),
      });
      return { credit_note: presentApplied(saved, applicationId), [target.kind]: target.present(settled, today()) };
    });
  }

  /** Unapplies one application: the note is locked first, then the invoice or bill it settled (note-application.ts unapplyNoteInTx). */
  async function unapplyFrom<Row extends { branch_id: string }>(tx: Tx, ctx: RequestContext, note: CreditNoteRow, target: TargetPort<Row>, targetId: string, application: CreditNoteApplicationRow) {
    const row = await target.port.lockForSettlement(tx, ctx.orgId, targetId, 'application_id');
    let saved = note;
    const released = await unapplyNoteInTx(tx, ctx, deps, {
      document: 'credit note', side: sideOf(note.note_type), application,
      note: { ...note, id: note.credit_note_id, number: note.credit_note_number },
      target: {
        id: targetId, branchId: row.branch_id, date: target.dateOf(row), credit: target.asTarget(row),
        release: (metadata) => target.port.releaseInTx(tx, ctx, row, 'credit', application.amount, metadata),
      },
      markReleased: () => repo.releaseApplication(tx, ctx.orgId, application.application_id),
      save: async (next) => (saved = await save(tx, note, next)),
    });
    return { credit_note: await view(tx, saved), [target.kind]: target.present(released, today()) };
  }

  async function unapply(ctx: RequestContext, creditNoteId: string, applicationId: string) {
    return deps.uow(ctx, async (tx) => {
      const note = await load(tx, ctx.orgId, creditNoteId, true);
      const application = (await repo.applications(tx, ctx.orgId, [creditNoteId])).find((a) => a.application_id === applicationId);
      if (!application) throw notFound('application', 'application_id');
      return application.invoice_id ? unapplyFrom(tx, ctx, note, invoiceTarget, application.invoice_id, application)
        : unapplyFrom(tx, ctx, note, billTarget, application.bill_id!, application);
    });
  }

  return {
    /** ISSUED at once with its journal (docs/rules/documents-and-notes.md, "Credit and debit notes"); nothing's balance moves until the note is applied. */
    async createCreditNote(ctx: RequestContext, input: CreateCreditNoteBody) {
      return deps.uow(ctx, async (tx) => {
        if (input.invoice_id && input.bill_id) throw invalidValue('bill_id', 'send invoice_id (a customer credit) or bill_id (a vendor credit), not both');
        await assertDocumentDate(tx, ctx.orgId, businessDateOf(input.date), 'date');
        const contact = await contactsRepository.find(tx, ctx.orgId, input.customer_id);
        if (!contact) throw notFound('contact', 'customer_id');
        const parent = input.invoice_id ? invoiceParent(await deps.invoices.lockForSettlement(tx, ctx.orgId, input.invoice_id, 'invoice_id'))
          : input.bill_id ? billNoteParent(await deps.bills.lockForSettlement(tx, ctx.orgId, input.bill_id, 'bill_id')) : null;
        const noteType = creditNoteTypeOf(input, contact.contact_type);
        const side = sideOf(noteType);
        const noteDate = businessDateOf(input.date);
        const prepared = await prepareNote(tx, ctx.orgId, { ...input, contact_id: input.customer_id, contactField: 'customer_id', noteDate }, side, parent, deps.series.branchOf);
        // A vendor's credit is a document received: it never consumes an issued series.
        const number = side === 'sales' ? await deps.series.takeIssuedNumber(tx, ctx.orgId, 'credit_note', prepared.party.branchId, noteDate)
          : await takeDocumentNumber(tx, ctx.orgId, VENDOR_CREDIT_NUMBERING);
        const { party, priced } = prepared;
        const total = priced.amounts.subTotal + priced.amounts.taxTotal;
        const created = now();
        const note: CreditNoteRow = {
          org_id: ctx.orgId, credit_note_id: deps.ids.next('cn'), credit_note_number: number, note_type: noteType, branch_id: party.branchId,
          contact_id: party.contactId, contact_name: party.contactName, invoice_id: input.invoice_id ?? null, bill_id: input.bill_id ?? null,
          note_date: noteDate, reference_number: input.reference_number ?? null, place_of_supply: party.placeOfSupply,
          supply_type: party.supply, gst_treatment: party.gstTreatment, export_type: prepared.exportType, stock_direction: stockDirectionOf(side), currency_code: prepared.currencyCode,
          exchange_rate_micro: prepared.exchangeRateMicro, sub_total: priced.amounts.subTotal, tax_total: priced.amounts.taxTotal,
          cgst_total: priced.amounts.cgstTotal, sgst_total: priced.amounts.sgstTotal, igst_total: priced.amounts.igstTotal, total,
          applied_amount: 0, balance_amount: total, status: 'ISSUED', notes: input.notes ?? null, version: 1, created_time: created, last_modified_time: created,
        };
        const lines: CreditNoteLineRow[] = noteLineColumnsOf(prepared, input.line_items, () => deps.ids.next('li'))
          .map((l) => ({ ...l, org_id: ctx.orgId, credit_note_id: note.credit_note_id }));
        await repo.insert(tx, note, lines);
        const journal = await deps.ledger.postUnlessZero(tx, ctx, {
          date: note.note_date, source: 'CREDIT_NOTE', sourceId: note.credit_note_id, sourceVersion: note.version, sourceRef: number,
          memo: `Credit note ${number} for ${note.contact_name}`, contactId: note.contact_id, branchId: note.branch_id,
          lines: await noteJournalLines(tx, ctx.orgId, side, note, lines),
        });
        await deps.activity.record(tx, ctx, {
          entityType: 'CREDIT_NOTE', entityId: note.credit_note_id, entityRef: number, verb: 'CREATED',
          metadata: { journal_id: journal?.journal_id ?? null, ...(parent && { [`${parent.kind}_id`]: parent.id }) },
        });
        await deps.events.emit(tx, ctx, 'CREDIT_NOTE_CREATED', eventData(note));
        return { credit_note: presentCreditNote(note, lines, [], undefined) };
      });
    },

    /** reference_number and notes, until anything is applied (spec) or the note is voided; a PUT that changes nothing writes nothing. */
    async updateCreditNote(ctx: RequestContext, creditNoteId: string, input: UpdateNoteBody) {
      return deps.uow(ctx, async (tx) => {
        const note = await load(tx, ctx.orgId, creditNoteId, true);
        assertHeaderEditable('credit note', note);
        await assertNoActiveIrn(tx, ctx.orgId, { type: 'CREDIT_NOTE', id: creditNoteId });
        await assertPeriodOpen(tx, ctx.orgId, note.note_date);
        const header = (n: Pick<CreditNoteRow, 'reference_number' | 'notes'>) => ({ reference_number: n.reference_number, notes: n.notes });
        const after = {
          reference_number: input.reference_number !== undefined ? input.reference_number : note.reference_number,
          notes: input.notes !== undefined ? input.notes : note.notes,
        };
        const changes = diffFields(header(note), after);
        if (!changes) return { credit_note: await view(tx, note) };
        const saved = await save(tx, note, after);
        await deps.activity.record(tx, ctx, { entityType: 'CREDIT_NOTE', entityId: creditNoteId, entityRef: note.credit_note_number, verb: 'UPDATED', changes });
        return { credit_note: await view(tx, saved) };
      });
    },

    /** ISSUED with nothing applied → CANCELLED; the journal is reversed on its own date (as every void), refused in a locked period. */
    async voidCreditNote(ctx: RequestContext, creditNoteId: string, request: IrnVoidBody = null) {
      return deps.uow(ctx, async (tx) => {
        const note = await load(tx, ctx.orgId, creditNoteId, true);
        assertVoidable('credit note', note);
        await assertPeriodOpen(tx, ctx.orgId, note.note_date, reversalRemedy('CREDIT_NOTE'));
        const cancellation = await cancelIrnOnVoid(tx, ctx, { type: 'CREDIT_NOTE', id: creditNoteId, number: note.credit_note_number }, request ?? {}, deps.clock.now(), deps.activity);
        const [reversal] = await deps.ledger.reverseSource(tx, ctx, 'CREDIT_NOTE', creditNoteId, `Void of credit note ${note.credit_note_number}`);
        const saved = await save(tx, note, { status: 'CANCELLED', balance_amount: 0 });
        await deps.activity.record(tx, ctx, {
          entityType: 'CREDIT_NOTE', entityId: creditNoteId, entityRef: note.credit_note_number, verb: 'VOIDED',
          changes: { status: { old: note.status, new: saved.status } }, metadata: { reversal_journal_id: reversal?.journal_id ?? null },
        });
        await deps.events.emit(tx, ctx, 'CREDIT_NOTE_VOIDED', eventData(saved));
        return { credit_note: await view(tx, saved), ...(cancellation && { einvoice_cancellation: cancellation }) };
      });
    },

    applyToInvoice: (ctx: RequestContext, creditNoteId: string, input: ApplyToInvoiceBody) =>
      applyTo(ctx, creditNoteId, invoiceTarget, input.invoice_id, input.amount),

    applyToBill: (ctx: RequestContext, creditNoteId: string, input: ApplyToBillBody) =>
      applyTo(ctx, creditNoteId, billTarget, input.bill_id, input.amount),

    unapply,

    async getCreditNote(ctx: RequestContext, creditNoteId: string) {
      return { credit_note: await view(db, await load(db, ctx.orgId, creditNoteId)) };
    },

    async listCreditNotes(ctx: RequestContext, query: ListCreditNotesQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'credit_notes', query);
      const rows = await repo.list(db, ctx.orgId, {
        status: query.status, contactId: query.customer_id, invoiceId: query.invoice_id, billId: query.bill_id,
        noteType: query.type?.toUpperCase(),
      }, after, perPage);
      const page = cursorPage(deps.cursors, 'credit_notes', rows, perPage, (r) => [r.credit_note_id]);
      const ids = page.items.map((r) => r.credit_note_id);
      const lines = await repo.lines(db, ctx.orgId, ids);
      const applications = await repo.applications(db, ctx.orgId, ids);
      const irns = await findIrns(db, ctx.orgId, ids);
      return {
        credit_notes: page.items.map((r) => presentCreditNote(
          r, lines.filter((l) => l.credit_note_id === r.credit_note_id), applications.filter((a) => a.credit_note_id === r.credit_note_id), irns.get(r.credit_note_id),
        )),
        page_context: page.page_context,
      };
    },

    exists: async (orgId: string, creditNoteId: string) => (await repo.find(db, orgId, creditNoteId)) !== undefined,
    /** Locks a live document of this organisation for the rest of the caller's transaction (comments hang off it); false when there is none. */
    lockLive: async (tx: Tx, orgId: string, creditNoteId: string) => (await repo.find(tx, orgId, creditNoteId, true)) !== undefined,
    countForContact: (tx: Tx, orgId: string, contactId: string) => repo.countForContact(tx, orgId, contactId),
  };
}

export type CreditNotesService = ReturnType<typeof creditNotesService>;
