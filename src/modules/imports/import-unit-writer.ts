import type { TSchema } from '@sinclair/typebox';
import type { Tx } from '../../db/database';
import { inSavepoint } from '../../db/savepoint';
import { DomainError, invalidValue } from '../../kernel/errors';
import { toRupees, type Paise } from '../../kernel/money';
import { validateBody } from '../../http/validation';
import type { RequestContext } from '../../platform/context';
import type { ImportKind, ImportUnit } from './import-unit';
import { importsStore as store } from './imports.store';
import { withStandIns, type nameResolver } from './name-refs';

/** What a creator answers: the record's id, and a document's total and round-off (to compare with a Tally voucher's). */
export interface Created {
  id: string;
  total?: Paise;
  roundOff?: Paise;
}

/** A kind's create path: the body schema the API's POST validates against, and the function its POST calls, inside a caller's transaction. */
export interface ImportCreator {
  entityType: string;
  schema: TSchema;
  create(tx: Tx, ctx: RequestContext, body: never): Promise<Created>;
  /** A note's: applies the record created to the invoice or bill it names, as far as both are open (a unit that settlesParent). */
  settleParent?(tx: Tx, ctx: RequestContext, id: string): Promise<void>;
}
export type ImportCreators = Partial<Record<ImportKind, ImportCreator>>;

export type UnitOutcome =
  | { outcome: 'created' }
  | { outcome: 'already_imported' }
  | { outcome: 'imported_as_journal'; message: string }
  | { outcome: 'failed'; error: DomainError };

/** A Tally voucher whose total Bahi's differs from by at most this becomes the document's round_off (docs/rules/imports.md, "Totals"). */
const ROUND_OFF_TOLERANCE: Paise = 100;

/**
 * Writes one unit inside the batch's transaction, in a savepoint of its own (docs/rules/imports.md,
 * "Runs"): a unit whose row key an earlier run wrote is skipped; else its body is validated, its
 * names resolved and its kind's create path called; a DomainError rolls back to the savepoint,
 * leaving the batch's other units as they were.
 */
export function unitWriter(deps: { creators: ImportCreators; importId: string; ctx: RequestContext; names: ReturnType<typeof nameResolver> }) {
  const { ctx } = deps;

  async function create(tx: Tx, unit: ImportUnit, extra: Record<string, unknown> = {}): Promise<Created> {
    const creator = deps.creators[unit.kind];
    if (!creator) throw invalidValue('kind', `${unit.kind} cannot be imported by this service`);
    const invalid = validateBody(creator.schema, withStandIns({ ...(unit.body as object), ...extra }));
    if (invalid) throw invalid;
    const body = await deps.names.resolve({ ...(unit.body as object), ...extra });
    return creator.create(tx, ctx, body as never);
  }

  /** A document against the total its file states: within ₹1 the difference is its round_off; beyond, the fallback (a journal) instead. */
  async function createMatching(tx: Tx, unit: ImportUnit, rollback: () => Promise<void>): Promise<{ created: Created; unit: ImportUnit; asJournal?: string }> {
    const expected = unit.expectedTotal;
    const first = await create(tx, unit);
    if (expected === undefined || first.total === undefined || first.total === expected) return { created: first, unit };
    const difference = expected - first.total;
    if (Math.abs(difference) <= ROUND_OFF_TOLERANCE) {
      await rollback();
      const again = await create(tx, unit, { round_off: toRupees((first.roundOff ?? 0) + difference) });
      if (again.total === expected) return { created: again, unit };
    }
    if (!unit.fallback) throw invalidValue('total', `the file's total ${toRupees(expected)} is not Bahi's ${toRupees(first.total)}`);
    await rollback();
    return {
      created: await create(tx, unit.fallback), unit: unit.fallback,
      asJournal: `the file's total ${toRupees(expected)} differs from Bahi's ${toRupees(first.total)} by more than ₹1: imported as a journal`,
    };
  }

  return async function writeUnit(tx: Tx, unit: ImportUnit): Promise<UnitOutcome> {
    if (await store.keyExists(tx, ctx.orgId, unit.kind, unit.key)) return { outcome: 'already_imported' };
    try {
      return await inSavepoint(tx, async (rollback) => {
        const { created, unit: written, asJournal } = await createMatching(tx, unit, rollback);
        if (written.settlesParent) await deps.creators[written.kind]!.settleParent?.(tx, ctx, created.id);
        await store.insertKey(tx, {
          org_id: ctx.orgId, kind: unit.kind, row_key: unit.key, entity_type: deps.creators[written.kind]!.entityType, entity_id: created.id, import_id: deps.importId,
        });
        return asJournal === undefined ? { outcome: 'created' as const } : { outcome: 'imported_as_journal' as const, message: asJournal };
      });
    } catch (error) {
      if (error instanceof DomainError) return { outcome: 'failed', error };
      throw error;
    }
  };
}
