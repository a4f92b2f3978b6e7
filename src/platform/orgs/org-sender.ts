import type { Database, Db, Tx } from '../../db/database';
import { notFound } from '../../kernel/errors';

/**
 * Who an organisation's email comes from: its name, and its sender address. The address is
 * the operator's to set (docs/rules/operator-api.md, "Email": `email_from` on POST /orgs, or PUT /orgs/{id}/sender);
 * the public API cannot choose one. Setting it is the operator's statement that the address is
 * verified with the email provider (SPF/DKIM or the provider's sender identity): Bahi cannot
 * check that itself. Until then it is `no-reply@<org id>.invalid`, which no provider delivers.
 */
export interface OrgSender {
  name: string;
  emailFrom: string;
  baseCurrency: string;
}

export async function orgSender(db: Db | Tx, orgId: string): Promise<OrgSender> {
  const org = await db.selectFrom('orgs').select(['name', 'email_from', 'currency_code']).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return { name: org.name, emailFrom: org.email_from, baseCurrency: org.currency_code };
}

/** The operator sets a (verified) sender address. */
export async function setOrgSender(database: Database, orgId: string, emailFrom: string) {
  return database.transaction(async (tx) => {
    const result = await tx.updateTable('orgs').set({ email_from: emailFrom }).where('org_id', '=', orgId).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('organisation', 'org_id');
    return { org_id: orgId, email_from: emailFrom };
  });
}
