import { monotonicFactory } from 'ulidx';
import type { BulkTarget } from './bulk-target';
import { render, rowTemplates, type Row, type RowTemplate } from './row-template';

/**
 * What one document's creation wrote, read back from the database: its rows in every table, in
 * the order they can be inserted (parents first), and the strings a copy must not share with it.
 */
export interface Bundle {
  templates: RowTemplate[];
  /** The ids the use case minted (a copy gets fresh ones with the same prefixes). */
  ids: string[];
}

/** Where a table's rows of one document are found: a query with `?` for the document's id. */
export interface BundlePart {
  table: string;
  /** The column holding the ids of what this table's rows are (minted by the use case). */
  idColumn: string;
  where: string;
  /** The parameter: the document's id, or a key from what earlier parts found. */
  param: (documentId: string, found: ReadonlyMap<string, string[]>) => unknown[];
}

/** Reads the rows one document's creation wrote; `tokens` are further strings to replace (its number, its customer). */
export async function readBundle(target: BulkTarget, parts: readonly BundlePart[], documentId: string, tokens: readonly string[]): Promise<Bundle> {
  const found = new Map<string, string[]>();
  const rowsByPart: Row[][] = [];
  for (const part of parts) {
    const params = part.param(documentId, found);
    const placeholders = params.map(() => '?').join(',');
    const rows = params.length === 0 ? [] : await target.read(`SELECT * FROM ${part.table} WHERE ${part.where.replace('(?)', `(${placeholders})`)}`, params);
    found.set(part.table, rows.map((r) => String(r[part.idColumn])));
    rowsByPart.push(rows);
  }
  const ids = [...found.values()].flat();
  return { templates: parts.flatMap((part, i) => rowTemplates(part.table, rowsByPart[i]!, [...ids, ...tokens])), ids };
}

/** Fresh ids in the service's form (`prefix_ULID`), as its id generator makes them. */
export function idMinter(): (like: string) => string {
  const ulid = monotonicFactory();
  return (like) => `${like.slice(0, like.indexOf('_'))}_${ulid()}`;
}

/**
 * Writes copies of bundles in batches (rows of a table together, multi-row inserts), keeping
 * memory bounded whatever the count: `copyValues(i)` names the bundle of copy i and its values
 * for the bundle's tokens, fresh ids being added here.
 */
export async function writeCopies(
  target: BulkTarget, bundles: readonly Bundle[], count: number,
  copyValues: (i: number) => { bundle: number; values: Map<string, string> },
  { batch = 2000, onCopy }: { batch?: number; onCopy?: (i: number, values: Map<string, string>) => void } = {},
): Promise<void> {
  const mint = idMinter();
  for (let from = 0; from < count; from += batch) {
    const byTable = new Map<string, { columns: string[]; rows: unknown[][] }>();
    for (let i = from; i < Math.min(count, from + batch); i++) {
      const { bundle: which, values } = copyValues(i);
      const bundle = bundles[which]!;
      for (const id of bundle.ids) values.set(id, mint(id));
      onCopy?.(i, values);
      for (const template of bundle.templates) {
        const key = `${template.table}:${template.columns.join(',')}`;
        let group = byTable.get(key);
        if (!group) byTable.set(key, (group = { columns: template.columns, rows: [] }));
        group.rows.push(render(template, values));
      }
    }
    // Map order is first-seen order: parents (a bundle's first tables) before their children.
    for (const [key, { columns, rows }] of byTable) await target.insert(key.slice(0, key.indexOf(':')), columns, rows);
  }
}
