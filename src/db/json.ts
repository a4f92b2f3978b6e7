import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './engine';

/** JSON columns are text on both engines; these two functions are the only (de)serialisers. */
export const toJson = (value: unknown): string => JSON.stringify(value);

export function fromJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/**
 * One field of a JSON text column, as SQL text (NULL when the field is absent or null): what a
 * report groups or filters on without reading the JSON back. The field name is a literal, so
 * the same expression in a select and its GROUP BY is one expression to PostgreSQL.
 */
export function jsonTextField(engine: Engine, column: string, field: string): RawBuilder<string | null> {
  return engine === 'postgres'
    ? sql<string | null>`(${sql.ref(column)}::json ->> ${sql.lit(field)})`
    : sql<string | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${field}`)})`;
}
