export {
  computeDocument,
  computeLine,
  AmountOutOfRangeError,
  InvalidDiscountError,
  PricingInputError,
  type DocumentAmounts,
  type LineAmounts,
  type LineInput,
  type SupplyType,
  type TaxMode,
  type TaxRateSummary,
} from './line-amounts.rules';
export { EXPORT_TYPES, routeSupply, supplierStateOf, zeroRatingEndorsement, type ExportType, type TaxRouting } from './supply.rules';
export {
  autoRoundOff,
  decideRoundOff,
  recomputeOnDraftEdit,
  totalWithRoundOff,
  type RoundingMethod,
  type RoundOffDecision,
  type RoundOffPreferences,
} from './round-off.rules';
export { assertConvertible, assertDocumentConvertible, documentInBase, exchangeRateMicroOf, openInBase, settledInBase, toBase, type DocumentInBase, type PricedLine } from './currency.rules';
export { resolveLines, type ResolvedLine, type PriceSide } from './line-items.resolver';
export { asDateTime, presentLine, presentTotals, type DocumentTotals } from './documents.presenter';
export { resolveParty, type BranchOf, type DocumentParty } from './party.resolver';
export { freshPartyCopy, partyCopyOf, partyRecipientSql, partyRegisteredSql, readPartyCopy, storedPartyOf, type PartyCopy, type PartySource } from './party-copy';
export { priceLines, priceResolved, resolveOnSide, type PricedLines } from './lines.pricer';
export { adValoremCessOn, assertCessLevied, cessEndsOn } from './cess.rules';
export { inclusiveRemainderOf, lineColumnsOf, lineInputsOf, totalColumnsOf } from './line-columns.mapper';
export { LineItems, type LineItemInput } from './line-items.schemas';
export { assertMove, assertStatusIn, type StatusMoves } from './status-moves.rules';
export { planHeaderEdit, type HeaderEditRules } from './header-edit.planner';
export { formatDocumentNumber, type DocumentNumbering } from './numbering.rules';
export { followUpDate } from './follow-up-date.rules';
export { displayedStatus } from './overdue.rules';
export { balanceProblem, release, settle, type SettlementKind, type SettlementOutcome, type SettlementStatuses, type Settleable } from './settlement.rules';
export { settlementPort, type SettlementSide } from './settlement.port';
export { unpostedDocumentsRepository, type UnpostedDocumentFilter } from './unposted-documents.repository';
export { unpostedDocumentUseCases, type NewRow, type UnpostedDocumentDeps, type UnpostedDocumentKind } from './unposted-documents.use-cases';
export { NOTE_STATUSES, applyCredit, assertHeaderEditable, assertVoidable, releaseCredit, stockDirectionOf, type CreditTarget, type NoteSide, type NoteStatus } from './notes.rules';
export { creditApplicationLines, creditReleaseLines, noteLines, type NoteAccounts } from './notes.posting';
export { conversionDifferenceLines } from './conversion-difference.posting';
export { purchaseTaxEntry, type PurchaseLineForPosting, type PurchaseTaxAccounts } from './purchase-tax.posting';
export { NoteLineItems, UpdateNoteBody, type NoteLineItem } from './notes.schemas';
export { noteJournalLines, noteLineColumnsOf, prepareNote, type NoteParent, type PreparedNote } from './notes.preparer';
export { presentNoteApplication, presentNoteColumns, presentNoteLine } from './notes.presenter';
