import type { Kysely } from 'kysely';
import { perDatabase } from '../db/per-database';
import { BoundedCache } from '../kernel/bounded-cache';
import { JsonText } from '../kernel/json-text';

interface Entry<Row, Inputs> {
  row: Row;
  inputs: Inputs;
  view: JsonText;
}

function sameRow<Row extends object>(a: Row, b: Row): boolean {
  for (const key in b) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * The serialised API view of rows that are read far more often than they change (a list page,
 * a get), kept by id. The row is always read from the database first and compared column by
 * column with the one the view was made from, so a change from any path or process is seen
 * at once; `inputs` are the other things the view depends on (its lines, today's date for a
 * derived OVERDUE), compared by identity.
 */
export function viewCache<Row extends object, Inputs extends readonly unknown[]>(capacity: number, present: (row: Row, ...inputs: Inputs) => unknown) {
  const entriesOf = perDatabase(() => new BoundedCache<string, Entry<Row, Inputs>>(capacity));
  return (db: Kysely<any>, id: string, row: Row, ...inputs: Inputs): JsonText => { // eslint-disable-line @typescript-eslint/no-explicit-any -- any table set
    const entries = entriesOf(db);
    const cached = entries.get(id);
    if (cached && sameRow(cached.row, row) && cached.inputs.length === inputs.length && cached.inputs.every((input, i) => input === inputs[i])) {
      return cached.view;
    }
    const view = JsonText.of(present(row, ...inputs));
    entries.set(id, { row, inputs, view });
    return view;
  };
}
