import type { Tx } from '../../db/database';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { orgSettings } from '../../platform/orgs/org-settings';
import { bankMatchesStore } from './bank-matches.store';
import { entryKey } from './candidates.reader';
import { unambiguousPairs } from './match-auto.rules';
import { factsOf, matchLinesStore } from './match-lines.store';
import { entriesAround } from './match.service';
import { suggestionsFor } from './suggestion.rules';

type Deps = Pick<PlatformDeps, 'clock' | 'ids' | 'activity'>;

/** What a statement's import tells the steps after it: the account, the statement and the lines it stored. */
export interface ImportedLines {
  accountId: string;
  statementId: string;
  lineIds: readonly string[];
}

/**
 * A step after a statement's import, in its transaction (docs/rules/banking.md, "Suggestions and
 * matching"): with the preference bankAutoMatchOnImport, each new line whose one exact suggestion
 * is the exact suggestion of no other new line is matched to it, with a MATCHED activity row.
 * Answers how many lines it matched.
 */
export function autoMatchOnImport(deps: Deps) {
  return async (tx: Tx, ctx: RequestContext, imported: ImportedLines): Promise<number> => {
    const { prefs } = await orgSettings(tx, ctx.orgId);
    if (!prefs.bankAutoMatchOnImport || imported.lineIds.length === 0) return 0;
    const rows = await matchLinesStore.unmatchedOf(tx, ctx.orgId, imported.accountId, imported.lineIds);
    const windowDays = prefs.bankMatchWindowDays;
    const suggested = suggestionsFor(rows.map(factsOf), await entriesAround(tx, ctx.orgId, imported.accountId, rows, windowDays, { exactOnly: true }), windowDays);
    const pairs = unambiguousPairs(new Map([...suggested].map(([lineId, entries]) => [lineId, entries.map((e) => entryKey(e.source, e.sourceId))])));
    const now = deps.clock.now().toISOString();
    for (const { lineId, entryKey: key } of pairs) {
      const entry = suggested.get(lineId)!.find((e) => entryKey(e.source, e.sourceId) === key)!;
      const matchId = await bankMatchesStore.record(tx, deps.ids, { orgId: ctx.orgId, now }, [lineId], [{ source: entry.source, sourceId: entry.sourceId, amount: entry.amount }]);
      await deps.activity.record(tx, ctx, {
        entityType: 'BANK_TRANSACTION', entityId: lineId, entityRef: rows.find((r) => r.bank_transaction_id === lineId)!.reference, verb: 'MATCHED',
        metadata: { match_id: matchId, entries: [{ source: entry.source, source_id: entry.sourceId, amount: toRupees(entry.amount) }], bank_transaction_ids: [lineId], statement_id: imported.statementId, automatic: true },
      });
    }
    return pairs.length;
  };
}
