import type { Tx } from '../../db/database';
import { istDateOf } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertStatusIn, lineInputsOf, unpostedDocumentUseCases, type UnpostedDocumentDeps } from '../documents';
import type { InvoicesService } from '../invoices';
import { presentSalesOrder } from './sales-orders.presenter';
import { salesOrdersRepository as repo, type SalesOrderRow } from './sales-orders.repository';
import { CONVERTIBLE, HEADER_EDITABLE, SALES_ORDER_MOVES, type SalesOrderStatus } from './sales-orders.rules';
import type { CreateSalesOrderBody, ListSalesOrdersQuery, UpdateSalesOrderBody } from './sales-orders.schemas';

type Deps = UnpostedDocumentDeps & Pick<PlatformDeps, 'uow'> & { invoices: Pick<InvoicesService, 'createInTx'> };

/** docs/rules/documents-and-notes.md, "Event data": a document event's data is its id, number, contact id, total and status. */
const eventData = (o: SalesOrderRow) => ({
  id: o.sales_order_id, number: o.sales_order_number, customer_id: o.customer_id, total: toRupees(o.total), status: o.status,
});

/** Sales order use cases. Each is one transaction; an order posts no journal. */
export function salesOrdersService(deps: Deps) {
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();

  const common = unpostedDocumentUseCases(repo, {
    entityType: 'SALES_ORDER', noun: 'sales order', idField: 'sales_order_id', list: 'sales_orders', idOf: (r) => r.sales_order_id, numberOf: (r) => r.sales_order_number,
    present: presentSalesOrder, edits: { document: 'sales order', moves: SALES_ORDER_MOVES, headerEditable: HEADER_EDITABLE },
    followUp: { field: 'shipment_date', of: (r) => r.shipment_date, documentDateOf: (r) => r.order_date },
    creation: { role: 'customer', idPrefix: 'so', seriesType: 'sales_order', event: 'SALES_ORDER_CREATED', eventData },
  }, deps);
  const { load } = common;

  /** Creates a DRAFT order inside the caller's transaction: the public create, and an accepted estimate's conversion. */
  async function createInTx(tx: Tx, ctx: RequestContext, input: CreateSalesOrderBody, origin: { estimateId?: string } = {}) {
    // A converted estimate is linked on the row and named in the CREATED activity row.
    const salesOrder = await common.create(tx, ctx, input, (shared, { id, number, party, date, followUp }) => ({
      ...shared, sales_order_id: id, sales_order_number: number, customer_id: party.contactId, customer_name: party.contactName,
      order_date: date, shipment_date: followUp, estimate_id: origin.estimateId ?? null, invoice_id: null,
    }), origin.estimateId ? { estimate_id: origin.estimateId } : undefined);
    return { sales_order: salesOrder };
  }

  return {
    createInTx,

    async createSalesOrder(ctx: RequestContext, input: CreateSalesOrderBody) {
      return deps.uow(ctx, (tx) => createInTx(tx, ctx, input));
    },

    /** Header fields while the order is still to be invoiced, and the moves of SALES_ORDER_MOVES (see planHeaderEdit). */
    async updateSalesOrder(ctx: RequestContext, salesOrderId: string, input: UpdateSalesOrderBody) {
      return deps.uow(ctx, async (tx) => ({ sales_order: await common.update(tx, ctx, salesOrderId, input) }));
    },

    /**
     * DRAFT, OPEN or PARTIALLY_INVOICED → INVOICED: the whole order becomes one DRAFT invoice, created in this transaction
     * through the invoices module (its number, activity and INVOICE_CREATED come with it),
     * dated today, with the order's customer, branch, place of supply and lines.
     */
    async convertSalesOrder(ctx: RequestContext, salesOrderId: string) {
      return deps.uow(ctx, async (tx) => {
        const order = await load(tx, ctx.orgId, salesOrderId, true);
        assertStatusIn('sales order', 'converted to an invoice', CONVERTIBLE, order.status as SalesOrderStatus);
        const lines = await repo.lines(tx, ctx.orgId, [salesOrderId]);
        const { invoice } = await deps.invoices.createInTx(tx, ctx, {
          customer_id: order.customer_id, date: today(), place_of_supply: order.place_of_supply, branch_id: order.branch_id,
          line_items: lineInputsOf(lines), reference_number: order.reference_number, notes: order.notes,
        }, { salesOrderId });
        const converted: SalesOrderRow = {
          ...order, status: 'INVOICED', invoice_id: invoice.invoice_id, version: order.version + 1, last_modified_time: now(),
        };
        await repo.update(tx, ctx.orgId, salesOrderId, {
          status: converted.status, invoice_id: converted.invoice_id, version: converted.version, last_modified_time: converted.last_modified_time,
        });
        await deps.activity.record(tx, ctx, {
          entityType: 'SALES_ORDER', entityId: salesOrderId, entityRef: order.sales_order_number, verb: 'CONVERTED',
          changes: { status: { old: order.status, new: converted.status } }, metadata: { invoice_id: invoice.invoice_id },
        });
        return { sales_order: presentSalesOrder(converted, lines), invoice };
      });
    },

    async getSalesOrder(ctx: RequestContext, salesOrderId: string) {
      return { sales_order: await common.get(ctx.orgId, salesOrderId) };
    },

    async listSalesOrders(ctx: RequestContext, query: ListSalesOrdersQuery) {
      const page = await common.list(ctx.orgId, query, query.customer_id);
      return { sales_orders: page.items, page_context: page.page_context };
    },

    exists: common.exists,
    lockLive: common.lockLive,
    countForContact: common.countForContact,
  };
}

export type SalesOrdersService = ReturnType<typeof salesOrdersService>;
