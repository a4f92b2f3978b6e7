import type { Db, Tx } from '../../db/database';
import { toJson } from '../../db/json';
import { searchPatternOf } from '../../db/text-search';
import { invalidState, invalidValue, notFound, requiredField } from '../../kernel/errors';
import { businessDateOf, istDateOf } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { assertNotFiled } from '../../platform/orgs/filed-returns';
import { assertWithinBooks } from '../../platform/orgs/period-lock';
import { cursorPage, readCursor } from '../../platform/pagination';
import { mergeAddress } from '../contacts/contacts.rules';
import { lineColumnsOf, priceLines, routeSupply, totalColumnsOf, type BranchOf } from '../documents';
import { NO_TRANSPORT, transportFieldsOf } from '../ewaybill/transport.rules';
import type { SeriesService } from '../series';
import { challanPartiesReader, consigneeOf } from './delivery-challans.parties';
import { presentDeliveryChallan } from './delivery-challans.presenter';
import { deliveryChallansRepository as repo, type DeliveryChallanRow } from './delivery-challans.repository';
import { approvalOverdueBefore } from './delivery-challans.rules';
import type { CreateDeliveryChallanBody, LinkInvoiceBody, ListDeliveryChallansQuery } from './delivery-challans.schemas';

type Deps = Pick<PlatformDeps, 'uow' | 'database' | 'cursors' | 'activity' | 'clock' | 'ids' | 'events'> & {
  series: { branchOf: BranchOf } & Pick<SeriesService, 'takeNumber'>;
};

const LIST = 'delivery_challans';

/** docs/rules/documents-and-notes.md, "Event data": id, number, contact id, total and status, and why the goods move. */
const eventData = (c: DeliveryChallanRow) => ({ id: c.delivery_challan_id, number: c.delivery_challan_number, contact_id: c.contact_id, reason: c.reason, total: toRupees(c.total), status: c.status });

/** A challan of a GSTR-1 marked filed is frozen with it: Table 13 counts it (409 conflict.period_filed). */
const assertTable13Open = (tx: Tx, orgId: string, c: { id: string; date: string; branchId: string }) =>
  assertNotFiled(tx, orgId, { source: 'DELIVERY_CHALLAN', sourceId: c.id, date: c.date, branchId: c.branchId });

/** Rule 55(1)(d): a challan describes its goods by their HSN code. */
function assertHsnGiven(lines: readonly { hsnOrSac: string | null }[]) {
  lines.forEach((l, i) => {
    if (!l.hsnOrSac) throw requiredField(`line_items[${i}].hsn_or_sac`, `line_items[${i}].hsn_or_sac is required: a delivery challan names the HSN code of its goods (CGST Rule 55(1)(d))`);
  });
}

