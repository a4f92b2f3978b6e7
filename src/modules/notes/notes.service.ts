import type { Db, Tx } from '../../db/database';
import { searchPatternOf } from '../../db/text-search';
import { invalidValue, notFound } from '../../kernel/errors';
import { businessDateOf, istDateOf } from '../../kernel/local-date';
import { toPaise, toRupees } from '../../kernel/money';
import { diffFields } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertDocumentDate, assertPeriodOpen } from '../../platform/orgs/period-lock';
import { cursorPage, readCursor } from '../../platform/pagination';
import type { BillRow } from '../bills';
import { contactsRepository } from '../contacts';
import {
  assertHeaderEditable, assertVoidable, noteJournalLines, noteLineColumnsOf, prepareNote, stockDirectionOf,
  type NoteLineItem, type NoteParent, type NoteSide, type PreparedNote, type UpdateNoteBody,
} from '../documents';
import { assertEInvoiceParties, assertNoActiveIrn, cancelIrnOnVoid, einvoiceFilterOf, findIrn, findIrns, type EInvoiceStatus, type IrnVoidBody } from '../einvoice';
import { reversalRemedy, type LedgerService } from '../ledger';
import { takeDocumentNumber, type SeriesService } from '../series';
import { owedAmount } from '../documents/reverse-charge.rules';
import { applyNoteInTx, unapplyNoteInTx } from './note-application';
import { sideOf, type NoteKey, type NoteKind, type NoteType } from './note-kinds';
import { noteTargets, type NotePorts, type NoteTarget } from './note-targets';
import { presentApplied, presentNote } from './notes.presenter';
import { notesRepository, type NoteApplicationRow, type NoteFilter, type NoteLineRow, type NoteRow } from './notes.repository';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors'> & NotePorts & {
  ledger: LedgerService;
  series: Pick<SeriesService, 'branchOf' | 'takeIssuedNumber'>;
};

/** A note's create request, whichever kind: the contact under the kind's key (customer_id, vendor_id). */
export interface CreateNoteInput {
  contact_id: string;
  invoice_id?: string;
  bill_id?: string;
  branch_id?: string;
  date: string;
  line_items: NoteLineItem[];
  place_of_supply?: string;
  reference_number?: string | null;
  notes?: string | null;
}

/**
 * The stored row of a new note: the one place a note's header is built from what prepareNote
 * resolved (party, priced lines, currency), ISSUED with nothing applied.
 */
export function newNoteRow(
  at: { orgId: string; id: string; number: string; created: string }, input: CreateNoteInput, type: NoteType, side: NoteSide, prepared: PreparedNote,
): NoteRow {
  const { party, priced: { amounts } } = prepared;
  const total = owedAmount(amounts.subTotal, amounts.taxTotal, prepared.reverseCharge);
  return {
    org_id: at.orgId, id: at.id, number: at.number, note_type: type, branch_id: party.branchId,
    contact_id: party.contactId, contact_name: party.contactName, invoice_id: input.invoice_id ?? null, bill_id: input.bill_id ?? null,
    note_date: businessDateOf(input.date), reference_number: input.reference_number ?? null, place_of_supply: party.placeOfSupply,
    supply_type: party.supply, gst_treatment: party.gstTreatment, party: party.partyCopy, export_type: prepared.exportType, stock_direction: stockDirectionOf(side),
    currency_code: prepared.currencyCode, exchange_rate_micro: prepared.exchangeRateMicro, sub_total: amounts.subTotal, tax_total: amounts.taxTotal,
    cgst_total: amounts.cgstTotal, sgst_total: amounts.sgstTotal, igst_total: amounts.igstTotal, cess_total: amounts.cessTotal, total,
    applied_amount: 0, balance_amount: total, status: 'ISSUED', notes: input.notes ?? null, version: 1, created_time: at.created, last_modified_time: at.created,
  };
}

/**
 * The use cases of one kind of note (note-kinds.ts: credit notes, debit notes). Each is one
 * transaction: the note, its journal, the settled document, activity and events together.
 */
