export { tallyExports } from './tally-out.service';
export { tallyOutRoutes } from './tally-out.routes';
export { readTallyExport, type TallyExport, type TallyMastersKnown, type SkippedRecord } from './tally-read-export.rules';
export { readTallyTrialBalance, type TallyTrialBalanceRow } from './tally-read-trial-balance.rules';
export { tallyReconciliationService, type TallyReconciliationService } from './tally-reconciliation.service';
export { tallyReconciliationRoutes } from './tally-reconciliation.routes';
export { knownTallyMasters } from './tally-known-masters';
