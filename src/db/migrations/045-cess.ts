import type { Kysely } from 'kysely';
import { monotonicFactory } from 'ulidx';
import type { BahiMigration } from './migration';

/** The tables whose lines are priced by the GST engine (db/schema.ts DocumentLineColumns), and their headers. */
const LINE_TABLES = ['invoice_lines', 'bill_lines', 'credit_note_lines', 'debit_note_lines', 'estimate_lines', 'sales_order_lines', 'purchase_order_lines'];
const HEADER_TABLES = ['invoices', 'bills', 'credit_notes', 'debit_notes', 'estimates', 'sales_orders', 'purchase_orders'];

/** chart-of-accounts.ts's rows, copied: a migration must not change when that file does. */
const ACCOUNTS = [
  { key: 'cess_input', name: 'Input Cess', type: 'GST_ASSET', code: '1350' },
  { key: 'cess_output', name: 'Output Cess', type: 'GST_LIABILITY', code: '2350' },
];

/**
 * Compensation cess (docs/rules/gst-supply-and-tax.md, "Compensation cess"): each line keeps its
 * ad valorem rate (percent × 100), its amount per unit (paise) and the cess it bears, its
 * document the sum; every line stored before bears none. Every organisation gets the two cess
 * ledgers new ones are created with, as 035 gave Income Tax Expense.
 */
export const cess: BahiMigration = {
  name: '045-cess',
  async up(db: Kysely<unknown>) {
    for (const table of LINE_TABLES) {
      await db.schema.alterTable(table).addColumn('cess_rate_centi', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable(table).addColumn('cess_per_unit', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable(table).addColumn('cess', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    }
    for (const table of HEADER_TABLES) {
      await db.schema.alterTable(table).addColumn('cess_total', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
    }
    // Typed loosely: the migration runs against the schema of its time, not today's.
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const ulid = monotonicFactory();
    for (const account of ACCOUNTS) {
      const have = new Set((await raw.selectFrom('accounts').select('org_id').where('system_key', '=', account.key).execute()).map((a) => a.org_id));
      // Dated with their organisation, as its seeded chart is: a migration has no clock of its own.
      const orgs = (await raw.selectFrom('orgs').select(['org_id', 'created_time']).orderBy('org_id').execute()).filter((o) => !have.has(o.org_id));
      for (const { org_id: orgId, created_time: created } of orgs) {
        await raw.insertInto('accounts').values({
          org_id: orgId, account_id: `acc_${ulid()}`, account_name: account.name, account_code: account.code, account_type: account.type,
          system_key: account.key, is_active: 1, created_time: created,
        }).execute();
      }
    }
  },
};
