import type { Tx } from '../../db/database';
import { catalogRepository } from '../catalog';
import type { SupplyType } from '../documents';
import { lessTax, NO_ADVANCE_TAX, taxTakenBack, type AdvanceTax } from './advance.rules';
import { paymentsRepository as repo, type PaymentRow } from './payments.repository';

type AdvanceTaxColumns = Pick<PaymentRow, 'advance_taxable' | 'advance_igst' | 'advance_cgst' | 'advance_sgst'>;

/** The tax an advance posted, or an allocation or a refund of it took back, as its row stores it. */
export const advanceTaxOfRow = (p: AdvanceTaxColumns): AdvanceTax =>
  ({ taxable: p.advance_taxable, igst: p.advance_igst, cgst: p.advance_cgst, sgst: p.advance_sgst });
export const advanceTaxColumns = (t: AdvanceTax): AdvanceTaxColumns =>
  ({ advance_taxable: t.taxable, advance_igst: t.igst, advance_cgst: t.cgst, advance_sgst: t.sgst });

/** The accounts an advance's tax moves between (advance.posting.ts). */
export const advanceTaxAccounts = async (tx: Tx, orgId: string) => ({
  advances: await catalogRepository.systemAccountId(tx, orgId, 'advances_from_customers'),
  igst: await catalogRepository.systemAccountId(tx, orgId, 'igst_output'),
  cgst: await catalogRepository.systemAccountId(tx, orgId, 'cgst_output'),
  sgst: await catalogRepository.systemAccountId(tx, orgId, 'sgst_output'),
});

/**
 * The tax an allocation or a refund of an advance for services takes back (advance.rules.ts
 * taxTakenBack): what the receipt posted less what its live allocations and its refunds took
 * back, against what stays unadjusted once this one is made. Nothing for any other payment.
 */
export async function takenBackBy(tx: Tx, p: PaymentRow, consumed: number): Promise<AdvanceTax> {
  if (p.advance_for !== 'SERVICES') return NO_ADVANCE_TAX;
  const used = [...await repo.allocations(tx, p.org_id, [p.payment_id]), ...await repo.refunds(tx, p.org_id, [p.payment_id])];
  const outstanding = lessTax(advanceTaxOfRow(p), used.map(advanceTaxOfRow));
  const unadjustedAfter = p.amount - used.reduce((s, a) => s + a.amount, 0) - consumed;
  return taxTakenBack(outstanding, unadjustedAfter, p.advance_rate_centi!, p.advance_supply_type as SupplyType);
}
