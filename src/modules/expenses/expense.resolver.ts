import type { Tx } from '../../db/database';
import { notFound } from '../../kernel/errors';
import { resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';
import { unrecognisedState } from '../../kernel/gst/unrecognised-state';
import { assertAccountKind, catalogRepository } from '../catalog';
import { resolveParty, routeSupply, supplierStateOf, type BranchOf, type SupplyType } from '../documents';
import type { ExpenseDraft } from './expense-input.mapper';
import { PAID_THROUGH_TYPES, planExpenseLines, type PlannedLine } from './expenses.rules';

export interface ResolvedExpense {
  branchId: string;
  placeOfSupply: string;
  supply: SupplyType;
  /** With the vendor as the expense keeps it (its `party` column's text). */
  vendor: { id: string; name: string; partyCopy: string } | null;
  lines: (PlannedLine & { taxRateCenti: number })[];
}

/**
 * Checks every reference of a draft against this organisation's data, inside the caller's
 * transaction: ids of another organisation are 404 on their field (the spec's rule, and its
 * payments wording for an account money cannot be paid through); a customer is not a vendor.
 * place_of_supply decides CGST+SGST against IGST by the branch's state; one that is sent must
 * resolve (422).
 */
export async function resolveExpense(tx: Tx, orgId: string, draft: ExpenseDraft, branchOf: BranchOf): Promise<ResolvedExpense> {
  const planned = planExpenseLines(draft);
  const paidThrough = await catalogRepository.account(tx, orgId, draft.paidThroughAccountId);
  if (!paidThrough || !PAID_THROUGH_TYPES.includes(paidThrough.account_type)) throw notFound('BANK or CASH account', 'paid_through_account_id');

  const party = await partyOf(tx, orgId, draft, branchOf);

  // Each id is read once; the header's own are checked even when every line overrides them, so nothing unchecked is stored.
  const accounts = new Set<string>();
  const rates = new Map<string, number>();
  const checkAccount = async (id: string, field: string) => {
    if (!accounts.has(id)) await expenseAccount(tx, orgId, id, field);
    accounts.add(id);
  };
  const rateOf = async (id: string, field: string) => rates.get(id) ?? rates.set(id, await taxRate(tx, orgId, id, field)).get(id)!;
  if (draft.accountId !== null) await checkAccount(draft.accountId, 'account_id');
  if (draft.taxId !== null) await rateOf(draft.taxId, 'tax_id');
  const lines: ResolvedExpense['lines'] = [];
  for (const line of planned) {
    await checkAccount(line.accountId, line.accountField);
    const rate = draft.isRcm ? draft.rcmRateCenti! : line.taxId === null ? 0 : await rateOf(line.taxId, line.taxField);
    lines.push({ ...line, taxRateCenti: rate });
  }
  return { ...party, lines };
}

/**
 * The place of supply defaults to the branch's state. With a vendor, the documents' party
 * rules (as for bills): the vendor is the supplier. Without one, an explicit place of supply
 * is judged against the branch's state.
 */
async function partyOf(tx: Tx, orgId: string, draft: ExpenseDraft, branchOf: BranchOf): Promise<Omit<ResolvedExpense, 'lines'>> {
  const placeOfSupply = draft.placeOfSupply ?? undefined;
  if (draft.vendorId !== null) {
    const party = await resolveParty(tx, orgId, 'vendor', { contact_id: draft.vendorId, place_of_supply: placeOfSupply, branch_id: draft.branchId }, branchOf);
    return { branchId: party.branchId, placeOfSupply: party.placeOfSupply, supply: party.supply, vendor: { id: party.contactId, name: party.contactName, partyCopy: party.partyCopy } };
  }
  const sent = placeOfSupply === undefined ? undefined : resolvePlaceOfSupply(placeOfSupply);
  if (sent === null) throw unrecognisedState('place_of_supply', placeOfSupply!);
  const branch = await branchOf(tx, orgId, draft.branchId);
  const place = sent ?? branch.state_code;
  const { supply } = routeSupply({
    supplierState: supplierStateOf('purchase', { gstin: branch.gstin, state: branch.state_code }, null), placeOfSupply: place, counterpartyTreatment: null, exportType: null,
  });
  return { branchId: branch.branch_id, placeOfSupply: place, supply, vendor: null };
}

async function expenseAccount(tx: Tx, orgId: string, accountId: string, field: string) {
  const account = await catalogRepository.account(tx, orgId, accountId);
  if (!account) throw notFound('account', field);
  assertAccountKind(account.account_type, 'purchase', field);
}

async function taxRate(tx: Tx, orgId: string, taxId: string, field: string): Promise<number> {
  const tax = await catalogRepository.tax(tx, orgId, taxId);
  if (!tax) throw notFound('tax', field);
  return tax.rate_centi;
}
