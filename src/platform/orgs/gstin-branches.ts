import type { Db } from '../../db/database';
import { notFound } from '../../kernel/errors';

/**
 * The branches filing under one GSTIN (a branch without its own carries the organisation's),
 * with the GSTIN normalised; 404 on `gstin` when none of the organisation's branches carries it.
 */
export async function branchesOfGstin(db: Db, orgId: string, text: string): Promise<{ gstin: string; branches: string[] }> {
  const gstin = text.trim().toUpperCase();
  const org = await db.selectFrom('orgs').select('gstin').where('org_id', '=', orgId).executeTakeFirstOrThrow();
  const branches = (await db.selectFrom('branches').select(['branch_id', 'gstin']).where('org_id', '=', orgId).execute())
    .filter((b) => (b.gstin ?? org.gstin)?.toUpperCase() === gstin).map((b) => b.branch_id);
  if (branches.length === 0) throw notFound('GST registration', 'gstin');
  return { gstin, branches };
}
