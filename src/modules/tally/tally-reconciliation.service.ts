import { invalidState, notFound } from '../../kernel/errors';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { TALLY_GROUP_TYPES } from './tally-groups.rules';
import { guessLedger, type TallyLedger } from './tally-in-ledgers.rules';
import { knownTallyMasters } from './tally-known-masters';
import { readTallyTrialBalance, type TallyTrialBalanceRow } from './tally-read-trial-balance.rules';
import { reconcile, reconciliationGroups, type ReconciliationGroup, type ReconciliationLine } from './tally-reconciliation.rules';
import { tallyReconciliationStore as store } from './tally-reconciliation.store';

type Deps = Pick<PlatformDeps, 'database'>;

/**
 * GET /imports/{id}/reconciliation (docs/rules/tally.md, "Reconciliation"): the Trial Balance report
 * uploaded with a Tally import beside Bahi's books, ledger by ledger, to the paisa.
 */
export function tallyReconciliationService(deps: Deps) {
  const db = deps.database.db;

  /** A report line no master describes: a contact or account an import wrote under its name, else a GST or round-off ledger by its name. */
  async function unknownLedgers(orgId: string, report: readonly TallyTrialBalanceRow[], known: ReadonlyMap<string, TallyLedger>): Promise<TallyLedger[]> {
    const names = report.map((r) => r.name).filter((n) => !known.has(n.toLowerCase()) && TALLY_GROUP_TYPES[n] === undefined);
    const [contacts, accounts] = await Promise.all([store.keyed(db, orgId, 'contacts', names), store.keyed(db, orgId, 'accounts', names)]);
    return names.flatMap((name): TallyLedger[] => {
      const guessed = guessLedger(name);
      if (contacts.has(name)) return [{ ...guessed, target: { to: 'contact', side: 'CUSTOMER' } }];
      if (accounts.has(name)) return [{ ...guessed, target: { to: 'account', type: 'SUSPENSE' } }];
      return guessed.target.to === 'system_account' ? [guessed] : [];
    });
  }

  /** Ledger name → the record an import wrote under it (its row key), else the one of its name. */
  async function idsOf(orgId: string, table: 'contacts' | 'accounts', names: readonly string[]): Promise<Map<string, string>> {
    const keyed = await store.keyed(db, orgId, table, names);
    const byName = await store.byName(db, orgId, table, names.filter((n) => !keyed.has(n)));
    return new Map(names.flatMap((n) => {
      const id = keyed.get(n) ?? byName.get(n.toLowerCase());
      return id === undefined ? [] : [[n, id] as const];
    }));
  }

  return {
    async reconciliation(ctx: RequestContext, importId: string) {
      const found = await store.find(db, ctx.orgId, importId);
      if (!found) throw notFound('import', 'import_id');
      if (found.trial_balance === null) throw invalidState("the import has no trial balance: upload Tally's Trial Balance report as trial_balance with a Tally export");
      if (found.status !== 'COMPLETED') throw invalidState(`the import is ${found.status}: it is compared with the trial balance once COMPLETED`, { status: found.status });
      const report = readTallyTrialBalance(Buffer.from(found.trial_balance, 'base64'));
      const known = new Map((await knownTallyMasters(db, ctx.orgId)).ledgers.map((l) => [l.name.toLowerCase(), l]));
      const ledgers = [...known.values(), ...await unknownLedgers(ctx.orgId, report, known)];
      const groups = reconciliationGroups(report, ledgers);
      const names = (to: 'contact' | 'account') => groups.flatMap((g) => (g.target?.to === to ? g.ledgers : []));
      const [contactIds, accountIds, balances] = await Promise.all([idsOf(ctx.orgId, 'contacts', names('contact')), idsOf(ctx.orgId, 'accounts', names('account')), store.accountBalances(db, ctx.orgId)]);
      const [parties, contactNames, accountNames] = await Promise.all([
        store.partyBalances(db, ctx.orgId, [...contactIds.values()]),
        store.names(db, ctx.orgId, 'contacts', [...contactIds.values()]), store.names(db, ctx.orgId, 'accounts', [...accountIds.values()]),
      ]);
      const idOf = (g: ReconciliationGroup) => (g.target?.to === 'contact' ? contactIds : accountIds).get(g.ledgers[0]!);
      const lines = reconcile(groups, (g) => {
        const target = g.target!;
        if (target.to === 'system_account') return target.keys.reduce((total, key) => total + (balances.bySystemKey.get(key) ?? 0), 0);
        const id = idOf(g);
        if (id === undefined) return null;
        return (target.to === 'contact' ? parties.get(id) : balances.byId.get(id)) ?? 0;
      });
      const present = (line: ReconciliationLine) => {
        const id = idOf(line);
        const bahiName = line.target === null ? null
          : line.target.to === 'system_account' ? line.target.keys.join(' + ')
            : id === undefined ? null : (line.target.to === 'contact' ? contactNames : accountNames).get(id) ?? null;
        return {
          ledger: line.ledgers.join(' + '),
          mapped_to: line.target === null ? 'NONE' as const : line.target.to === 'system_account' ? 'SYSTEM_ACCOUNT' as const : line.target.to === 'contact' ? 'CONTACT' as const : 'ACCOUNT' as const,
          bahi_name: bahiName,
          tally_balance: toRupees(line.tally),
          bahi_balance: line.bahi === null ? null : toRupees(line.bahi),
          difference: line.difference === null ? null : toRupees(line.difference),
          balanced: line.balanced,
        };
      };
      return { tally_reconciliation: { import_id: found.import_id, rows: lines.map(present), balanced: lines.every((l) => l.balanced) } };
    },
  };
}

export type TallyReconciliationService = ReturnType<typeof tallyReconciliationService>;