export function notesService<K extends NoteKey>(kind: NoteKind<K>, deps: Deps) {
  const db = deps.database.db;
  const repo = notesRepository(kind.store);
  const targets = noteTargets(deps);
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();
  const answer = <T>(value: T) => ({ [kind.key]: value }) as Record<K, T>;

  async function load(executor: Db | Tx, orgId: string, noteId: string, forUpdate = false) {
    const row = await repo.find(executor, orgId, noteId, forUpdate);
    if (!row) throw notFound(kind.document, `${kind.key}_id`);
    return row;
  }

  const irnOf = (executor: Db | Tx, row: NoteRow) => (kind.einvoice ? findIrn(executor, row.org_id, row.id) : Promise.resolve(undefined));
  const view = async (executor: Db | Tx, row: NoteRow) => presentNote(
    kind, row, await repo.lines(executor, row.org_id, [row.id]), await repo.applications(executor, row.org_id, [row.id]), await irnOf(executor, row),
  );

  /** A document event's data is its id, number, contact id (under its party's name in the event's schema), total and status. */
  function emit(tx: Tx, ctx: RequestContext, type: 'CREDIT_NOTE_CREATED' | 'CREDIT_NOTE_VOIDED' | 'DEBIT_NOTE_CREATED', n: NoteRow) {
    const data = { id: n.id, number: n.number, total: toRupees(n.total), status: n.status };
    return type === 'DEBIT_NOTE_CREATED' ? deps.events.emit(tx, ctx, type, { ...data, vendor_id: n.contact_id })
      : deps.events.emit(tx, ctx, type, { ...data, customer_id: n.contact_id });
  }

  /** Writes the changed columns with the next version. */
  async function save(tx: Tx, note: NoteRow, changes: Partial<NoteRow>): Promise<NoteRow> {
    const saved: NoteRow = { ...note, ...changes, version: note.version + 1, last_modified_time: now() };
    await repo.update(tx, note.org_id, note.id, { ...changes, version: saved.version, last_modified_time: saved.last_modified_time });
    return saved;
  }

  async function takeNumber(tx: Tx, ctx: RequestContext, side: NoteSide, branchId: string, noteDate: string, noteId: string) {
    const numbering = kind.numbering(side);
    return numbering === 'issued-series' ? deps.series.takeIssuedNumber(tx, ctx, kind.seriesType, branchId, noteDate, noteId)
      : takeDocumentNumber(tx, ctx.orgId, numbering);
  }

  /** The parent the request names, locked for the rest of the transaction (its notes' credited total is read next). */
  async function lockParent(tx: Tx, orgId: string, input: CreateNoteInput): Promise<{ parent: NoteParent; bill?: BillRow } | null> {
    if (input.invoice_id) return { parent: targets.invoice.parentOf(await targets.invoice.port.lockForSettlement(tx, orgId, input.invoice_id, 'invoice_id')) };
    if (!input.bill_id) return null;
    const bill = await targets.bill.port.lockForSettlement(tx, orgId, input.bill_id, 'bill_id');
    return { parent: targets.bill.parentOf(bill), bill };
  }

  /** Applies `amount` of a locked note to a locked target of its contact (note-application.ts applyNoteInTx). */
  async function applyInTx<Row extends { branch_id: string }>(tx: Tx, ctx: RequestContext, note: NoteRow, target: NoteTarget<Row>, row: Row, amount: number) {
    if (note.note_type !== target.noteType) {
      const right = note.note_type === 'VENDOR' ? 'apply-to-bill' : 'apply-to-invoice';
      throw invalidValue(`${target.kind}_id`, `a ${note.note_type.toLowerCase()} ${kind.document} cannot be applied to a ${target.kind}; use ${right}`);
    }
    const targetId = target.idOf(row);
    let saved = note;
    const { settled, applicationId } = await applyNoteInTx(tx, ctx, deps, {
      document: kind.document, idPrefix: kind.applicationPrefix, side: sideOf(note.note_type), amount, note,
      target: {
        id: targetId, branchId: row.branch_id, date: target.dateOf(row), credit: target.asTarget(row),
        settle: (metadata) => target.port.settleInTx(tx, ctx, row, 'credit', amount, 'amount', metadata),
      },
      recordApplication: (applicationId) => repo.insertApplication(tx, {
        org_id: ctx.orgId, application_id: applicationId, note_id: note.id,
        invoice_id: target.kind === 'invoice' ? targetId : null, bill_id: target.kind === 'bill' ? targetId : null, amount, created_time: now(), released: 0,
      }),
      save: async (next) => (saved = await save(tx, note, next)),
    });
    return { saved, settled, applicationId };
  }

  /** Applies as much of a locked note as the target still has open (nothing to a target no longer open). */
  async function applyOpenInTx<Row extends { branch_id: string }>(tx: Tx, ctx: RequestContext, note: NoteRow, target: NoteTarget<Row>, targetId: string) {
    const row = await target.port.lockForSettlement(tx, ctx.orgId, targetId, `${target.kind}_id`);
    const credit = target.asTarget(row);
    const amount = credit.open.includes(credit.status) ? Math.min(note.balance_amount, credit.balance) : 0;
    if (amount > 0) await applyInTx(tx, ctx, note, target, row, amount);
  }

  /** An apply endpoint: the note is locked first, then the target. */
  function applyTo<Row extends { branch_id: string }>(ctx: RequestContext, noteId: string, target: NoteTarget<Row>, targetId: string, amountRupees: number) {
    return deps.uow(ctx, async (tx) => {
      const note = await load(tx, ctx.orgId, noteId, true);
      const row = await target.port.lockForSettlement(tx, ctx.orgId, targetId, `${target.kind}_id`);
      const { saved, settled, applicationId } = await applyInTx(tx, ctx, note, target, row, toPaise(amountRupees));
      return { ...answer(presentApplied(kind, saved, applicationId)), [target.kind]: target.present(settled, today()) };
    });
  }

  /** Unapplies one application: the note is locked first, then the invoice or bill it settled (note-application.ts unapplyNoteInTx). */
  async function unapplyFrom<Row extends { branch_id: string }>(tx: Tx, ctx: RequestContext, note: NoteRow, target: NoteTarget<Row>, targetId: string, application: NoteApplicationRow) {
    const row = await target.port.lockForSettlement(tx, ctx.orgId, targetId, 'application_id');
    let saved = note;
    const released = await unapplyNoteInTx(tx, ctx, deps, {
      document: kind.document, side: sideOf(note.note_type), application, note,
      target: {
        id: targetId, branchId: row.branch_id, date: target.dateOf(row), credit: target.asTarget(row),
        release: (metadata) => target.port.releaseInTx(tx, ctx, row, 'credit', application.amount, metadata),
      },
      markReleased: () => repo.releaseApplication(tx, ctx.orgId, application.application_id),
      save: async (next) => (saved = await save(tx, note, next)),
    });
    return { ...answer(await view(tx, saved)), [target.kind]: target.present(released, today()) };
  }

  /**
   * ISSUED at once with its journal; a credit note moves no balance until it is
   * applied. A debit note naming a bill exists to lower it, so as much of it as the bill still
   * owes is applied to it in the same transaction (the rest stays to apply elsewhere). A debit
   * note naming an invoice is a receivable of its own: its balance is what the customer owes on it
   * (docs/rules/documents-and-notes.md, "Debit notes to customers").
   */
async function createInTx(tx: Tx, ctx: RequestContext, input: CreateNoteInput) {
    if (input.invoice_id && input.bill_id) throw invalidValue('bill_id', `send invoice_id (a customer ${kind.document}) or bill_id (a vendor ${kind.document}), not both`);
    const noteDate = businessDateOf(input.date);
    await assertDocumentDate(tx, ctx.orgId, noteDate, 'date');
    const contact = await contactsRepository.find(tx, ctx.orgId, input.contact_id);
    if (!contact) throw notFound('contact', kind.contactKey);
    const locked = await lockParent(tx, ctx.orgId, input);
    const parent = locked?.parent ?? null;
    const type = kind.typeOf(parent?.kind ?? null, contact.contact_type);
    const side = sideOf(type);
    const raises = kind.raises(type);
    const prepared = await prepareNote(tx, ctx.orgId, { ...input, contactField: kind.contactKey, noteDate, raises }, side, parent, deps.series.branchOf);
    // A customer's note is issued now: an organisation that e-invoices has its parties checked first.
    if (type === 'CUSTOMER' && kind.einvoice) {
      await assertEInvoiceParties(tx, ctx.orgId, { branch_id: prepared.party.branchId, name: prepared.party.contactName, party: prepared.party.partyCopy,
        gst_treatment: prepared.party.gstTreatment, export_type: prepared.exportType, place_of_supply: prepared.party.placeOfSupply }, kind.document);
    }
    const noteId = deps.ids.next(kind.idPrefix);
    const number = await takeNumber(tx, ctx, side, prepared.party.branchId, noteDate, noteId);
    const note = newNoteRow({ orgId: ctx.orgId, id: noteId, number, created: now() }, input, type, side, prepared);
    const lines: NoteLineRow[] = noteLineColumnsOf(prepared, input.line_items, () => deps.ids.next('li'))
      .map((l) => ({ ...l, org_id: ctx.orgId, note_id: note.id }));
    await repo.insert(tx, note, lines);
    const journal = await deps.ledger.postUnlessZero(tx, ctx, {
      date: note.note_date, source: kind.source, sourceId: note.id, sourceVersion: note.version, sourceRef: number,
      memo: kind.memo(number, note.contact_name), contactId: note.contact_id, branchId: note.branch_id,
      lines: await noteJournalLines(tx, ctx.orgId, side, note, lines, prepared.reverseCharge, raises),
    });
    await deps.activity.record(tx, ctx, {
      entityType: kind.source, entityId: note.id, entityRef: number, verb: 'CREATED',
      metadata: { journal_id: journal?.journal_id ?? null, ...(parent && { [`${parent.kind}_id`]: parent.id }) },
    });
    const bill = kind.appliedAtCreation ? locked?.bill : undefined;
    const toApply = bill && targets.bill.asTarget(bill).open.includes(bill.status) ? Math.min(note.total, bill.balance) : 0;
    const issued = bill && toApply > 0 ? (await applyInTx(tx, ctx, note, targets.bill, bill, toApply)).saved : note;
    await emit(tx, ctx, kind.createdEvent, issued);
    return answer(await view(tx, issued));
  }

  return {
    createInTx,

    async create(ctx: RequestContext, input: CreateNoteInput) {
      return deps.uow(ctx, (tx) => createInTx(tx, ctx, input));
    },

    /** reference_number and notes, until anything is applied (spec) or the note is voided; a PUT that changes nothing writes nothing. */
    async update(ctx: RequestContext, noteId: string, input: UpdateNoteBody) {
      return deps.uow(ctx, async (tx) => {
        const note = await load(tx, ctx.orgId, noteId, true);
        assertHeaderEditable(kind.document, note);
        if (kind.einvoice) await assertNoActiveIrn(tx, ctx.orgId, { type: kind.source, id: noteId });
        await assertPeriodOpen(tx, ctx.orgId, note.note_date);
        const header = (n: Pick<NoteRow, 'reference_number' | 'notes'>) => ({ reference_number: n.reference_number, notes: n.notes });
        const after = {
          reference_number: input.reference_number !== undefined ? input.reference_number : note.reference_number,
          notes: input.notes !== undefined ? input.notes : note.notes,
        };
        const changes = diffFields(header(note), after);
        if (!changes) return answer(await view(tx, note));
        const saved = await save(tx, note, after);
        await deps.activity.record(tx, ctx, { entityType: kind.source, entityId: noteId, entityRef: note.number, verb: 'UPDATED', changes });
        return answer(await view(tx, saved));
      });
    },

    /** ISSUED with nothing applied → CANCELLED; the journal is reversed on its own date (as every void), refused in a locked period. */
    async void(ctx: RequestContext, noteId: string, request: IrnVoidBody = null) {
      return deps.uow(ctx, async (tx) => {
        const note = await load(tx, ctx.orgId, noteId, true);
        assertVoidable(kind.document, note);
        await assertPeriodOpen(tx, ctx.orgId, note.note_date, reversalRemedy(kind.source));
        const cancellation = kind.einvoice
          ? await cancelIrnOnVoid(tx, ctx, { type: kind.source, id: noteId, number: note.number }, request ?? {}, deps.clock.now(), deps.activity) : null;
        const [reversal] = await deps.ledger.reverseSource(tx, ctx, kind.source, noteId, `Void of ${kind.document} ${note.number}`);
        const saved = await save(tx, note, { status: 'CANCELLED', balance_amount: 0 });
        await deps.activity.record(tx, ctx, {
          entityType: kind.source, entityId: noteId, entityRef: note.number, verb: 'VOIDED',
          changes: { status: { old: note.status, new: saved.status } }, metadata: { reversal_journal_id: reversal?.journal_id ?? null },
        });
        if (kind.voidedEvent) await emit(tx, ctx, kind.voidedEvent, saved);
        return { ...answer(await view(tx, saved)), ...(cancellation && { einvoice_cancellation: cancellation }) };
      });
    },

    /**
     * Applies a note to the invoice or bill it names, as far as both are open, inside a caller's
     * transaction: an imported note that settled that document where it came from (Tally's Agst Ref).
     */
    async applyToParentInTx(tx: Tx, ctx: RequestContext, noteId: string): Promise<void> {
      const note = await load(tx, ctx.orgId, noteId, true);
      if (note.invoice_id) await applyOpenInTx(tx, ctx, note, targets.invoice, note.invoice_id);
      else if (note.bill_id) await applyOpenInTx(tx, ctx, note, targets.bill, note.bill_id);
    },

    applyToInvoice: (ctx: RequestContext, noteId: string, input: { invoice_id: string; amount: number }) =>
      applyTo(ctx, noteId, targets.invoice, input.invoice_id, input.amount),

    applyToBill: (ctx: RequestContext, noteId: string, input: { bill_id: string; amount: number }) =>
      applyTo(ctx, noteId, targets.bill, input.bill_id, input.amount),

    async unapply(ctx: RequestContext, noteId: string, applicationId: string) {
      return deps.uow(ctx, async (tx) => {
        const note = await load(tx, ctx.orgId, noteId, true);
        const application = (await repo.applications(tx, ctx.orgId, [noteId])).find((a) => a.application_id === applicationId);
        if (!application) throw notFound('application', 'application_id');
        return application.invoice_id ? unapplyFrom(tx, ctx, note, targets.invoice, application.invoice_id, application)
          : unapplyFrom(tx, ctx, note, targets.bill, application.bill_id!, application);
      });
    },

    async get(ctx: RequestContext, noteId: string) {
      return answer(await view(db, await load(db, ctx.orgId, noteId)));
    },

    /** A page newest first: `filter` as the route reads it, with the query's search and e-invoice status. */
    async list(ctx: RequestContext, query: { per_page?: number; cursor?: string; search?: string; einvoice_status?: EInvoiceStatus }, filter: NoteFilter) {
      const { perPage, after } = readCursor(deps.cursors, kind.store.notes, query);
      const rows = await repo.list(db, ctx.orgId, {
        ...filter, search: searchPatternOf(query.search), einvoice: await einvoiceFilterOf(db, ctx.orgId, query.einvoice_status),
      }, after, perPage);
      const page = cursorPage(deps.cursors, kind.store.notes, rows, perPage, (r) => [r.id]);
      const ids = page.items.map((r) => r.id);
      const [lines, applications, irns] = [await repo.lines(db, ctx.orgId, ids), await repo.applications(db, ctx.orgId, ids), kind.einvoice ? await findIrns(db, ctx.orgId, ids) : new Map()];
      const notes = page.items.map((r) => presentNote(
        kind, r, lines.filter((l) => l.note_id === r.id), applications.filter((a) => a.note_id === r.id), irns.get(r.id),
      ));
      return { [kind.store.notes]: notes, page_context: page.page_context };
    },

    exists: async (orgId: string, noteId: string) => (await repo.find(db, orgId, noteId)) !== undefined,
    /** Locks a live document of this organisation for the rest of the caller's transaction (comments hang off it); false when there is none. */
    lockLive: async (tx: Tx, orgId: string, noteId: string) => (await repo.find(tx, orgId, noteId, true)) !== undefined,
    countForContact: (tx: Tx, orgId: string, contactId: string) => repo.countForContact(tx, orgId, contactId),
  };
}

export type NotesService<K extends NoteKey = NoteKey> = ReturnType<typeof notesService<K>>;
