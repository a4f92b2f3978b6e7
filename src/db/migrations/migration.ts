import type { Kysely } from 'kysely';
import type { Engine } from '../engine';

/** A forward-only migration, shared by both engines; `engine` covers the rare dialect-only step. */
export interface BahiMigration {
  name: string;
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
}
