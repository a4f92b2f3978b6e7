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
import type { SalesOrdersService } from '../sales-orders';
import type { SeriesService } from '../series';
import { presentEstimate } from './estimates.presenter';
import { estimatesRepository as repo, type EstimateLineRow, type EstimateRow } from './estimates.repository';
import { ACCEPTABLE, CONVERTIBLE, DELETABLE, ESTIMATE_MOVES, HEADER_EDITABLE, type EstimateStatus } from './estimates.rules';
import type { CreateEstimateBody, ListEstimatesQuery, UpdateEstimateBody } from './estimates.schemas';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors' | 'dependents'> & {
  series: Pick<SeriesService, 'branchOf' | 'takeIssuedNumber'>;
  salesOrders: Pick<SalesOrdersService, 'createInTx'>;
};

const EDITS: HeaderEditRules<EstimateStatus> = { document: 'estimate', moves: ESTIMATE_MOVES, headerEditable: HEADER_EDITABLE };

/** The fields a header edit may change; with status, what an UPDATED activity row compares. */
const header = (e: EstimateRow) => ({ reference_number: e.reference_number, expiry_date: e.expiry_date, notes: e.notes });

/** Estimate use cases. Each is one transaction; an estimate posts no journal. */
export function estimatesService(deps: Deps) {
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();

  const common = unpostedDocumentUseCases(repo, {
    entityType: 'ESTIMATE', noun: 'estimate', idField: 'estimate_id', list: 'estimates', idOf: (r) => r.estimate_id, numberOf: (r) => r.estimate_number,
    present: presentEstimate, edits: EDITS, headerOf: header,
  }, deps);
  const { load, view } = common;

  /** docs/rules/documents-and-notes.md, "Event data": a document event's data is its id, number, contact id, total and status. */
  const eventData = (e: EstimateRow) => ({
    id: e.estimate_id, number: e.estimate_number, customer_id: e.customer_id, total: toRupees(e.total), status: e.status,
  });

  /**
   * Accept and convert: the estimate moves to `status`, logged under that verb (ESTIMATE_ACCEPTED,
   * ESTIMATE_CONVERTED); the new sales order, if any, is linked and named in the metadata.
   */
  async function settle(tx: Tx, ctx: RequestContext, estimate: EstimateRow, status: 'ACCEPTED' | 'CONVERTED', salesOrderId?: string) {
    const link = salesOrderId === undefined ? {} : { converted_to_sales_order_id: salesOrderId };
    const moved: EstimateRow = { ...estimate, ...link, status, version: estimate.version + 1, last_modified_time: now() };
    await repo.update(tx, ctx.orgId, estimate.estimate_id, { ...link, status, version: moved.version, last_modified_time: moved.last_modified_time });
    await deps.activity.record(tx, ctx, {
      entityType: 'ESTIMATE', entityId: estimate.estimate_id, entityRef: estimate.estimate_number, verb: status,
      changes: { status: { old: estimate.status, new: status } }, ...(salesOrderId !== undefined && { metadata: { sales_order_id: salesOrderId } }),
    });
    return moved;
  }

  return {
    async createEstimate(ctx: RequestContext, input: CreateEstimateBody) {
      return deps.uow(ctx, async (tx) => {
        const date = businessDateOf(input.date);
        await assertWithinBooks(tx, ctx.orgId, date, 'date');
        const expiryDate = followUpDate(input.expiry_date, null, date, 'expiry_date');
        const party = await resolveSalesParty(tx, ctx.orgId, input, deps.series.branchOf);
        const priced = await priceLines(tx, ctx.orgId, input.line_items, party, 'sales');
        const estimateId = deps.ids.next('est');
        const number = await deps.series.takeIssuedNumber(tx, ctx, 'estimate', party.branchId, date, estimateId);
        const created = now();
        const estimate: EstimateRow = {
          org_id: ctx.orgId, estimate_id: estimateId, estimate_number: number, branch_id: party.branchId,
          customer_id: party.customerId, customer_name: party.customerName, estimate_date: date, expiry_date: expiryDate,
          reference_number: input.reference_number ?? null, place_of_supply: party.placeOfSupply, supply_type: party.supply,
          ...totalColumnsOf(priced), status: 'DRAFT', notes: input.notes ?? null, converted_to_sales_order_id: null,
          version: 1, created_time: created, last_modified_time: created,
        };
        const lines: EstimateLineRow[] = lineColumnsOf(priced, () => deps.ids.next('li'))
          .map((l, position) => ({ ...l, org_id: ctx.orgId, estimate_id: estimate.estimate_id, position }));
        await repo.insert(tx, estimate, lines);
        await deps.activity.record(tx, ctx, { entityType: 'ESTIMATE', entityId: estimate.estimate_id, entityRef: number, verb: 'CREATED' });
        await deps.events.emit(tx, ctx, 'ESTIMATE_CREATED', eventData(estimate));
        return { estimate: presentEstimate(estimate, lines) };
      });
    },

    /** Header fields until the customer has decided, and the moves of ESTIMATE_MOVES (see planHeaderEdit). */
    async updateEstimate(ctx: RequestContext, estimateId: string, input: UpdateEstimateBody) {
      return deps.uow(ctx, async (tx) => {
        const before = await load(tx, ctx.orgId, estimateId, true);
        const after = {
          reference_number: input.reference_number !== undefined ? input.reference_number : before.reference_number,
          expiry_date: followUpDate(input.expiry_date, before.expiry_date, before.estimate_date, 'expiry_date'),
          notes: input.notes !== undefined ? input.notes : before.notes,
        };
        return { estimate: await common.editHeader(tx, ctx, before, after, input.status) };
      });
    },

    async acceptEstimate(ctx: RequestContext, estimateId: string) {
      return deps.uow(ctx, async (tx) => {
        const estimate = await load(tx, ctx.orgId, estimateId, true);
        assertStatusIn('estimate', 'accepted', ACCEPTABLE, estimate.status as EstimateStatus);
        const accepted = await settle(tx, ctx, estimate, 'ACCEPTED');
        await deps.events.emit(tx, ctx, 'ESTIMATE_ACCEPTED', eventData(accepted));
        return { estimate: await view(tx, accepted) };
      });
    },

    /**
     * ACCEPTED → CONVERTED: a DRAFT sales order with the estimate's customer, branch, place of
     * supply and lines, dated today, created in this transaction (with its own activity and
     * SALES_ORDER_CREATED), and linked both ways.
     */
    async convertEstimate(ctx: RequestContext, estimateId: string) {
      return deps.uow(ctx, async (tx) => {
        const estimate = await load(tx, ctx.orgId, estimateId, true);
        assertStatusIn('estimate', 'converted', CONVERTIBLE, estimate.status as EstimateStatus);
        const lines = await repo.lines(tx, ctx.orgId, [estimateId]);
        const { sales_order } = await deps.salesOrders.createInTx(tx, ctx, {
          customer_id: estimate.customer_id, date: today(), place_of_supply: estimate.place_of_supply, branch_id: estimate.branch_id,
          line_items: lineInputsOf(lines), reference_number: estimate.reference_number, notes: estimate.notes,
        }, { estimateId });
        const converted = await settle(tx, ctx, estimate, 'CONVERTED', sales_order.sales_order_id);
        await deps.events.emit(tx, ctx, 'ESTIMATE_CONVERTED', eventData(converted));
        return { estimate: presentEstimate(converted, lines), sales_order };
      });
    },

    async deleteEstimate(ctx: RequestContext, estimateId: string) {
      return deps.uow(ctx, async (tx) => {
        const estimate = await load(tx, ctx.orgId, estimateId, true);
        assertStatusIn('estimate', 'deleted', DELETABLE, estimate.status as EstimateStatus);
        await repo.delete(tx, ctx.orgId, estimateId);
        await deps.dependents.removeFor(tx, ctx.orgId, estimateId);
        await deps.activity.record(tx, ctx, { entityType: 'ESTIMATE', entityId: estimateId, entityRef: estimate.estimate_number, verb: 'DELETED' });
        return { estimate_id: estimateId };
      });
    },

    async getEstimate(ctx: RequestContext, estimateId: string) {
      return { estimate: await common.get(ctx.orgId, estimateId) };
    },

    async listEstimates(ctx: RequestContext, query: ListEstimatesQuery) {
      const page = await common.list(ctx.orgId, query, query.customer_id);
      return { estimates: page.items, page_context: page.page_context };
    },

    exists: common.exists,
    lockLive: common.lockLive,
    countForContact: common.countForContact,
  };
}

export type EstimatesService = ReturnType<typeof estimatesService>;
