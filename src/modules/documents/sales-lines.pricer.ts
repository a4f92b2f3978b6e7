import type { Tx } from '../../db/database';
import { invalidValue } from '../../kernel/errors';
import { catalogRepository } from '../catalog';
import { computeDocument, InvalidDiscountError, type DocumentAmounts, type SupplyType } from './line-amounts.rules';
import { resolveLines, type ResolvedLine } from './line-items.resolver';
import type { LineItemInput } from './line-items.schemas';

export interface PricedLines {
  lines: ResolvedLine[];
  amounts: DocumentAmounts;
}

/**
 * The lines of a sales document filled from the item master (selling price) and priced by
 * the GST engine. A line without an item or item account credits the Sales ledger. A
 * discount above the line amount is the caller's input error (400 on the line's field).
 */
export async function priceSalesLines(tx: Tx, orgId: string, inputs: readonly LineItemInput[], supply: SupplyType): Promise<PricedLines> {
  const sales = await catalogRepository.accountByKey(tx, orgId, 'sales');
  if (!sales) throw new Error(`organisation ${orgId} lacks its sales account`);
  const lines = await resolveLines(tx, orgId, inputs, { side: 'sales', fallbackAccountId: sales.account_id });
  try {
    return { lines, amounts: computeDocument(lines, supply) };
  } catch (error) {
    if (error instanceof InvalidDiscountError) throw invalidValue(error.field, error.message);
    throw error;
  }
}
