import type { Tx } from '../../db/database';
import { businessDateOf, istDateOf } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertWithinBooks } from '../../platform/orgs/period-lock';
import {
  assertStatusIn, followUpDate, lineColumnsOf, lineInputsOf, priceLines, resolveSalesParty, totalColumnsOf,
  unpostedDocumentUseCases, type HeaderEditRules,
} from '../documents';
import type { InvoicesService } from '../invoices';
import type { SeriesService } from '../series';
import { presentSalesOrder } from './sales-orders.presenter';
import { salesOrdersRepository as repo, type SalesOrderLineRow, type SalesOrderRow } from './sales-orders.repository';
import { CONVERTIBLE, HEADER_EDITABLE, SALES_ORDER_MOVES, type SalesOrderStatus } from './sales-orders.rules';
import type { CreateSalesOrderBody, ListSalesOrdersQuery, UpdateSalesOrderBody } from './sales-orders.schemas';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors'> & {
  series: Pick<SeriesService, 'branchOf' | 'takeIssuedNumber'>;
  invoices: Pick<InvoicesService, 'createInTx'>;
};

const EDITS: HeaderEditRules<SalesOrderStatus> = { document: 'sales order', moves: SALES_ORDER_MOVES, headerEditable: HEADER_EDITABLE };

/** The fields a header edit may change; with status, what an UPDATED activity row compares. */
const header = (o: SalesOrderRow) => ({ reference_number: o.reference_number, shipment_date: o.shipment_date, notes: o.notes });

/** Sales order use cases. Each is one transaction; an order posts no journal. */
export function salesOrdersService(deps: Deps) {
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();

  const common = unpostedDocumentUseCases(repo, {
    entityType: 'SALES_ORDER', noun: 'sales order', idField: 'sales_order_id', list: 'sales_orders', idOf: (r) => r.sales_order_id, numberOf: (r) => r.sales_order_number,
    present: presentSalesOrder, edits: EDITS, headerOf: header,
  }, deps);
  const { load } = common;

  /** docs/rules/documents-and-notes.md, "Event data": a document event's data is its id, number, contact id, total and status. */
  const eventData = (o: SalesOrderRow) => ({
    id: o.sales_order_id, number: o.sales_order_number, customer_id: o.customer_id, total: toRupees(o.total), status: o.status,
  });

  /** Creates a DRAFT order inside the caller's transaction: the public create, and an accepted estimate's conversion. */
  async function createInTx(tx: Tx, ctx: RequestContext, input: CreateSalesOrderBody, origin: { estimateId?: string } = {}) {
    const date = businessDateOf(input.date);
    await assertWithinBooks(tx, ctx.orgId, date, 'date');
    const shipmentDate = followUpDate(input.shipment_date, null, date, 'shipment_date');
    const party = await resolveSalesParty(tx, ctx.orgId, input, deps.series.branchOf);
    const priced = await priceLines(tx, ctx.orgId, input.line_items, party, 'sales');
    const salesOrderId = deps.ids.next('so');
    const number = await deps.series.takeIssuedNumber(tx, ctx, 'sales_order', party.branchId, date, salesOrderId);
    const created = now();
    const order: SalesOrderRow = {
      org_id: ctx.orgId, sales_order_id: salesOrderId, sales_order_number: number, branch_id: party.branchId,
      customer_id: party.customerId, customer_name: party.customerName, order_date: date, shipment_date: shipmentDate,
      reference_number: input.reference_number ?? null, place_of_supply: party.placeOfSupply, supply_type: party.supply,
      ...totalColumnsOf(priced), status: 'DRAFT', notes: input.notes ?? null, estimate_id: origin.estimateId ?? null, invoice_id: null,
      version: 1, created_time: created, last_modified_time: created,
    };
    const lines: SalesOrderLineRow[] = lineColumnsOf(priced, () => deps.ids.next('li'))
      .map((l, position) => ({ ...l, org_id: ctx.orgId, sales_order_id: order.sales_order_id, position }));
    await repo.insert(tx, order, lines);
    await deps.activity.record(tx, ctx, {
      entityType: 'SALES_ORDER', entityId: order.sales_order_id, entityRef: number, verb: 'CREATED',
      ...(origin.estimateId && { metadata: { estimate_id: origin.estimateId } }),
    });
    await deps.events.emit(tx, ctx, 'SALES_ORDER_CREATED', eventData(order));
    return { sales_order: presentSalesOrder(order, lines) };
  }

  return {
    createInTx,

    async createSalesOrder(ctx: RequestContext, input: CreateSalesOrderBody) {
      return deps.uow(ctx, (tx) => createInTx(tx, ctx, input));
    },

    /** Header fields while the order is still to be invoiced, and the moves of SALES_ORDER_MOVES (see planHeaderEdit). */
    async updateSalesOrder(ctx: RequestContext, salesOrderId: string, input: UpdateSalesOrderBody) {
      return deps.uow(ctx, async (tx) => {
        const before = await load(tx, ctx.orgId, salesOrderId, true);
        const after = {
          reference_number: input.reference_number !== undefined ? input.reference_number : before.reference_number,
          shipment_date: followUpDate(input.shipment_date, before.shipment_date, before.order_date, 'shipment_date'),
          notes: input.notes !== undefined ? input.notes : before.notes,
        };
        return { sales_order: await common.editHeader(tx, ctx, before, after, input.status) };
      });
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
