import type { Db, Tx } from '../../db/database';
import { notFound } from '../../kernel/errors';
import { businessDateOf, istDateOf } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertWithinBooks } from '../../platform/orgs/period-lock';
import { cursorPage, readCursor } from '../../platform/pagination';
import {
  assertStatusIn, followUpDate, lineColumnsOf, lineInputsOf, planHeaderEdit, priceLines, resolveSalesParty, totalColumnsOf,
  type HeaderEditRules,
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
  const db = deps.database.db;
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();

  async function load(executor: Db | Tx, orgId: string, salesOrderId: string, forUpdate = false) {
    const row = await repo.find(executor, orgId, salesOrderId, forUpdate);
    if (!row) throw notFound('sales order', 'sales_order_id');
    return row;
  }

  async function view(executor: Db | Tx, row: SalesOrderRow) {
    return presentSalesOrder(row, await repo.lines(executor, row.org_id, [row.sales_order_id]));
  }

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
    const number = await deps.series.takeIssuedNumber(tx, ctx.orgId, 'sales_order', party.branchId, date);
    const created = now();
    const order: SalesOrderRow = {
      org_id: ctx.orgId, sales_order_id: deps.ids.next('so'), sales_order_number: number, branch_id: party.branchId,
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
        const next: SalesOrderRow = {
          ...before,
          reference_number: input.reference_number !== undefined ? input.reference_number : before.reference_number,
          shipment_date: followUpDate(input.shipment_date, before.shipment_date, before.order_date, 'shipment_date'),
          notes: input.notes !== undefined ? input.notes : before.notes,
          status: input.status ?? before.status,
        };
        const changes = planHeaderEdit(EDITS, before.status as SalesOrderStatus, header(before), header(next), input.status);
        if (!changes) return { sales_order: await view(tx, before) };
        const saved: SalesOrderRow = { ...next, version: before.version + 1, last_modified_time: now() };
        await repo.update(tx, ctx.orgId, salesOrderId, { ...header(saved), status: saved.status, version: saved.version, last_modified_time: saved.last_modified_time });
        await deps.activity.record(tx, ctx, {
          entityType: 'SALES_ORDER', entityId: salesOrderId, entityRef: before.sales_order_number, verb: 'UPDATED', changes,
        });
        return { sales_order: await view(tx, saved) };
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
      return { sales_order: await view(db, await load(db, ctx.orgId, salesOrderId)) };
    },

    async listSalesOrders(ctx: RequestContext, query: ListSalesOrdersQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'sales_orders', query);
      const rows = await repo.list(db, ctx.orgId, { status: query.status, customerId: query.customer_id }, after, perPage);
      const page = cursorPage(deps.cursors, 'sales_orders', rows, perPage, (r) => [r.sales_order_id]);
      const lines = await repo.lines(db, ctx.orgId, page.items.map((r) => r.sales_order_id));
      return {
        sales_orders: page.items.map((r) => presentSalesOrder(r, lines.filter((l) => l.sales_order_id === r.sales_order_id))),
        page_context: page.page_context,
      };
    },

    exists: async (orgId: string, salesOrderId: string) => (await repo.find(db, orgId, salesOrderId)) !== undefined,
    /** Locks a live document of this organisation for the rest of the caller's transaction (comments hang off it); false when there is none. */
    lockLive: async (tx: Tx, orgId: string, salesOrderId: string) => (await repo.find(tx, orgId, salesOrderId, true)) !== undefined,
    countForContact: (tx: Tx, orgId: string, contactId: string) => repo.countForContact(tx, orgId, contactId),
  };
}

export type SalesOrdersService = ReturnType<typeof salesOrdersService>;
