import type { Tx } from '../../db/database';
import { istDateOf } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import type { BillsService } from '../bills';
import { assertStatusIn, lineInputsOf, unpostedDocumentUseCases, type NewRow, type UnpostedDocumentDeps } from '../documents';
import { presentPurchaseOrder } from './purchase-orders.presenter';
import { purchaseOrdersRepository as repo, type PurchaseOrderRow } from './purchase-orders.repository';
import {
  CONVERTIBLE, DELETABLE, HEADER_EDITABLE, PURCHASE_ORDER_MOVES, type PurchaseOrderStatus,
} from './purchase-orders.rules';
import type { CreatePurchaseOrderBody, ListPurchaseOrdersQuery, UpdatePurchaseOrderBody } from './purchase-orders.schemas';

type Deps = UnpostedDocumentDeps & Pick<PlatformDeps, 'uow' | 'dependents'> & { bills: Pick<BillsService, 'createInTx'> };

/** docs/rules/documents-and-notes.md, "Event data": a document event's data is its id, number, contact id, total and status. */
const eventData = (o: PurchaseOrderRow) => ({
  id: o.purchase_order_id, number: o.purchase_order_number, vendor_id: o.vendor_id, total: toRupees(o.total), status: o.status,
});

/** Purchase order use cases. Each is one transaction; an order posts no journal (its bill does, once approved). */
export function purchaseOrdersService(deps: Deps) {
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();

  const common = unpostedDocumentUseCases(repo, {
    entityType: 'PURCHASE_ORDER', noun: 'purchase order', idField: 'purchase_order_id', list: 'purchase_orders', idOf: (r) => r.purchase_order_id, numberOf: (r) => r.purchase_order_number,
    present: presentPurchaseOrder, edits: { document: 'purchase order', moves: PURCHASE_ORDER_MOVES, headerEditable: HEADER_EDITABLE },
    followUp: { field: 'expected_date', of: (r) => r.expected_date, documentDateOf: (r) => r.order_date },
    creation: { role: 'vendor', idPrefix: 'po', seriesType: 'purchase_order', event: 'PURCHASE_ORDER_CREATED', eventData },
  }, deps);
  const { load } = common;

  /** A new purchase order's row: the columns every unposted document has, with its own. */
  const newPurchaseOrder: NewRow<PurchaseOrderRow> = (shared, { id, number, party, date, followUp }) => ({
    ...shared, purchase_order_id: id, purchase_order_number: number, vendor_id: party.contactId, vendor_name: party.contactName,
    order_date: date, expected_date: followUp, bill_id: null,
  });

  /** Writes the changed columns with the next version: every change makes a new version of the order. */
  async function save(tx: Tx, order: PurchaseOrderRow, changes: Partial<PurchaseOrderRow>): Promise<PurchaseOrderRow> {
    const saved: PurchaseOrderRow = { ...order, ...changes, version: order.version + 1, last_modified_time: now() };
    await repo.update(tx, order.org_id, order.purchase_order_id, { ...changes, version: saved.version, last_modified_time: saved.last_modified_time });
    return saved;
  }

  return {
    async createPurchaseOrder(ctx: RequestContext, input: CreatePurchaseOrderBody) {
      return deps.uow(ctx, async (tx) => ({ purchase_order: await common.create(tx, ctx, input, newPurchaseOrder) }));
    },

    /** Header fields while the order is still to be billed, and the moves of PURCHASE_ORDER_MOVES (see planHeaderEdit). */
    async updatePurchaseOrder(ctx: RequestContext, purchaseOrderId: string, input: UpdatePurchaseOrderBody) {
      return deps.uow(ctx, async (tx) => ({ purchase_order: await common.update(tx, ctx, purchaseOrderId, input) }));
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
