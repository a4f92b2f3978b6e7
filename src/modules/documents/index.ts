export {
  computeDocument,
  computeLine,
  InvalidDiscountError,
  supplyTypeOf,
  type DocumentAmounts,
  type LineAmounts,
  type LineInput,
  type SupplyType,
  type TaxRateSummary,
} from './line-amounts.rules';
export {
  autoRoundOff,
  decideRoundOff,
  recomputeOnDraftEdit,
  type RoundingMethod,
  type RoundOffDecision,
  type RoundOffPreferences,
} from './round-off.rules';
export { balanceInBase, convertLinesToBase, toBase, type DebitCredit } from './currency.rules';
export { resolveLines, type ResolvedLine, type PriceSide } from './line-items.resolver';
