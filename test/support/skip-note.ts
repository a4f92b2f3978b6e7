/**
 * vitest's default reporter shows a skipped file as a count, never why: a file that cannot run
 * here says so in one line on stderr (what it needs and how to provide it).
 */
export function sayWhySkipped(skipped: boolean, why: string): void {
  if (skipped) process.stderr.write(`${why}\n`);
}

/** The PostgreSQL-only files' line. */
export const needsPostgres = (what: string) =>
  `${what}: skipped, needs PostgreSQL (TEST_DATABASE_URL; scripts/with-postgres.sh <command> starts a throwaway server)`;
