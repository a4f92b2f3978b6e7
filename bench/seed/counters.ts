import type { BulkTarget } from './bulk-target';

/** The one document counter matching `keyLike`, set to go on after the last copy. */
export async function moveCounterOn(target: BulkTarget, orgId: string, keyLike: string, next: number) {
  const counters = await target.read('SELECT counter_key FROM document_counters WHERE org_id = ? AND counter_key LIKE ?', [orgId, keyLike]);
  if (counters.length !== 1) throw new Error(`expected one counter like ${keyLike}, found ${counters.length}`);
  await target.run('UPDATE document_counters SET next_value = ? WHERE org_id = ? AND counter_key = ?', [next, orgId, counters[0]!.counter_key]);
}
