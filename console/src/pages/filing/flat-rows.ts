/** A row of a return's table as the console lists it: the portal's field names and their values. */
export type FlatRow = Record<string, string | number>;

/**
 * A return's nested record (a recipient, its invoices, their items) as table rows: one row per
 * innermost item, the fields of every record above it repeated, as the API's CSV form lays a
 * section out. Nothing is summed.
 */
export function flatRows(record: object): FlatRow[] {
  const scalars: FlatRow = {};
  let children: FlatRow[] = [{}];
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string' || typeof value === 'number') scalars[key] = value;
    else if (Array.isArray(value)) children = children.flatMap((above) => (value as object[]).flatMap(flatRows).map((row) => ({ ...above, ...row })));
    else if (value && typeof value === 'object') children = children.flatMap((above) => flatRows(value).map((row) => ({ ...above, ...row })));
  }
  return children.map((row) => ({ ...scalars, ...row }));
}
