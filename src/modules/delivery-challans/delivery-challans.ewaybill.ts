import type { Db } from '../../db/database';
import { fromJson } from '../../db/json';
import { notFound } from '../../kernel/errors';
import type { RequestContext } from '../../platform/context';
import type { Address } from '../contacts/contacts.rules';
import { readPartyCopy } from '../documents';
import { documentLines } from '../einvoice';
import { placeOf, type EWayBillQuery, type EWayBillService } from '../ewaybill';
import { deliveryChallansRepository as repo } from './delivery-challans.repository';
import { challanMovementOf, type ChallanReason } from './delivery-challans.rules';

/** Rupees to rupees: a challan is in INR. */
const INR = 1_000_000;

/**
 * The e-way bill of a challan's goods (docs/rules/einvoice-ewaybill.md, "Movements that are not
 * sales"): outward from the branch, on the challan (CHL), to the consignee or the receiving branch
 * of the same GSTIN, of the sub-supply type its reason gives. A cancelled challan moves nothing (409).
 */
export function challanEWayBill(db: Db, ewayBills: Pick<EWayBillService, 'build'>) {
  return async (ctx: RequestContext, id: string, query: EWayBillQuery) => {
    const c = await repo.find(db, ctx.orgId, id);
    if (!c) throw notFound('delivery challan', 'delivery_challan_id');
    const row = { ...c, exchange_rate_micro: INR, gst_treatment: readPartyCopy(c.party)?.gst_treatment ?? null };
    const head = { supplyType: 'O' as const, kind: 'delivery challan', name: c.contact_name ?? '', number: c.delivery_challan_number, date: c.challan_date, row };
    const places = { dispatchFrom: placeOf(fromJson<Address>(c.dispatch_from)), shipTo: placeOf(fromJson<Address>(c.ship_to)) };
    return ewayBills.build(ctx.orgId, head, await documentLines(db, 'delivery_challan_lines', 'delivery_challan_id', ctx.orgId, id), query,
      { movement: { ...challanMovementOf(c.reason as ChallanReason), places, toBranchId: c.to_branch_id } });
  };
}
