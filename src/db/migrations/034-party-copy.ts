import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../engine';
import type { BahiMigration } from './migration';

/** Each document table and the column naming its contact. */
const DOCUMENTS: readonly [table: string, contactColumn: string][] = [
  ['invoices', 'customer_id'],
  ['bills', 'vendor_id'],
  ['credit_notes', 'contact_id'],
  ['debit_notes', 'contact_id'],
  ['expenses', 'vendor_id'],
];

/**
 * The contact `c` as a document keeps it (documents/party-copy.ts partyCopyOf, as JSON text),
 * built in the database: the keys in the same order, the addresses as the JSON they are stored as.
 */
function partyJson(engine: Engine): RawBuilder<string> {
  const legalName = sql`COALESCE(c.legal_name, c.company_name, c.contact_name)`;
  return engine === 'postgres'
    ? sql<string>`json_build_object('gstin', c.gst_no, 'legal_name', ${legalName}, 'billing_address', c.billing_address::json,
        'shipping_address', c.shipping_address::json, 'state_code', c.place_of_contact, 'gst_treatment', c.gst_treatment)::text`
    : sql<string>`json_object('gstin', c.gst_no, 'legal_name', ${legalName}, 'billing_address', json(c.billing_address),
        'shipping_address', json(c.shipping_address), 'state_code', c.place_of_contact, 'gst_treatment', c.gst_treatment)`;
}

/**
 * The party as it was (docs/decisions.md): every invoice, bill, note and expense gets a `party`
 * column, the copy of its contact that returns, e-invoices, e-way bills and PDFs read. Documents
 * made before it take their contact as it is now, the best record there is (a draft takes it
 * again when approved); an expense without a vendor keeps none. One UPDATE per table, each
 * document's contact found by its primary key.
 */
export const partyCopy: BahiMigration = {
  name: '034-party-copy',
  async up(db: Kysely<unknown>, engine: Engine) {
    for (const [table, contactColumn] of DOCUMENTS) {
      await db.schema.alterTable(table).addColumn('party', 'text').execute();
      await sql`UPDATE ${sql.table(table)} SET party = (SELECT ${partyJson(engine)} FROM contacts c
        WHERE c.org_id = ${sql.ref(`${table}.org_id`)} AND c.contact_id = ${sql.ref(`${table}.${contactColumn}`)})`.execute(db);
    }
  },
};
