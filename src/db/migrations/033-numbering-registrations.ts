import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { BahiMigration } from './migration';

/** The shape each kind of document's default series had before this migration: existing organisations keep it. */
const EARLIER_DEFAULTS: readonly [documentType: string, label: string, prefix: string, padding: number, template: string][] = [
  ['invoice', 'Default', 'INV-', 3, '{prefix}{fy}-{num}'],
  ['credit_note', 'Credit notes', 'CN-', 6, '{prefix}{num}'],
  ['estimate', 'Estimates', 'EST-', 6, '{prefix}{num}'],
  ['sales_order', 'Sales orders', 'SO-', 6, '{prefix}{num}'],
  ['purchase_order', 'Purchase orders', 'PO-', 6, '{prefix}{num}'],
];

/** The documents numbered from a series, with the columns that name their number and date. */
const ISSUED: readonly [documentType: string, table: string, id: string, number: string, date: string, only?: string][] = [
  ['invoice', 'invoices', 'invoice_id', 'invoice_number', 'invoice_date'],
  ['credit_note', 'credit_notes', 'credit_note_id', 'credit_note_number', 'note_date', "note_type = 'CUSTOMER'"],
  ['estimate', 'estimates', 'estimate_id', 'estimate_number', 'estimate_date'],
  ['sales_order', 'sales_orders', 'sales_order_id', 'sales_order_number', 'order_date'],
  ['purchase_order', 'purchase_orders', 'purchase_order_id', 'purchase_order_number', 'order_date'],
];

/** A branch's registration as series.rules.ts registrationOf writes it: its GSTIN, else the branch alone. */
const registrationSql = (gstin: string, branchId: string) => sql.raw(`coalesce(${gstin}, 'branch:' || ${branchId})`);

/** The financial year (April to March) of a YYYY-MM-DD column, written 2026-27, in SQL both engines read alike. */
function financialYearSql(column: string): RawBuilder<string> {
  // A row without a date (none the service wrote) gets '' rather than a cast error on PostgreSQL.
  const start = `(cast(nullif(substr(${column}, 1, 4), '') as integer) - case when substr(${column}, 6, 2) < '04' then 1 else 0 end)`;
  return sql.raw(`coalesce(cast(${start} as text) || '-' || substr(cast(${start} + 1 as text), 3, 2), '')`);
}

interface SeriesRow { org_id: string; series_id: string; registration: string; document_type: string; series_name: string; period_id: string | null }

/**
 * Numbering per registration (CGST Rule 46(b): one series per GSTIN and financial year).
 * Series belong to a registration (a GSTIN, or a branch without one): same-named series of
 * branches sharing a GSTIN become the earliest one, which counts on from the highest value any
 * of them reached. Every registration of an existing organisation gets the default series it
 * would have numbered with so far, so existing organisations keep their numbers' shape.
 * Issued numbers go into `issued_numbers`, whose unique index refuses a second use of a number
 * in a registration, document type and financial year; numbers already used twice are kept,
 * the later uses marked `legacy_duplicate` (and logged), listed by the admin API.
 */
