import type { Db, Tx } from '../../db/database';
import type { CursorPosition } from '../../kernel/cursor';
import { notFound } from '../../kernel/errors';
import type { ActivityEntityType } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { cursorPage, readCursor } from '../../platform/pagination';
import { planHeaderEdit, type HeaderEditRules } from './header-edit.planner';
import type { UnpostedDocumentFilter } from './unposted-documents.repository';

interface Repository<Row, LineRow> {
  find(db: Db | Tx, orgId: string, id: string, forUpdate?: boolean): Promise<Row | undefined>;
  lines(db: Db | Tx, orgId: string, ids: readonly string[]): Promise<LineRow[]>;
  list(db: Db, orgId: string, filter: UnpostedDocumentFilter, after: CursorPosition | null, limit: number): Promise<Row[]>;
  countForContact(tx: Tx, orgId: string, contactId: string): Promise<number>;
  update(tx: Tx, orgId: string, id: string, changes: Partial<Row>): Promise<void>;
}

interface UnpostedRow<S extends string> {
  org_id: string;
  status: S | string;
  version: number;
  last_modified_time: string;
}

/** What tells an estimate, a sales order and a purchase order apart in the use cases they share. */
export interface UnpostedDocumentKind<Row, LineRow, View, S extends string, Header extends Record<string, unknown>> {
  entityType: ActivityEntityType;
  /** The document as a 404 names it ('sales order'). */
  noun: string;
  /** The id's field in the API, which a 404 names. */
  idField: string;
  /** The list its cursors belong to. */
  list: string;
  /** The document's id, on its row and on its lines'. */
  idOf(row: Row | LineRow): string;
  numberOf(row: Row): string;
  present(row: Row, lines: readonly LineRow[]): View;
  /** What a PUT may change, and its header fields: with status, what an UPDATED activity row compares. */
  edits: HeaderEditRules<S>;
  headerOf(row: Row): Header;
}

/**
 * What estimates, sales orders and purchase orders do alike, one implementation: read one
 * with its lines (404 when not this organisation's), a page of them newest first, a header
 * edit, and the checks other modules ask of them.
 */
export function unpostedDocumentUseCases<S extends string, Row extends UnpostedRow<S>, LineRow, View, Header extends Record<string, unknown>>(
  repo: Repository<Row, LineRow>, kind: UnpostedDocumentKind<Row, LineRow, View, S, Header>,
  deps: Pick<PlatformDeps, 'database' | 'cursors' | 'activity' | 'clock'>,
) {
  const db = deps.database.db;

  async function load(executor: Db | Tx, orgId: string, id: string, forUpdate = false): Promise<Row> {
    const row = await repo.find(executor, orgId, id, forUpdate);
    if (!row) throw notFound(kind.noun, kind.idField);
    return row;
  }

  const view = async (executor: Db | Tx, row: Row) => kind.present(row, await repo.lines(executor, row.org_id, [kind.idOf(row)]));

  return {
    load,
    view,
    get: async (orgId: string, id: string) => view(db, await load(db, orgId, id)),

    /** A page newest first, by status and contact. */
    async list(orgId: string, query: { status?: string; per_page?: number; cursor?: string }, contactId: string | undefined) {
      const { perPage, after } = readCursor(deps.cursors, kind.list, query);
      const rows = await repo.list(db, orgId, { status: query.status, contactId }, after, perPage);
      const page = cursorPage(deps.cursors, kind.list, rows, perPage, (r) => [kind.idOf(r)]);
      const lines = await repo.lines(db, orgId, page.items.map((r) => kind.idOf(r)));
      return { items: page.items.map((r) => kind.present(r, lines.filter((l) => kind.idOf(l) === kind.idOf(r)))), page_context: page.page_context };
    },

    /**
     * A PUT of header fields (`after`) and a status move, as planHeaderEdit judges them: nothing
     * is written when nothing changes; else a new version and an UPDATED activity row.
     */
    async editHeader(tx: Tx, ctx: RequestContext, before: Row, after: Header, status: S | undefined): Promise<View> {
      const changes = planHeaderEdit(kind.edits, before.status as S, kind.headerOf(before), after, status);
      if (!changes) return view(tx, before);
      const written = { ...after, status: status ?? before.status, version: before.version + 1, last_modified_time: deps.clock.now().toISOString() };
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
