import { sql, type RawBuilder } from 'kysely';
import { invalidValue } from '../kernel/errors';
import type { Engine } from './engine';

/*
 * A list's `search`: a case-insensitive substring of some of its text columns, the same on
 * SQLite and PostgreSQL. Case is folded for the letters A-Z alone: SQLite's LOWER folds no
 * other, so PostgreSQL's is held to the C collation's, which folds the same letters whatever
 * the database's own collation. Every other character matches only itself.
 */

/** `text` as a LIKE pattern (with ESCAPE '\') that matches it literally: `%`, `_` and `\` are no wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const lowerAscii = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * The LIKE pattern of a list's `search` (surrounding whitespace ignored), undefined without
 * one; a search of nothing but whitespace is 400. The pattern goes to `containsSearch`.
 */
export function searchPatternOf(search: string | undefined): string | undefined {
  if (search === undefined) return undefined;
  const term = search.trim();
  if (term === '') throw invalidValue('search', 'search is empty: send 1 to 100 characters to look for, or leave it out');
  return `%${escapeLike(lowerAscii(term))}%`;
}

/** A list filter's search: searchPatternOf's pattern, or undefined for none. */
export interface SearchFilter {
  search?: string | undefined;
}

/**
 * Whether any of `columns` (qualified as the query names them) holds the search: `pattern` is
 * searchPatternOf's, or a prepared query's placeholder for it. A null column holds nothing.
 */
export function containsSearch(engine: Engine, columns: readonly string[], pattern: unknown): RawBuilder<boolean> {
  const lowered = (column: string) => (engine === 'postgres' ? sql`lower(${sql.ref(column)} collate "C")` : sql`lower(${sql.ref(column)})`);
  return sql<boolean>`(${sql.join(columns.map((column) => sql`${lowered(column)} like ${pattern} escape '\\'`), sql` or `)})`;
}
