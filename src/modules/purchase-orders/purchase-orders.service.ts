import type { Tx } from '../../db/database';
import { businessDateOf, istDateOf } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertWithinBooks } from '../../platform/orgs/period-lock';
import type { BillsService } from '../bills';
import {
  assertStatusIn, followUpDate, lineColumnsOf, lineInputsOf, priceLines, resolveParty, totalColumnsOf,
  unpostedDocumentUseCases, type HeaderEditRules,
} from '../documents';
import type { SeriesService } from '../series';
import { presentPurchaseOrder } from './purchase-orders.presenter';
import { purchaseOrdersRepository as repo, type PurchaseOrderLineRow, type PurchaseOrderRow } from './purchase-orders.repository';
import {
  CONVERTIBLE, DELETABLE, HEADER_EDITABLE, PURCHASE_ORDER_MOVES, type PurchaseOrderStatus,
} from './purchase-orders.rules';
import type { CreatePurchaseOrderBody, ListPurchaseOrdersQuery, UpdatePurchaseOrderBody } from './purchase-orders.schemas';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors' | 'dependents'> & {
  series: Pick<SeriesService, 'branchOf' | 'takeIssuedNumber'>;
  bills: Pick<BillsService, 'createInTx'>;
};

const EDITS: HeaderEditRules<PurchaseOrderStatus> = { document: 'purchase order', moves: PURCHASE_ORDER_MOVES, headerEditable: HEADER_EDITABLE };

/** The fields a header edit may change; what an UPDATED activity row compares, with status. */
const header = (o: PurchaseOrderRow) => ({ reference_number: o.reference_number, expected_date: o.expected_date, notes: o.notes });

