export { readTallyExport, type TallyExport, type TallyMastersKnown, type SkippedRecord } from './tally-read-export.rules';
export { readTallyTrialBalance, type TallyTrialBalanceRow } from './tally-read-trial-balance.rules';
