import { Type, type TSchema } from '@sinclair/typebox';
import { DomainError, ERROR_CODES, type ErrorCode } from '../../kernel/errors';
import { JsonText } from '../../kernel/json-text';
import { Named, NullableOf, Strict } from '../../http/response-schemas';
import { route, type RouteDef } from '../../http/route';
import { validateBody } from '../../http/validation';
import type { Scope } from '../../platform/auth/scopes';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { IdempotentReplay } from '../../platform/idempotency/idempotency.types';
import type { EventType } from '../../platform/outbox/outbox';

export const MAX_BULK_ROWS = 50;

/** One kind of bulk creation: /bulk/invoices, /bulk/bills. */
export interface BulkKind {
  path: string;
  operationId: string;
  access: Scope;
  /** The body's array key and each success's resource key, e.g. `invoices` and `invoice`. */
  collectionKey: string;
  resourceKey: string;
  rowSchema: TSchema;
  /** What the single create answers under `resourceKey` (e.g. Invoice): each succeeded row carries it. */
  resourceSchema: TSchema;
  completedEvent: EventType;
  /** The single create, as its own unit of work; returns `{ [resourceKey]: … }`. */
  create(ctx: RequestContext, row: never): Promise<Record<string, unknown>>;
}

type RowResult = { ok: true; [resource: string]: unknown } | { ok: false; error: { code: string; message: string; field: string | null } };

/**
 * Each row runs as the single create would, in its own transaction, so a failed row rolls
 * back alone. With an Idempotency-Key, row i runs under the derived key `<key>:row:<i>`: a
 * retry after a crash replays the rows that committed instead of creating them twice.
 */
async function runRow(kind: BulkKind, ctx: RequestContext, row: unknown, index: number): Promise<RowResult> {
  const invalid = validateBody(kind.rowSchema, row);
  if (invalid) return refused(invalid);
  const rowCtx: RequestContext = {
    ...ctx,
    idempotency: ctx.idempotency && {
      ...ctx.idempotency,
      key: `${ctx.idempotency.key}:row:${index}`,
      render: (result) => ({ status: 201, body: JsonText.of(result) }),
    },
  };
  try {
    return { ok: true, ...(await kind.create(rowCtx, row as never)) };
  } catch (error) {
    if (error instanceof IdempotentReplay) return { ok: true, ...(error.response.body as Record<string, unknown>) };
    if (error instanceof DomainError) return refused(error);
    throw error;
  }
}

const BulkRowFailure = Named('BulkRowFailure', Strict({
  ok: Type.Literal(false),
  error: Strict({
    code: Type.Unsafe<ErrorCode>({ type: 'string', enum: [...ERROR_CODES] }),
    message: Type.String(),
    field: NullableOf(Type.String({ description: 'The input at fault, within the row' })),
  }),
}, 'A bulk row that was refused; nothing of it was created.'));

const BulkSummary = Named('BulkSummary', Strict({
  total: Type.Integer(),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
}, 'How a bulk request went, row by row.'));

const refused = (error: DomainError): RowResult => ({ ok: false, error: { code: error.code, message: error.message, field: error.field ?? null } });

export function bulkRoute(kind: BulkKind, deps: Pick<PlatformDeps, 'uow' | 'events'>): RouteDef {
  return route({
    method: 'POST', url: kind.path, operationId: kind.operationId, tags: ['Bulk'],
    summary: `Create up to ${MAX_BULK_ROWS} ${kind.collectionKey}; each row succeeds or fails on its own`,
    access: kind.access, idempotency: 'optional',
    response: {
      summary: BulkSummary,
      results: Type.Array(Type.Union([Strict({ ok: Type.Literal(true), [kind.resourceKey]: kind.resourceSchema }), BulkRowFailure]), {
        description: 'One per row, in the order sent',
      }),
    },
    body: Type.Object({ [kind.collectionKey]: Type.Array(Type.Unknown(), { maxItems: 10_000 }) }, { additionalProperties: false }),
    handle: async ({ ctx, body }) => {
      const rows = (body as Record<string, unknown[]>)[kind.collectionKey]!;
      if (rows.length === 0 || rows.length > MAX_BULK_ROWS) {
        throw new DomainError('validation.failed', `${kind.collectionKey} must hold 1 to ${MAX_BULK_ROWS} items; got ${rows.length}`, {
          field: kind.collectionKey, status: 422, details: { max_items: MAX_BULK_ROWS, received: rows.length },
        });
      }
      const results: RowResult[] = [];
      for (const [index, row] of rows.entries()) results.push(await runRow(kind, ctx, row, index));
      const succeeded = results.filter((r) => r.ok).length;
      const summary = { total: rows.length, succeeded, failed: rows.length - succeeded };
      // The batch's own record (and its aggregate event) commit together once every row has run.
      return deps.uow(ctx, async (tx) => {
        await deps.events.emit(tx, ctx, kind.completedEvent, { count: succeeded, failed: summary.failed, batch_size: rows.length });
        return { summary, results };
      });
    },
  });
}