/** Delivery challan use cases (docs/rules/documents-and-notes.md, "Delivery challans"). Each is one transaction; a challan posts no journal. */
export function deliveryChallansService(deps: Deps) {
  const db = deps.database.db;
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();

  /** Challans as the API shows them, with their lines and parties. */
  async function views(executor: Db | Tx, orgId: string, rows: readonly DeliveryChallanRow[]) {
    const [lines, partiesOf] = await Promise.all([repo.lines(executor, orgId, rows.map((r) => r.delivery_challan_id)), challanPartiesReader(executor, orgId)]);
    return rows.map((r) => presentDeliveryChallan(r, lines.filter((l) => l.delivery_challan_id === r.delivery_challan_id), partiesOf(r), today()));
  }
  const view = async (executor: Db | Tx, row: DeliveryChallanRow) => (await views(executor, row.org_id, [row]))[0]!;

  async function load(executor: Db | Tx, orgId: string, id: string, forUpdate = false) {
    const row = await repo.find(executor, orgId, id, forUpdate);
    if (!row) throw notFound('delivery challan', 'delivery_challan_id');
    return row;
  }

  /** A move that changes one live challan: its new columns, a new version, an activity row; CANCELLED ones are final (409). */
  async function change(tx: Tx, ctx: RequestContext, before: DeliveryChallanRow, verb: string, changes: Partial<DeliveryChallanRow>, metadata?: Record<string, unknown>) {
    if (before.status === 'CANCELLED') throw invalidState('A cancelled delivery challan cannot change', { status: before.status });
    const after = { ...before, ...changes, version: before.version + 1, last_modified_time: now() };
    await repo.update(tx, ctx.orgId, before.delivery_challan_id, { ...changes, version: after.version, last_modified_time: after.last_modified_time });
    const fieldChanges = Object.fromEntries(Object.keys(changes).map((k) => [k, { old: before[k as keyof DeliveryChallanRow], new: after[k as keyof DeliveryChallanRow] }]));
    await deps.activity.record(tx, ctx, { entityType: 'DELIVERY_CHALLAN', entityId: before.delivery_challan_id, entityRef: before.delivery_challan_number, verb, changes: fieldChanges, ...(metadata && { metadata }) });
    return after;
  }

  return {
    /**
     * An ISSUED challan: its consignee and where the goods go, its lines priced as any document's
     * (tax shown when a line carries one: Rule 55(1)(c), goods moved for supply), the next number of
     * its branch's DC- series, the row and lines, a CREATED activity row and DELIVERY_CHALLAN_CREATED.
     */
    async create(ctx: RequestContext, input: CreateDeliveryChallanBody) {
      return deps.uow(ctx, async (tx) => {
        const orgId = ctx.orgId;
        const date = businessDateOf(input.date);
        await assertWithinBooks(tx, orgId, date, 'date');
        const from = await deps.series.branchOf(tx, orgId, input.branch_id);
        const to = await consigneeOf(tx, orgId, input, from);
        const routing = routeSupply({ supplierState: from.state_code, placeOfSupply: to.placeOfSupply, counterpartyTreatment: to.gstTreatment, exportType: null });
        const priced = await priceLines(tx, orgId, input.line_items, routing, input.reason === 'PURCHASE_RETURN' ? 'purchase' : 'sales');
        assertHsnGiven(priced.lines);
        const transport = { ...NO_TRANSPORT, ...transportFieldsOf(input) };
        const [dispatchFrom, shipTo] = [mergeAddress(null, input.dispatch_from, 'dispatch_from'), mergeAddress(null, input.ship_to, 'ship_to')];
        const id = deps.ids.next('dc');
        await assertTable13Open(tx, orgId, { id, date, branchId: from.branch_id });
        const { number, seriesId } = await deps.series.takeNumber(tx, ctx, { documentType: 'delivery_challan', branchId: from.branch_id, seriesName: 'default', date, documentId: id });
        const created = now();
        const row: DeliveryChallanRow = {
          org_id: orgId, delivery_challan_id: id, delivery_challan_number: number, series_id: seriesId, branch_id: from.branch_id, reason: input.reason,
          contact_id: to.contactId, contact_name: to.contactName, party: to.party, to_branch_id: to.toBranchId, challan_date: date,
          place_of_supply: to.placeOfSupply, supply_type: routing.supply, ...totalColumnsOf(priced),
          dispatch_from: dispatchFrom && toJson(dispatchFrom), ship_to: shipTo && toJson(shipTo), ...transport,
          invoice_id: null, status: 'ISSUED', reference_number: input.reference_number ?? null, notes: input.notes ?? null,
          version: 1, created_time: created, last_modified_time: created,
        };
        const lines = lineColumnsOf(priced, () => deps.ids.next('li')).map((l, position) => ({ ...l, org_id: orgId, delivery_challan_id: id, position }));
        await repo.insert(tx, row, lines);
        await deps.activity.record(tx, ctx, { entityType: 'DELIVERY_CHALLAN', entityId: id, entityRef: number, verb: 'CREATED' });
        await deps.events.emit(tx, ctx, 'DELIVERY_CHALLAN_CREATED', eventData(row));
        return { delivery_challan: await view(tx, row) };
      });
    },

    async get(ctx: RequestContext, id: string) {
      return { delivery_challan: await view(db, await load(db, ctx.orgId, id)) };
    },

    /** Newest first, by reason; `overdue=true` keeps goods on approval past their six months without an invoice (CGST s.31(7)). */
    async list(ctx: RequestContext, query: ListDeliveryChallansQuery) {
      const { perPage, after } = readCursor(deps.cursors, LIST, query);
      const filter = { reason: query.reason, search: searchPatternOf(query.search), ...(query.overdue && { approvalRemovedBefore: approvalOverdueBefore(today()) }) };
      const page = cursorPage(deps.cursors, LIST, await repo.list(db, ctx.orgId, filter, after, perPage), perPage, (r) => [r.delivery_challan_id]);
      return { delivery_challans: await views(db, ctx.orgId, page.items), page_context: page.page_context };
    },

    /** ISSUED → CANCELLED: a mistaken challan. Its number stays taken and GSTR-1 Table 13 counts it as cancelled. */
    async void(ctx: RequestContext, id: string) {
      return deps.uow(ctx, async (tx) => {
        const before = await load(tx, ctx.orgId, id, true);
        await assertTable13Open(tx, ctx.orgId, { id, date: before.challan_date, branchId: before.branch_id });
        const voided = await change(tx, ctx, before, 'VOIDED', { status: 'CANCELLED' });
        await deps.events.emit(tx, ctx, 'DELIVERY_CHALLAN_VOIDED', eventData(voided));
        return { delivery_challan: await view(tx, voided) };
      });
    },

    /**
     * Records the invoice that supplied goods sent on approval (CGST s.31(7)): an invoice of this
     * organisation (404 otherwise) to the challan's consignee, issued (not a draft, not void).
     */
    async linkInvoice(ctx: RequestContext, id: string, input: LinkInvoiceBody) {
      return deps.uow(ctx, async (tx) => {
        const before = await load(tx, ctx.orgId, id, true);
        if (before.reason !== 'ON_APPROVAL') throw invalidState('Only goods sent on approval are invoiced from their challan', { reason: before.reason });
        if (before.invoice_id !== null) throw invalidState('The challan already records its invoice', { invoice_id: before.invoice_id });
        const invoice = await tx.selectFrom('invoices').select(['customer_id', 'status']).where('org_id', '=', ctx.orgId).where('invoice_id', '=', input.invoice_id).executeTakeFirst();
        if (!invoice) throw notFound('invoice', 'invoice_id');
        if (invoice.customer_id !== before.contact_id) throw invalidValue('invoice_id', "the invoice is to another customer than the challan's consignee");
        if (invoice.status === 'DRAFT' || invoice.status === 'CANCELLED') throw invalidValue('invoice_id', `the invoice is ${invoice.status}: only an issued invoice supplies the goods`);
        const linked = await change(tx, ctx, before, 'INVOICED', { invoice_id: input.invoice_id }, { invoice_id: input.invoice_id });
        return { delivery_challan: await view(tx, linked) };
      });
    },

    exists: async (orgId: string, id: string) => (await repo.find(db, orgId, id)) !== undefined,
    countForContact: (tx: Tx, orgId: string, contactId: string) => repo.countForContact(tx, orgId, contactId),
  };
}
export type DeliveryChallansService = ReturnType<typeof deliveryChallansService>;
