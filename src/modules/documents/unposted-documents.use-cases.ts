import type { Db, Tx } from '../../db/database';
import { searchPatternOf } from '../../db/text-search';
import type { CursorPosition } from '../../kernel/cursor';
import { notFound } from '../../kernel/errors';
import type { IdPrefix } from '../../kernel/ids';
import { businessDateOf, type LocalDate } from '../../kernel/local-date';
import type { ActivityEntityType } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertWithinBooks } from '../../platform/orgs/period-lock';
import type { EventDataOf, EventType } from '../../platform/outbox/events';
import { cursorPage, readCursor } from '../../platform/pagination';
import type { DocumentTotals } from './documents.presenter';
import { followUpDate } from './follow-up-date.rules';
import { planHeaderEdit, type HeaderEditRules } from './header-edit.planner';
import { lineColumnsOf, totalColumnsOf } from './line-columns.mapper';
import type { LineItemInput } from './line-items.schemas';
import { priceLines } from './lines.pricer';
import { resolveParty, type BranchOf, type DocumentParty } from './party.resolver';
import type { UnpostedDocumentFilter } from './unposted-documents.repository';

interface Repository<Row, LineRow> {
  find(db: Db | Tx, orgId: string, id: string, forUpdate?: boolean): Promise<Row | undefined>;
  lines(db: Db | Tx, orgId: string, ids: readonly string[]): Promise<LineRow[]>;
  list(db: Db, orgId: string, filter: UnpostedDocumentFilter, after: CursorPosition | null, limit: number): Promise<Row[]>;
  countForContact(tx: Tx, orgId: string, contactId: string): Promise<number>;
  update(tx: Tx, orgId: string, id: string, changes: Partial<Row>): Promise<void>;
  insert(tx: Tx, row: Row, lines: LineRow[]): Promise<void>;
}

interface UnpostedRow<S extends string> {
  org_id: string;
  reference_number: string | null;
  notes: string | null;
  status: S | string;
  version: number;
  last_modified_time: string;
}

/** What tells an estimate, a sales order and a purchase order apart in the use cases they share. */
export interface UnpostedDocumentKind<Row, LineRow, View, S extends string, E extends EventType> {
  entityType: ActivityEntityType;
  /** The document as a 404 names it ('sales order'). */
  noun: string;
  /** The id's field in the API, which a 404 names, and its column on the row and on its lines. */
  idField: string;
  /** The list its cursors belong to. */
  list: string;
  /** The document's id, on its row and on its lines'. */
  idOf(row: Row | LineRow): string;
  numberOf(row: Row): string;
  present(row: Row, lines: readonly LineRow[]): View;
  /** What a PUT may change, with its reference, notes and follow-up date: with status, what an UPDATED activity row compares. */
  edits: HeaderEditRules<S>;
  /** The follow-up date (expiry, shipment, expected): its field in the body and on the row, which may not precede the document's date. */
  followUp: { field: string; of(row: Row): LocalDate | null; documentDateOf(row: Row): LocalDate };
  creation: UnpostedDocumentCreation<Row, E>;
}

/** A create's body, as the three documents share it (the follow-up date is under kind.followUp.field). */
interface CreateInput {
  date: string;
  line_items: LineItemInput[];
  reference_number?: string | null;
  notes?: string | null;
  place_of_supply?: string;
  branch_id?: string;
  /** The party: customer_id on a sales document, vendor_id on a purchase one (UnpostedDocumentCreation.role). */
  customer_id?: string;
  vendor_id?: string;
}

/** A PUT's body, as the three documents share it (the follow-up date is under kind.followUp.field). */
interface UpdateInput<S extends string> {
  reference_number?: string | null;
  notes?: string | null;
  status?: S;
}