/** Purchase order use cases. Each is one transaction; an order posts no journal (its bill does, once approved). */
export function purchaseOrdersService(deps: Deps) {
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();

  const common = unpostedDocumentUseCases(repo, {
    entityType: 'PURCHASE_ORDER', noun: 'purchase order', idField: 'purchase_order_id', list: 'purchase_orders', idOf: (r) => r.purchase_order_id, numberOf: (r) => r.purchase_order_number,
    present: presentPurchaseOrder, edits: EDITS, headerOf: header,
  }, deps);
  const { load } = common;

  /** docs/rules/documents-and-notes.md, "Event data": a document event's data is its id, number, contact id, total and status. */
  const eventData = (o: PurchaseOrderRow) => ({
    id: o.purchase_order_id, number: o.purchase_order_number, vendor_id: o.vendor_id, total: toRupees(o.total), status: o.status,
  });

  /** Writes the changed columns with the next version: every change makes a new version of the order. */
  async function save(tx: Tx, order: PurchaseOrderRow, changes: Partial<PurchaseOrderRow>): Promise<PurchaseOrderRow> {
    const saved: PurchaseOrderRow = { ...order, ...changes, version: order.version + 1, last_modified_time: now() };
    await repo.update(tx, order.org_id, order.purchase_order_id, { ...changes, version: saved.version, last_modified_time: saved.last_modified_time });
    return saved;
  }

  return {
    async createPurchaseOrder(ctx: RequestContext, input: CreatePurchaseOrderBody) {
      return deps.uow(ctx, async (tx) => {
        const date = businessDateOf(input.date);
        await assertWithinBooks(tx, ctx.orgId, date, 'date');
        const expectedDate = followUpDate(input.expected_date, null, date, 'expected_date');
        // Without place_of_supply the vendor's place_of_contact is the default: where the goods come from.
        const party = await resolveParty(tx, ctx.orgId, 'vendor', { ...input, contact_id: input.vendor_id }, deps.series.branchOf);
        const priced = await priceLines(tx, ctx.orgId, input.line_items, party, 'purchase');
        const purchaseOrderId = deps.ids.next('po');
        const number = await deps.series.takeIssuedNumber(tx, ctx, 'purchase_order', party.branchId, date, purchaseOrderId);
        const created = now();
        const order: PurchaseOrderRow = {
          org_id: ctx.orgId, purchase_order_id: purchaseOrderId, purchase_order_number: number, branch_id: party.branchId,
          vendor_id: party.contactId, vendor_name: party.contactName, order_date: date, expected_date: expectedDate,
          reference_number: input.reference_number ?? null, place_of_supply: party.placeOfSupply, supply_type: party.supply,
          ...totalColumnsOf(priced), status: 'DRAFT', notes: input.notes ?? null, bill_id: null,
          version: 1, created_time: created, last_modified_time: created,
        };
        const lines: PurchaseOrderLineRow[] = lineColumnsOf(priced, () => deps.ids.next('li'))
          .map((l, position) => ({ ...l, org_id: ctx.orgId, purchase_order_id: order.purchase_order_id, position }));
        await repo.insert(tx, order, lines);
        await deps.activity.record(tx, ctx, { entityType: 'PURCHASE_ORDER', entityId: order.purchase_order_id, entityRef: number, verb: 'CREATED' });
        await deps.events.emit(tx, ctx, 'PURCHASE_ORDER_CREATED', eventData(order));
        return { purchase_order: presentPurchaseOrder(order, lines) };
      });
    },

    /** Header fields while the order is still to be billed, and the moves of PURCHASE_ORDER_MOVES (see planHeaderEdit). */
    async updatePurchaseOrder(ctx: RequestContext, purchaseOrderId: string, input: UpdatePurchaseOrderBody) {
      return deps.uow(ctx, async (tx) => {
        const before = await load(tx, ctx.orgId, purchaseOrderId, true);
        const after = {
          reference_number: input.reference_number !== undefined ? input.reference_number : before.reference_number,
          expected_date: followUpDate(input.expected_date, before.expected_date, before.order_date, 'expected_date'),
          notes: input.notes !== undefined ? input.notes : before.notes,
        };
        return { purchase_order: await common.editHeader(tx, ctx, before, after, input.status) };
      });
    },

    /**
     * DRAFT or OPEN → BILLED: the whole order becomes one DRAFT bill, created in this transaction
     * through the bills module (its number, activity and BILL_CREATED come with it), dated
     * today, with the order's vendor, branch, place of supply, lines at the agreed prices,
     * reference and notes. A bill that cannot be created rolls the conversion back.
     */
    async convertPurchaseOrder(ctx: RequestContext, purchaseOrderId: string) {
      return deps.uow(ctx, async (tx) => {
        const order = await load(tx, ctx.orgId, purchaseOrderId, true);
        assertStatusIn('purchase order', 'converted to a bill', CONVERTIBLE, order.status as PurchaseOrderStatus);
        const lines = await repo.lines(tx, ctx.orgId, [purchaseOrderId]);
        const { bill } = await deps.bills.createInTx(tx, ctx, {
          vendor_id: order.vendor_id, date: today(), place_of_supply: order.place_of_supply, branch_id: order.branch_id,
          line_items: lineInputsOf(lines), reference_number: order.reference_number, notes: order.notes,
        }, { purchaseOrderId });
        const billed = await save(tx, order, { status: 'BILLED', bill_id: bill.bill_id });
        await deps.activity.record(tx, ctx, {
          entityType: 'PURCHASE_ORDER', entityId: purchaseOrderId, entityRef: order.purchase_order_number, verb: 'CONVERTED',
          changes: { status: { old: order.status, new: billed.status } }, metadata: { bill_id: bill.bill_id },
        });
        return { purchase_order: presentPurchaseOrder(billed, lines), bill };
      });
    },

    /** A DRAFT or CANCELLED order only (see DELETABLE); its number is not reused. */
    async deletePurchaseOrder(ctx: RequestContext, purchaseOrderId: string) {
      return deps.uow(ctx, async (tx) => {
        const order = await load(tx, ctx.orgId, purchaseOrderId, true);
        assertStatusIn('purchase order', 'deleted', DELETABLE, order.status as PurchaseOrderStatus);
        await repo.delete(tx, ctx.orgId, purchaseOrderId);
        await deps.dependents.removeFor(tx, ctx.orgId, purchaseOrderId);
        await deps.activity.record(tx, ctx, {
          entityType: 'PURCHASE_ORDER', entityId: purchaseOrderId, entityRef: order.purchase_order_number, verb: 'DELETED',
        });
        return { purchase_order_id: purchaseOrderId };
      });
    },

    async getPurchaseOrder(ctx: RequestContext, purchaseOrderId: string) {
      return { purchase_order: await common.get(ctx.orgId, purchaseOrderId) };
    },

    async listPurchaseOrders(ctx: RequestContext, query: ListPurchaseOrdersQuery) {
      const page = await common.list(ctx.orgId, query, query.vendor_id);
      return { purchase_orders: page.items, page_context: page.page_context };
    },

    exists: common.exists,
    lockLive: common.lockLive,
    countForContact: common.countForContact,
  };
}

export type PurchaseOrdersService = ReturnType<typeof purchaseOrdersService>;