export const numberingRegistrations: BahiMigration = {
  name: '033-numbering-registrations',
  async up(db: Kysely<unknown>) {
    const s = db.schema;
    await s.alterTable('invoice_series').addColumn('registration', 'text', (c) => c.notNull().defaultTo('')).execute();
    await sql`update invoice_series set registration = coalesce((select ${registrationSql('b.gstin', 'b.branch_id')} from branches b
      where b.org_id = invoice_series.org_id and b.branch_id = invoice_series.branch_id), 'branch:' || branch_id)`.execute(db);
    await mergeSharedSeries(db);
    await giveEveryRegistrationItsDefaults(db);
    await s.dropIndex('invoice_series_name').execute();
    await s.createIndex('invoice_series_name').unique()
      .on('invoice_series').columns(['org_id', 'registration', 'document_type', 'series_name', 'period_id']).execute();
    // NULL period_ids are distinct to a unique index: this one holds the unbound (default) series to one per name.
    await s.createIndex('invoice_series_unbound').unique()
      .on('invoice_series').columns(['org_id', 'registration', 'document_type', 'series_name']).where(sql<boolean>`period_id is null`).execute();

    await s.createTable('issued_numbers')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('document_type', 'text', (c) => c.notNull())
      .addColumn('document_id', 'text', (c) => c.notNull())
      .addColumn('registration', 'text', (c) => c.notNull())
      .addColumn('financial_year', 'text', (c) => c.notNull())
      .addColumn('document_number', 'text', (c) => c.notNull())
      .addColumn('branch_id', 'text', (c) => c.notNull())
      .addColumn('created_time', 'text', (c) => c.notNull())
      .addColumn('legacy_duplicate', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('issued_numbers_pk', ['org_id', 'document_type', 'document_id'])
      .execute();
    for (const [documentType, table, id, number, date, only] of ISSUED) {
      await sql`insert into issued_numbers (org_id, document_type, document_id, registration, financial_year, document_number, branch_id, created_time, legacy_duplicate)
        select d.org_id, ${documentType}, d.${sql.ref(id)}, ${registrationSql('b.gstin', 'd.branch_id')}, ${financialYearSql(`d.${date}`)},
          d.${sql.ref(number)}, d.branch_id, d.created_time, 0
        from ${sql.table(table)} d left join branches b on b.org_id = d.org_id and b.branch_id = d.branch_id
        ${only ? sql.raw(`where d.${only}`) : sql``}`.execute(db);
    }
    const key = ['org_id', 'registration', 'document_type', 'financial_year', 'document_number'];
    await s.createIndex('issued_numbers_scan').on('issued_numbers').columns(key).execute();
    // The first use of a number (created first, then lowest id) keeps it; every later one is a legacy duplicate.
    await sql`update issued_numbers set legacy_duplicate = 1 where exists (select 1 from issued_numbers e
      where e.org_id = issued_numbers.org_id and e.registration = issued_numbers.registration and e.document_type = issued_numbers.document_type
        and e.financial_year = issued_numbers.financial_year and e.document_number = issued_numbers.document_number
        and (e.created_time < issued_numbers.created_time or (e.created_time = issued_numbers.created_time and e.document_id < issued_numbers.document_id)))`.execute(db);
    await s.dropIndex('issued_numbers_scan').execute();
    await s.createIndex('issued_numbers_unique').unique().on('issued_numbers').columns(key).where(sql<boolean>`legacy_duplicate = 0`).execute();
    // The one rule for a number is now issued_numbers': the per-branch indexes would refuse what it allows (a number of another year).
    for (const index of ['invoices_number', 'estimates_number', 'sales_orders_number']) await s.dropIndex(index).execute();

    const duplicates = await sql<Record<string, string>>`select org_id, document_type, document_id, document_number, registration, financial_year, branch_id
      from issued_numbers where legacy_duplicate = 1 order by org_id, document_type, document_id`.execute(db);
    for (const row of duplicates.rows) {
      console.warn(JSON.stringify({ level: 'warn', name: 'migration 033', msg: 'a document number used twice in one registration and financial year: kept, marked legacy_duplicate', ...row }));
    }
  },
};

/** Same-named series of one registration (branches sharing a GSTIN) become the earliest; its counters take the highest value of any. */
async function mergeSharedSeries(db: Kysely<unknown>) {
  const { rows } = await sql<SeriesRow & { created_time: string }>`select org_id, series_id, registration, document_type, series_name, period_id, created_time
    from invoice_series order by org_id, created_time, series_id`.execute(db);
  const survivors = new Map<string, SeriesRow>();
  for (const row of rows) {
    const key = [row.org_id, row.registration, row.document_type, row.series_name, row.period_id ?? ''].join('\u0000');
    const survivor = survivors.get(key);
    if (!survivor) {
      survivors.set(key, row);
      continue;
    }
    const counters = await sql<{ counter_key: string; next_value: number | string }>`select counter_key, next_value from document_counters
      where org_id = ${row.org_id} and counter_key like 'series:%'`.execute(db);
    for (const counter of counters.rows) {
      const own = `series:${row.series_id}`;
      if (counter.counter_key !== own && !counter.counter_key.startsWith(`${own}:`)) continue;
      const target = `series:${survivor.series_id}${counter.counter_key.slice(own.length)}`;
      const existing = counters.rows.find((c) => c.counter_key === target);
      if (!existing) {
        await sql`insert into document_counters (org_id, counter_key, next_value) values (${row.org_id}, ${target}, ${counter.next_value})`.execute(db);
      } else if (Number(existing.next_value) < Number(counter.next_value)) {
        await sql`update document_counters set next_value = ${counter.next_value} where org_id = ${row.org_id} and counter_key = ${target}`.execute(db);
      }
      await sql`delete from document_counters where org_id = ${row.org_id} and counter_key = ${counter.counter_key}`.execute(db);
    }
    await sql`update invoices set series_id = ${survivor.series_id} where org_id = ${row.org_id} and series_id = ${row.series_id}`.execute(db);
    await sql`delete from invoice_series where org_id = ${row.org_id} and series_id = ${row.series_id}`.execute(db);
    console.warn(JSON.stringify({
      level: 'warn', name: 'migration 033', msg: 'series merged into the one of the same name in its registration',
      org_id: row.org_id, series_id: row.series_id, into: survivor.series_id, registration: row.registration, document_type: row.document_type, series_name: row.series_name,
    }));
  }
}

/** Each registration of an existing organisation gets, as a row, the default series it has numbered (or would have) with. */
async function giveEveryRegistrationItsDefaults(db: Kysely<unknown>) {
  const { rows: branches } = await sql<{ org_id: string; branch_id: string; registration: string; created_time: string }>`
    select org_id, branch_id, ${registrationSql('gstin', 'branch_id')} as registration, created_time from branches
    order by org_id, is_default desc, created_time, branch_id`.execute(db);
  const { rows: defaults } = await sql<{ org_id: string; registration: string; document_type: string }>`select org_id, registration, document_type
    from invoice_series where series_name = 'default' and period_id is null`.execute(db);
  const has = new Set(defaults.map((d) => `${d.org_id} ${d.registration} ${d.document_type}`));
  const made = new Map<string, number>();
  for (const branch of branches) {
    for (const [documentType, label, prefix, padding, template] of EARLIER_DEFAULTS) {
      const key = `${branch.org_id} ${branch.registration} ${documentType}`;
      if (has.has(key)) continue;
      has.add(key);
      const n = (made.get(branch.org_id) ?? 0) + 1;
      made.set(branch.org_id, n);
      // An id per organisation in the shape of the service's own (kernel/ids.ts), apart from any it made.
      const seriesId = `ser_${`M033D${String(n).padStart(6, '0')}`.padStart(26, '0')}`;
      await sql`insert into invoice_series (org_id, series_id, branch_id, period_id, series_name, label, prefix, padding, format_template, is_default, document_type, created_time, registration)
        values (${branch.org_id}, ${seriesId}, ${branch.branch_id}, null, 'default', ${label}, ${prefix}, ${padding}, ${template}, 1, ${documentType}, ${branch.created_time}, ${branch.registration})`.execute(db);
    }
  }
}
