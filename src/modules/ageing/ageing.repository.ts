import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database';
import type { AgeingSide, CreditSource } from './ageing.sides';

const ref = (table: string, column: string) => sql.ref(`${table}.${column}`);
const nonZero = (n: string | number | null) => Number(n ?? 0);

/** What the credits of one source had taken off each document by the date (applications whose credit existed by then). */
function settledBy(orgId: string, side: AgeingSide, credit: CreditSource, date: string) {
  const { applications: a } = credit;
  return sql`select ${ref('app', side.document.target)} as document_id, sum(${ref('app', a.documentAmount)}) as amount
    from ${sql.table(a.table)} as app
    join ${sql.table(credit.table)} as cr on cr.org_id = app.org_id and ${ref('cr', credit.id)} = ${ref('app', a.creditKey)}
    where app.org_id = ${orgId} and app.released = 0 and ${ref('cr', credit.date)} <= ${date} and ${credit.live}
    group by ${ref('app', side.document.target)}`;
}

/**
 * The side's documents open on the date: issued by then, less what was applied to them by then;
 * amounts in the document's currency. Aggregated in the database, one grouped scan per credit source.
 */
export async function openDocuments(db: Db, orgId: string, side: AgeingSide, date: string) {
  const d = side.document;
  const settled: RawBuilder<unknown>[] = side.credits.map((_, i) => sql`coalesce(${sql.ref(`s${i}.amount`)}, 0)`);
  const outstanding = sql`d.total - (${sql.join(settled, sql` + `)})`;
  const joins = side.credits.map((credit, i) =>
    sql`left join (${settledBy(orgId, side, credit, date)}) as ${sql.ref(`s${i}`)} on ${sql.ref(`s${i}.document_id`)} = ${ref('d', d.id)}`);
  const { rows } = await sql<{ id: string; number: string; contact_id: string; contact_name: string; date: string; due_date: string; total: string | number; exchange_rate_micro: string | number; outstanding: string | number }>`
    select ${ref('d', d.id)} as id, ${ref('d', d.number)} as number, c.contact_id, c.contact_name, ${ref('d', d.date)} as date, d.due_date,
      d.total, d.exchange_rate_micro, ${outstanding} as outstanding
    from ${sql.table(d.table)} as d
    join contacts as c on c.org_id = d.org_id and c.contact_id = ${ref('d', d.contactId)}
    ${sql.join(joins, sql` `)}
    where d.org_id = ${orgId} and d.status not in ('DRAFT', 'CANCELLED') and ${ref('d', d.date)} <= ${date} and ${outstanding} > 0`.execute(db);
  return rows.map((r) => ({ ...r, total: nonZero(r.total), exchange_rate_micro: nonZero(r.exchange_rate_micro), outstanding: nonZero(r.outstanding) }));
}

/** One source's credits open on the date: made by then, less what was applied by then to documents that existed. */
export async function openCredits(db: Db, orgId: string, side: AgeingSide, credit: CreditSource, date: string) {
  const { applications: a } = credit;
  const d = side.document;
  const applied = sql`select ${ref('app', a.creditKey)} as credit_id, sum(${ref('app', a.creditAmount)}) as amount
    from ${sql.table(a.table)} as app
    join ${sql.table(d.table)} as d on d.org_id = app.org_id and ${ref('d', d.id)} = ${ref('app', d.target)}
    where app.org_id = ${orgId} and app.released = 0 and ${ref('d', d.date)} <= ${date}
    group by ${ref('app', a.creditKey)}`;
  const open = sql`${ref('cr', credit.total)} - coalesce(a.amount, 0)`;
  const { rows } = await sql<{ id: string; number: string | null; contact_id: string; contact_name: string; date: string; total: string | number; exchange_rate_micro: string | number; open_amount: string | number }>`
    select ${ref('cr', credit.id)} as id, ${ref('cr', credit.number)} as number, c.contact_id, c.contact_name, ${ref('cr', credit.date)} as date,
      ${ref('cr', credit.total)} as total, cr.exchange_rate_micro, ${open} as open_amount
    from ${sql.table(credit.table)} as cr
    join contacts as c on c.org_id = cr.org_id and c.contact_id = ${ref('cr', credit.contactId)}
    left join (${applied}) as a on a.credit_id = ${ref('cr', credit.id)}
    where cr.org_id = ${orgId} and ${credit.live} and ${ref('cr', credit.date)} <= ${date} and ${open} > 0`.execute(db);
  return rows.map((r) => ({ ...r, type: credit.type, total: nonZero(r.total), exchange_rate_micro: nonZero(r.exchange_rate_micro), open_amount: nonZero(r.open_amount) }));
}
