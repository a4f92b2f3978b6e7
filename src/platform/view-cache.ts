import type { Kysely } from 'kysely';
import { perDatabase } from '../db/per-database';
import { BoundedCache } from '../kernel/bounded-cache';
import type { JsonText } from '../kernel/json-text';

interface Entry<Inputs> {
  version: number;
  inputs: Inputs;
  view: JsonText;
}

/**
 * The serialised API views of documents that are read far more often than they change (the
 * pages of a list), kept by id. A view holds for one version of its row: every change to the
 * row raises the version (the repository's update takes none without it), so a caller that
 * reads just the current versions knows which views still hold, from any path or process,
 * without reading the rows. `inputs` are the other things a view depends on (today's date, for
 * a derived OVERDUE), compared with `===`. A document's lines are not an input: they never
 * change once written.
 */
export function viewCache<Inputs extends readonly unknown[]>(capacity: number) {
  const entriesOf = perDatabase(() => new BoundedCache<string, Entry<Inputs>>(capacity));
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table set
  type AnyDb = Kysely<any>;
  return {
    /** The view of `id` at `version` with these inputs, if one was kept. */
    get(db: AnyDb, id: string, version: number, ...inputs: Inputs): JsonText | undefined {
      const cached = entriesOf(db).get(id);
      if (!cached || cached.version !== version || !cached.inputs.every((input, i) => input === inputs[i])) return undefined;
      return cached.view;
    },
    set(db: AnyDb, id: string, version: number, view: JsonText, ...inputs: Inputs): void {
      entriesOf(db).set(id, { version, inputs, view });
    },
  };
}
