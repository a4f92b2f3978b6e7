import type { Db } from '../../db/database';
import { readTallyExport, type TallyMastersKnown } from './tally-read-export.rules';

/**
 * The ledgers and stock items the organisation's Tally imports described, oldest file first (a
 * later description of a name wins): what a vouchers file imported after its masters reads its
 * names by, and what the reconciliation compares. Only completed, kept imports count.
 */
export async function knownTallyMasters(db: Db, orgId: string): Promise<TallyMastersKnown> {
  const files = await db.selectFrom('imports').select(['content']).where('org_id', '=', orgId).where('format', '=', 'tally_xml')
    .where('status', '=', 'COMPLETED').where('dry_run', '=', 0).orderBy('created_time').orderBy('import_id').execute();
  const ledgers = new Map<string, TallyMastersKnown['ledgers'][number]>();
  const items = new Map<string, TallyMastersKnown['items'][number]>();
  for (const file of files) {
    const read = readTallyExport(Buffer.from(file.content, 'base64'));
    for (const ledger of read.ledgers) ledgers.set(ledger.name.toLowerCase(), ledger);
    for (const item of read.items) items.set(item.name.toLowerCase(), item);
  }
  return { ledgers: [...ledgers.values()], items: [...items.values()] };
}