/** The columns a new document's row has whatever the document. */
export interface NewDocumentColumns extends DocumentTotals {
  org_id: string;
  branch_id: string;
  reference_number: string | null;
  place_of_supply: string;
  supply_type: string;
  status: 'DRAFT';
  notes: string | null;
  version: 1;
  created_time: string;
  last_modified_time: string;
}

/** What a create has settled, for the document's own columns. */
export interface NewDocument {
  id: string;
  number: string;
  party: DocumentParty;
  date: LocalDate;
  followUp: LocalDate | null;
}

/** How a document is created: its party's side, its id and number, and the event that announces it. */
export interface UnpostedDocumentCreation<Row, E extends EventType> {
  /** Whose document it is: a customer's is priced on the sales side, a vendor's on the purchase side. */
  role: 'customer' | 'vendor';
  /** The prefix of the document's id ('est'). */
  idPrefix: IdPrefix;
  /** The series that numbers it. */
  seriesType: 'estimate' | 'sales_order' | 'purchase_order';
  /** The event a create emits, and its data. */
  event: E;
  eventData(row: Row): EventDataOf<E>;
}

/** A new document's row: the shared columns with the document's own. */
export type NewRow<Row> = (shared: NewDocumentColumns, document: NewDocument) => Row;

/** What the shared use cases use: the platform's parts and the series module's branch lookup and numbering. */
export type UnpostedDocumentDeps = Pick<PlatformDeps, 'database' | 'cursors' | 'activity' | 'clock' | 'ids' | 'events'> & {
  series: {
    branchOf: BranchOf;
    takeIssuedNumber(tx: Tx, ctx: RequestContext, documentType: UnpostedDocumentCreation<unknown, EventType>['seriesType'], branchId: string, date: LocalDate, documentId: string): Promise<string>;
  };
};

/**
 * What estimates, sales orders and purchase orders do alike, one implementation: a create, read one
 * with its lines (404 when not this organisation's), a page of them newest first, a header
 * edit, and the checks other modules ask of them.
 */
