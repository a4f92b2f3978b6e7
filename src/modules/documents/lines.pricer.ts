import type { Tx } from '../../db/database';
import { invalidValue } from '../../kernel/errors';
import { catalogRepository } from '../catalog';
import { computeDocument, PricingInputError, type DocumentAmounts, type TaxMode } from './line-amounts.rules';
import { resolveLines, type ResolvedLine } from './line-items.resolver';
import type { LineItemInput } from './line-items.schemas';

export interface PricedLines {
  lines: ResolvedLine[];
  amounts: DocumentAmounts;
}

/** Where a line without an item account posts: the Sales ledger, or Purchases. */
const FALLBACK_ACCOUNT = { sales: 'sales', purchase: 'purchases' } as const;

/**
 * The lines of a document filled from the item master (selling price for sales, purchase
 * price for purchases) and priced by the GST engine in the document's tax mode (a party's
 * routing, with `inclusive` when its amounts include tax). A discount above the line amount, or an
 * amount above the money bound, is the caller's input error (400 on the line's field, or `total`).
 */
export async function priceLines(tx: Tx, orgId: string, inputs: readonly LineItemInput[], mode: TaxMode, side: 'sales' | 'purchase'): Promise<PricedLines> {
  return priceResolved(await resolveOnSide(tx, orgId, inputs, side), mode);
}

/** The lines filled from the item master for a side (resolveLines), those of a request's lines at `positions` when given. */
export async function resolveOnSide(tx: Tx, orgId: string, inputs: readonly LineItemInput[], side: 'sales' | 'purchase', positions?: readonly number[]) {
  const fallbackAccountId = await catalogRepository.systemAccountId(tx, orgId, FALLBACK_ACCOUNT[side]);
  return resolveLines(tx, orgId, inputs, { side, fallbackAccountId }, positions);
}

/** Lines already resolved (from the item master, or from the document a note corrects) priced by the GST engine. */
export function priceResolved<Line extends ResolvedLine>(lines: Line[], mode: TaxMode): { lines: Line[]; amounts: DocumentAmounts } {
  try {
    return { lines, amounts: computeDocument(lines, mode) };
  } catch (error) {
    if (error instanceof PricingInputError) throw invalidValue(error.field, error.message);
    throw error;
  }
}
