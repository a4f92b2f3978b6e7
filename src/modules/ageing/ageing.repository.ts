import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { AgeingSide, CreditSource, DocumentSource } from './ageing.sides';

const ref = (table: string, column: string) => sql.ref(`${table}.${column}`);
const nonZero = (n: string | number | null) => Number(n ?? 0);

/*
 * An item's open amount on a date is what is open now plus what the applications it took part
 * in since took off it: on a document, those whose credit was made after the date; on a credit,
 * those to documents issued after it. So each read starts from the items open now (a partial
 * index holds only them) and from what was dated after the date, and costs that, not every
 * document ever issued.
 *
 * Each join is written `cross join … where`: SQLite then keeps the order written (its planner,
 * without statistics, would rather walk every document by date), and PostgreSQL plans it as
 * the inner join it is.
 */

/** Per document, what credits made after the date have taken off it since (nothing, for a document nothing is applied to). */
function appliedByLaterCredits(orgId: string, side: AgeingSide, d: DocumentSource, date: string) {
  const target = d.target;
  if (target === null) return sql`select null as document_id, 0 as amount where 1 = 0`;
  const perSource = side.credits.map((credit) => {
    const a = credit.applications;
    return sql`select ${ref('app', target)} as document_id, ${ref('app', a.documentAmount)} as amount
      from ${sql.table(credit.table)} as cr cross join ${sql.table(a.table)} as app
      where cr.org_id = ${orgId} and ${ref('cr', credit.date)} > ${date} and ${credit.live}
        and app.org_id = cr.org_id and ${ref('app', a.creditKey)} = ${ref('cr', credit.id)} and app.released = 0`;
  });
  return sql`select document_id, sum(amount) as amount from (${sql.join(perSource, sql` union all `)}) as later group by document_id`;
}

/** Per credit of the source, what it has given since to documents issued after the date. */
function givenToLaterDocuments(orgId: string, side: AgeingSide, credit: CreditSource, date: string) {
  const { applications: a } = credit;
  const perDocument = side.documents.flatMap((d) => (d.target === null ? [] : [sql`select ${ref('app', a.creditKey)} as credit_id, ${ref('app', a.creditAmount)} as amount
    from ${sql.table(d.table)} as d cross join ${sql.table(a.table)} as app
    where d.org_id = ${orgId} and ${ref('d', d.date)} > ${date}
      and app.org_id = d.org_id and ${ref('app', d.target)} = ${ref('d', d.id)} and app.released = 0`]));
  return sql`select credit_id, sum(amount) as amount from (${sql.join(perDocument, sql` union all `)}) as given group by credit_id`;
}

/**
 * The side's documents open on the date: issued by then, with what was due on them then
 * (applications count once their credit exists: docs/rules/ledger-and-periods.md, "Dates of reversals and applications"); amounts in the document's currency.
 */
export async function openDocuments(db: Db, orgId: string, side: AgeingSide, d: DocumentSource, date: string) {
  const outstanding = sql`${ref('d', d.balance)} + coalesce(later.amount, 0)`;
  const { rows } = await sql<{ id: string; number: string; contact_id: string; contact_name: string; date: string; due_date: string; total: string | number; exchange_rate_micro: string | number; outstanding: string | number }>`
    with later as (${appliedByLaterCredits(orgId, side, d, date)}),
    candidates as (
      select ${ref('d', d.id)} as document_id from ${sql.table(d.table)} as d where d.org_id = ${orgId} and ${ref('d', d.balance)} > 0
      union select document_id from later)
    select ${ref('d', d.id)} as id, ${ref('d', d.number)} as number, c.contact_id, c.contact_name, ${ref('d', d.date)} as date, ${ref('d', d.dueDate)} as due_date,
      d.total, d.exchange_rate_micro, ${outstanding} as outstanding
    from candidates as k
    cross join ${sql.table(d.table)} as d
    cross join contacts as c
    left join later on later.document_id = k.document_id
    where d.org_id = ${orgId} and ${ref('d', d.id)} = k.document_id and c.org_id = d.org_id and c.contact_id = ${ref('d', d.contactId)}
      and ${d.live} and ${ref('d', d.date)} <= ${date} and ${outstanding} > 0`.execute(db);
  return rows.map((r) => ({ ...r, type: d.type, total: nonZero(r.total), exchange_rate_micro: nonZero(r.exchange_rate_micro), outstanding: nonZero(r.outstanding) }));
}

/** One source's credits open on the date: made by then, less what was applied by then to documents that existed. */
export async function openCredits(db: Db, orgId: string, side: AgeingSide, credit: CreditSource, date: string) {
  const open = sql`${ref('cr', credit.open)} + coalesce(later.amount, 0)`;
  const { rows } = await sql<{ id: string; number: string | null; contact_id: string; contact_name: string; date: string; total: string | number; exchange_rate_micro: string | number; open_amount: string | number }>`
    with later as (${givenToLaterDocuments(orgId, side, credit, date)}),
    candidates as (
      select ${ref('cr', credit.id)} as credit_id from ${sql.table(credit.table)} as cr where cr.org_id = ${orgId} and ${ref('cr', credit.open)} > 0
      union select credit_id from later)
    select ${ref('cr', credit.id)} as id, ${ref('cr', credit.number)} as number, c.contact_id, c.contact_name, ${ref('cr', credit.date)} as date,
      ${ref('cr', credit.total)} as total, cr.exchange_rate_micro, ${open} as open_amount
    from candidates as k
    cross join ${sql.table(credit.table)} as cr
    cross join contacts as c
    left join later on later.credit_id = k.credit_id
    where cr.org_id = ${orgId} and ${ref('cr', credit.id)} = k.credit_id and c.org_id = cr.org_id and c.contact_id = ${ref('cr', credit.contactId)}
      and ${credit.live} and ${ref('cr', credit.date)} <= ${date} and ${open} > 0`.execute(db);
  return rows.map((r) => ({ ...r, type: credit.type, total: nonZero(r.total), exchange_rate_micro: nonZero(r.exchange_rate_micro), open_amount: nonZero(r.open_amount) }));
}
