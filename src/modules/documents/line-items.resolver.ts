import type { Tx } from '../../db/database';
import { invalidValue, requiredField, notFound } from '../../kernel/errors';
import { toPaise, type Paise } from '../../kernel/money';
import { assertAccountKind, catalogRepository, hsnFormatFault, isSac, reportedUnit } from '../catalog';
import type { LineInput } from './line-amounts.rules';
import type { LineItemInput } from './line-items.schemas';

/** A line with everything filled in: from the item master, overridden by what the caller sent. */
export interface ResolvedLine extends LineInput {
  itemId: string | null;
  name: string;
  description: string | null;
  hsnOrSac: string | null;
  unit: string | null;
  taxId: string | null;
  accountId: string;
}

export interface PriceSide {
  /** Sales documents price at the item's selling rate, purchase documents at its purchase rate. */
  side: 'sales' | 'purchase';
  /** The account a line posts to when neither the item nor the caller names one. */
  fallbackAccountId: string;
}

/**
 * Fills each line from the item master (name, rate, tax, HSN, account) and applies the
 * caller's overrides; an account the line names must be of the document's kind (an income
 * account on a sale, a purchase account on a purchase: 400 on the line's account_id).
 * Unknown items, taxes and accounts of this organisation are 404 with the line's
 * field path; a line needs an item_id, or a name and a rate.
 */
export async function resolveLines(
  tx: Tx, orgId: string, inputs: readonly LineItemInput[], price: PriceSide, positions?: readonly number[],
): Promise<ResolvedLine[]> {
  const resolved: ResolvedLine[] = [];
  for (const [k, input] of inputs.entries()) {
    // A caller resolving some of a request's lines says where each stands in it, for the field paths.
    const at = (field: string) => `line_items[${positions?.[k] ?? k}].${field}`;
    const item = input.item_id ? await catalogRepository.item(tx, orgId, input.item_id) : undefined;
    if (input.item_id && !item) throw notFound('item', at('item_id'));
    if (!item && (input.name === undefined || input.rate === undefined)) {
      throw requiredField(input.name === undefined ? at('name') : at('rate'), `${at('item_id')} or both ${at('name')} and ${at('rate')} are required`);
    }
    const taxId = input.tax_id !== undefined ? input.tax_id : (item?.tax_id ?? null);
    const tax = taxId ? await catalogRepository.tax(tx, orgId, taxId) : undefined;
    if (taxId && !tax) throw notFound('tax', at('tax_id'));
    const itemRate: Paise | null = item ? (price.side === 'sales' ? item.rate : (item.purchase_rate ?? item.rate)) : null;
    const itemAccount = item ? (price.side === 'sales' ? item.account_id : item.purchase_account_id) : null;
    if (input.account_id) await assertLineAccount(tx, orgId, input.account_id, price.side, at('account_id'));
    const itemType = item?.type as 'GOODS' | 'SERVICE' | undefined;
    const hsnFault = input.hsn_or_sac ? hsnFormatFault(input.hsn_or_sac, itemType) : null;
    if (hsnFault) throw invalidValue(at('hsn_or_sac'), hsnFault);
    const hsnOrSac = input.hsn_or_sac !== undefined ? input.hsn_or_sac : (item?.hsn_sac ?? null);
    resolved.push({
      itemId: item?.item_id ?? null,
      name: input.name ?? item!.name,
      description: input.description ?? null,
      hsnOrSac,
      // A service line (a SAC, or a service item without a code) reports NA whatever was sent.
      unit: reportedUnit(input.unit ?? item?.unit ?? null, hsnOrSac ? isSac(hsnOrSac) : itemType === 'SERVICE', at('unit')),
      taxId: tax?.tax_id ?? null,
      accountId: input.account_id || itemAccount || price.fallbackAccountId,
      quantityMilli: Math.round((input.quantity ?? 1) * 1000),
      ratePaise: input.rate !== undefined ? toPaise(input.rate) : itemRate!,
      discountPaise: toPaise(input.discount ?? 0),
      taxRateCenti: tax?.rate_centi ?? 0,
      cessRateCenti: Math.round((input.cess_rate ?? 0) * 100),
      cessPerUnitPaise: toPaise(input.cess_per_unit ?? 0),
    });
  }
  return resolved;
}

async function assertLineAccount(tx: Tx, orgId: string, accountId: string, side: PriceSide['side'], field: string) {
  const account = await catalogRepository.account(tx, orgId, accountId);
  if (!account) throw notFound('account', field);
  assertAccountKind(account.account_type, side === 'sales' ? 'income' : 'purchase', field);
}
