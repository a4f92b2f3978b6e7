import type { Db, Tx } from '../../db/database';

/** Who an organisation's email comes from: its name, and the sender address the operator set (operator.md: `email_from`). */
export interface OrgSender {
  name: string;
  emailFrom: string;
  baseCurrency: string;
}

export async function orgSender(db: Db | Tx, orgId: string): Promise<OrgSender> {
  const org = await db.selectFrom('orgs').select(['name', 'email_from', 'currency_code']).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return { name: org.name, emailFrom: org.email_from, baseCurrency: org.currency_code };
}
