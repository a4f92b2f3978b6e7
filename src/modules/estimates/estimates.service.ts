import type { Tx } from '../../db/database';
import { istDateOf } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertStatusIn, lineInputsOf, unpostedDocumentUseCases, type NewRow, type UnpostedDocumentDeps } from '../documents';
import type { SalesOrdersService } from '../sales-orders';
import { presentEstimate } from './estimates.presenter';
import { estimatesRepository as repo, type EstimateRow } from './estimates.repository';
import { ACCEPTABLE, CONVERTIBLE, DELETABLE, ESTIMATE_MOVES, HEADER_EDITABLE, type EstimateStatus } from './estimates.rules';
import type { CreateEstimateBody, ListEstimatesQuery, UpdateEstimateBody } from './estimates.schemas';

type Deps = UnpostedDocumentDeps & Pick<PlatformDeps, 'uow' | 'dependents'> & { salesOrders: Pick<SalesOrdersService, 'createInTx'> };

/** docs/rules/documents-and-notes.md, "Event data": a document event's data is its id, number, contact id, total and status. */
const eventData = (e: EstimateRow) => ({
  id: e.estimate_id, number: e.estimate_number, customer_id: e.customer_id, total: toRupees(e.total), status: e.status,
});

/** Estimate use cases. Each is one transaction; an estimate posts no journal. */
export function estimatesService(deps: Deps) {
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();

  const common = unpostedDocumentUseCases(repo, {
    entityType: 'ESTIMATE', noun: 'estimate', idField: 'estimate_id', list: 'estimates', idOf: (r) => r.estimate_id, numberOf: (r) => r.estimate_number,
    present: presentEstimate, edits: { document: 'estimate', moves: ESTIMATE_MOVES, headerEditable: HEADER_EDITABLE },
    followUp: { field: 'expiry_date', of: (r) => r.expiry_date, documentDateOf: (r) => r.estimate_date },
    creation: { role: 'customer', idPrefix: 'est', seriesType: 'estimate', event: 'ESTIMATE_CREATED', eventData },
  }, deps);
  const { load, view } = common;

  /** A new estimate's row: the columns every unposted document has, with its own. */
  const newEstimate: NewRow<EstimateRow> = (shared, { id, number, party, date, followUp }) => ({
    ...shared, estimate_id: id, estimate_number: number, customer_id: party.contactId, customer_name: party.contactName,
    estimate_date: date, expiry_date: followUp, converted_to_sales_order_id: null,
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
      return deps.uow(ctx, async (tx) => ({ estimate: await common.create(tx, ctx, input, newEstimate) }));
    },

    /** Header fields until the customer has decided, and the moves of ESTIMATE_MOVES (see planHeaderEdit). */
    async updateEstimate(ctx: RequestContext, estimateId: string, input: UpdateEstimateBody) {
      return deps.uow(ctx, async (tx) => ({ estimate: await common.update(tx, ctx, estimateId, input) }));
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