export function unpostedDocumentUseCases<S extends string, Row extends UnpostedRow<S>, LineRow, View, E extends EventType>(
  repo: Repository<Row, LineRow>, kind: UnpostedDocumentKind<Row, LineRow, View, S, E>, deps: UnpostedDocumentDeps,
) {
  const db = deps.database.db;
  const { field: followUpField, of: followUpOf, documentDateOf } = kind.followUp;
  const { role, idPrefix, seriesType, event, eventData } = kind.creation;
  // The body's schema has checked the follow-up date: a date string, null, or absent.
  const followUpIn = (input: object) => (input as Record<string, string | null | undefined>)[followUpField];
  /** The fields a header edit may change, in the order an UPDATED activity row lists them. */
  const headerOf = (reference: string | null, followUp: LocalDate | null, notes: string | null) =>
    ({ reference_number: reference, [followUpField]: followUp, notes });

  async function load(executor: Db | Tx, orgId: string, id: string, forUpdate = false): Promise<Row> {
    const row = await repo.find(executor, orgId, id, forUpdate);
    if (!row) throw notFound(kind.noun, kind.idField);
    return row;
  }

  const view = async (executor: Db | Tx, row: Row) => kind.present(row, await repo.lines(executor, row.org_id, [kind.idOf(row)]));

  return {
    load,
    view,

    /**
     * A DRAFT document inside the caller's transaction: its party and priced lines, then its id
     * and the next number of its series (which records that id), the row and lines, a CREATED
     * activity row (with `metadata` when given) and the document's created event. Returns its view.
     */
    async create(tx: Tx, ctx: RequestContext, input: CreateInput, newRow: NewRow<Row>, metadata?: Record<string, unknown>): Promise<View> {
      const date = businessDateOf(input.date);
      await assertWithinBooks(tx, ctx.orgId, date, 'date');
      const followUp = followUpDate(followUpIn(input), null, date, followUpField);
      const contactId = role === 'customer' ? input.customer_id : input.vendor_id;
      const party = await resolveParty(tx, ctx.orgId, role, { ...input, contact_id: contactId! }, deps.series.branchOf);
      const priced = await priceLines(tx, ctx.orgId, input.line_items, party, role === 'customer' ? 'sales' : 'purchase');
      const id = deps.ids.next(idPrefix);
      const number = await deps.series.takeIssuedNumber(tx, ctx, seriesType, party.branchId, date, id);
      const created = deps.clock.now().toISOString();
      const row = newRow({
        org_id: ctx.orgId, branch_id: party.branchId, reference_number: input.reference_number ?? null, place_of_supply: party.placeOfSupply,
        supply_type: party.supply, ...totalColumnsOf(priced), status: 'DRAFT', notes: input.notes ?? null,
        version: 1, created_time: created, last_modified_time: created,
      }, { id, number, party, date, followUp });
      const lines = lineColumnsOf(priced, () => deps.ids.next('li'))
        .map((l, position) => ({ ...l, org_id: ctx.orgId, [kind.idField]: id, position }) as LineRow);
      await repo.insert(tx, row, lines);
      await deps.activity.record(tx, ctx, {
        entityType: kind.entityType, entityId: id, entityRef: number, verb: 'CREATED', ...(metadata && { metadata }),
      });
      await deps.events.emit(tx, ctx, event, eventData(row));
      return kind.present(row, lines);
    },

    get: async (orgId: string, id: string) => view(db, await load(db, orgId, id)),

    /** A page newest first, by status, contact and search. */
    async list(orgId: string, query: { status?: string; search?: string; per_page?: number; cursor?: string }, contactId: string | undefined) {
      const { perPage, after } = readCursor(deps.cursors, kind.list, query);
      const rows = await repo.list(db, orgId, { status: query.status, contactId, search: searchPatternOf(query.search) }, after, perPage);
      const page = cursorPage(deps.cursors, kind.list, rows, perPage, (r) => [kind.idOf(r)]);
      const lines = await repo.lines(db, orgId, page.items.map((r) => kind.idOf(r)));
      return { items: page.items.map((r) => kind.present(r, lines.filter((l) => kind.idOf(l) === kind.idOf(r)))), page_context: page.page_context };
    },

    /**
     * A PUT of header fields (an absent one is kept) and a status move, as planHeaderEdit judges them:
     * nothing is written when nothing changes; else a new version and an UPDATED activity row.
     */
    async update(tx: Tx, ctx: RequestContext, id: string, input: UpdateInput<S>): Promise<View> {
      const before = await load(tx, ctx.orgId, id, true);
      const after = headerOf(
        input.reference_number !== undefined ? input.reference_number : before.reference_number,
        followUpDate(followUpIn(input), followUpOf(before), documentDateOf(before), followUpField),
        input.notes !== undefined ? input.notes : before.notes,
      );
      const changes = planHeaderEdit(kind.edits, before.status as S, headerOf(before.reference_number, followUpOf(before), before.notes), after, input.status);
      if (!changes) return view(tx, before);
      const written = { ...after, status: input.status ?? before.status, version: before.version + 1, last_modified_time: deps.clock.now().toISOString() };
      await repo.update(tx, before.org_id, kind.idOf(before), written as Partial<Row>);
      await deps.activity.record(tx, ctx, { entityType: kind.entityType, entityId: kind.idOf(before), entityRef: kind.numberOf(before), verb: 'UPDATED', changes });
      return view(tx, { ...before, ...written });
    },

    exists: async (orgId: string, id: string) => (await repo.find(db, orgId, id)) !== undefined,
    /** Locks a live document of this organisation for the rest of the caller's transaction (comments hang off it); false when there is none. */
    lockLive: async (tx: Tx, orgId: string, id: string) => (await repo.find(tx, orgId, id, true)) !== undefined,
    countForContact: (tx: Tx, orgId: string, contactId: string) => repo.countForContact(tx, orgId, contactId),
  };
}
