import { sql, type Kysely } from 'kysely';
import type { BahiMigration } from './migration';

/**
 * A note's line that names no invoice or bill line takes goods back only when it names its
 * item and restocks them; any other lowers value alone (value_only = 1), which GSTR-1's HSN
 * table reads as a lower value with the quantity kept (docs/decisions.md, Notes). Lines
 * stored before were all counted as goods.
 */
export const unboundNoteGoods: BahiMigration = {
  name: '038-unbound-note-goods',
  async up(db: Kysely<unknown>) {
    for (const table of ['credit_note_lines', 'debit_note_lines']) {
      await sql`update ${sql.table(table)} set value_only = 1
        where parent_line_item_id is null and not (item_id is not null and restock = 1)`.execute(db);
    }
  },
};
