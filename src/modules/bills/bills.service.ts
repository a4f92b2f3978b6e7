import type { Db, Tx } from '../../db/database';
import { searchPatternOf } from '../../db/text-search';
import { invalidState, invalidValue, notFound, requiredField } from '../../kernel/errors';
import { addDays, businessDateOf, istDateOf } from '../../kernel/local-date';
import { toPaise, toRupees } from '../../kernel/money';
import { diffFields, type ActivityEntry } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { orgSettings } from '../../platform/orgs/org-settings';
import { assertDocumentDate, assertPeriodOpen } from '../../platform/orgs/period-lock';
import { cursorPage, readCursor } from '../../platform/pagination';
import { catalogRepository } from '../catalog';
import { assertCessLevied, assertConvertible, assertDocumentConvertible, decideRoundOff, exchangeRateMicroOf, freshPartyCopy, lineColumnsOf, priceResolved, resolveOnSide, resolveParty, settlementPort, totalColumnsOf, totalWithRoundOff } from '../documents';
import { reversalRemedy, type LedgerService } from '../ledger';
import { posRestricted, purchaseTaxTerms } from '../documents/purchase-tax.rules';
import { owedAmount, owedTotals } from '../documents/reverse-charge.rules';
import type { SupplyType } from '../documents/supply.rules';
import { NO_TRANSPORT, presentTransport, transportFieldsOf } from '../ewaybill/transport.rules';
import { takeDocumentNumber, type SeriesService } from '../series';
import { billApprovalLines } from './bills.posting';
import { presentBill } from './bills.presenter';
import { billsRepository as repo, type BillLineRow, type BillRow } from './bills.repository';
import { duplicateOf, hasMoneyApplied, originalBillProblem, SUPPLIER_DEBIT_NOTE } from './bills.rules';
import { BILL_SETTLEMENT } from './bills.settlement';
import type { CreateBillBody, ListBillsQuery, UpdateBillBody } from './bills.schemas';
import { isOpeningItem } from '../opening-balances';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors' | 'dependents'> & {
  ledger: LedgerService;
  series: Pick<SeriesService, 'branchOf'>;
};

const BILL_NUMBERING = { prefix: 'BILL-', counterKey: 'bill' };

/** The header fields a DRAFT edit may change; what an UPDATED activity row compares. */
const header = (b: BillRow) => ({
  bill_number: b.bill_number, reference_number: b.reference_number, due_date: b.due_date, notes: b.notes,
  round_off: toRupees(b.round_off), total: toRupees(b.total), document_type: b.document_type, original_bill_id: b.original_bill_id, ...presentTransport(b),
});

/** Bill use cases. Each is one transaction: the bill, its journal, activity and events together. */
export function billsService(deps: Deps) {
  const db = deps.database.db;
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();

  async function load(executor: Db | Tx, orgId: string, billId: string, forUpdate = false) {
    const row = await repo.find(executor, orgId, billId, forUpdate);
    if (!row) throw notFound('bill', 'bill_id');
    return row;
  }

  const view = async (executor: Db | Tx, row: BillRow) => presentBill(row, await repo.lines(executor, row.org_id, [row.bill_id]), today());

  /** docs/rules/documents-and-notes.md, "Event data": a document event's data is its id, number, contact id, total and status; a bill's, what it is. */
  const eventData = (b: BillRow) => ({
    id: b.bill_id, number: b.bill_number, vendor_id: b.vendor_id, total: toRupees(b.total), status: presentBill(b, [], today()).status,
    document_type: b.document_type, original_bill_id: b.original_bill_id,
  });

  /** A supplier's debit note names the bill it raises, which must be one it can raise (bills.rules.ts originalBillProblem); an invoice names none. */
  async function assertOriginalBill(tx: Tx, orgId: string, bill: Pick<BillRow, 'vendor_id' | 'document_type' | 'original_bill_id'>) {
    if (bill.document_type !== SUPPLIER_DEBIT_NOTE) {
      if (bill.original_bill_id !== null) throw invalidValue('original_bill_id', 'only a SUPPLIER_DEBIT_NOTE names an original bill');
      return;
    }
    if (bill.original_bill_id === null) throw requiredField('original_bill_id', 'a SUPPLIER_DEBIT_NOTE names the bill it raises');
    const original = await repo.find(tx, orgId, bill.original_bill_id, true);
    if (!original) throw notFound('bill', 'original_bill_id');
    const problem = originalBillProblem(bill.vendor_id, original);
    if (problem) throw invalidValue('original_bill_id', problem);
  }

  /** Refuses the same bill entered twice (spec's anti-duplicate guard), before anything is posted. */
  async function refuseDuplicate(tx: Tx, bill: BillRow) {
    const twin = duplicateOf(bill, await repo.postedTwins(tx, bill));
    if (twin) {
      throw invalidValue('reference_number', 'a posted bill of this vendor has the same date and total; send a distinct reference_number if this is a separate bill', {
        details: { existing_bill_id: twin.bill_id, existing_reference: twin.reference_number },
      });
    }
  }

  /**
   * Posts the approval entry of a DRAFT bill (none when it is worth 0) and records the approval; returns the bill as
   * OPEN, which the caller stores (a create inserts it so, an approval updates it).
   * `createdNow`: as for invoices (invoices.service.ts approveInTx).
   */
  async function approveInTx(tx: Tx, ctx: RequestContext, bill: BillRow, lines: readonly BillLineRow[], createdNow?: ActivityEntry): Promise<BillRow> {
    const key = (k: string) => catalogRepository.systemAccountId(tx, ctx.orgId, k);
    const restricted = posRestricted(bill.supply_type, bill.place_of_supply, (await deps.series.branchOf(tx, ctx.orgId, bill.branch_id)).state_code);
    const journal = await deps.ledger.postUnlessZero(tx, ctx, {
      date: bill.bill_date, source: 'BILL', sourceId: bill.bill_id, sourceVersion: bill.version, sourceRef: bill.bill_number,
      memo: `Bill ${bill.bill_number} from ${bill.vendor_name}`, contactId: bill.vendor_id, branchId: bill.branch_id,
      lines: billApprovalLines({
        vendorId: bill.vendor_id, exchangeRateMicro: bill.exchange_rate_micro, roundOff: bill.round_off, reverseCharge: bill.is_rcm === 1,
        lines: lines.map((l) => ({
          accountId: l.account_id, itemTotal: l.item_total, cgst: l.cgst, sgst: l.sgst, igst: l.igst, cess: l.cess, name: l.name, blocked: l.itc_blocked_reason !== null || restricted,
        })),
      }, {
        payable: await key('accounts_payable'), cgstInput: await key('cgst_input'), sgstInput: await key('sgst_input'), igstInput: await key('igst_input'), cessInput: await key('cess_input'),
        rcmInput: await key('rcm_input'), rcmPayable: await key('rcm_payable'), roundOff: await catalogRepository.roundOffAccountId(tx, ctx.orgId),
      }),
    }, { newSource: createdNow !== undefined });
    const approval: ActivityEntry = {
      entityType: 'BILL', entityId: bill.bill_id, entityRef: bill.bill_number, verb: 'APPROVED',
      changes: { status: { old: 'DRAFT', new: 'OPEN' } }, metadata: { journal_id: journal?.journal_id ?? null },
    };
    await deps.activity.record(tx, ctx, ...(createdNow ? [createdNow] : []), approval);
    return { ...bill, status: 'OPEN', last_modified_time: now() };
  }

  /** Creates a bill inside the caller's transaction: the public create, and a purchase order's conversion. */
  async function createInTx(tx: Tx, ctx: RequestContext, input: CreateBillBody, origin: { purchaseOrderId?: string } = {}) {
    const date = businessDateOf(input.date);
    await assertDocumentDate(tx, ctx.orgId, date, 'date');
    const party = await resolveParty(tx, ctx.orgId, 'vendor', { ...input, contact_id: input.vendor_id }, deps.series.branchOf);
    const documentType = { document_type: input.document_type ?? 'INVOICE', original_bill_id: input.original_bill_id ?? null };
    await assertOriginalBill(tx, ctx.orgId, { vendor_id: party.contactId, ...documentType });
    const { baseCurrency } = await orgSettings(tx, ctx.orgId);
    const currency = input.currency_code ?? baseCurrency;
    const exchangeRateMicro = exchangeRateMicroOf(input.exchange_rate, currency, baseCurrency);
    const dueDate = input.due_date ? businessDateOf(input.due_date) : addDays(date, party.paymentTerms);
    if (dueDate < date) throw invalidValue('due_date', 'due_date is before the bill date');
    const inclusive = input.is_inclusive_tax ?? false;
    const resolved = await resolveOnSide(tx, ctx.orgId, input.line_items, 'purchase');
    const terms = purchaseTaxTerms({ vendorTreatment: party.gstTreatment, isRcm: input.is_rcm, inclusive, lineCodes: resolved.map((l) => l.hsnOrSac) });
    const supply: SupplyType = terms.imported ? 'INTER' : party.supply;
    const priced = priceResolved(resolved.map((l, i) => ({ ...l, taxedAtCustoms: terms.goodsImported[i] })), { ...party, supply, inclusive });
    assertCessLevied(priced.lines, date);
    // Bills take a manual round-off only (or the paisa tax-inclusive amounts leave), and only where a Round Off ledger can carry it.
    const roundOff = decideRoundOff({
      pre: owedAmount(priced.amounts.subTotal, priced.amounts.taxTotal, terms.reverseCharge), remainder: priced.amounts.remainderTotal,
      explicitRoundOffPaise: input.round_off === undefined || input.round_off === null ? null : toPaise(input.round_off),
      roundInvoiceTotals: false, method: 'nearest', roundOffLedgerExists: (await catalogRepository.roundOffAccountId(tx, ctx.orgId)) !== null,
    });
    const totals = owedTotals(totalColumnsOf(priced), terms.reverseCharge);
    assertDocumentConvertible(priced.amounts, roundOff, exchangeRateMicro, 'exchange_rate');
    const number = input.bill_number ?? await takeDocumentNumber(tx, ctx.orgId, BILL_NUMBERING);
    const created = now();
    const bill: BillRow = {
      org_id: ctx.orgId, bill_id: deps.ids.next('bill'), bill_number: number, branch_id: party.branchId,
      vendor_id: party.contactId, vendor_name: party.contactName, bill_date: date, due_date: dueDate,
      reference_number: input.reference_number ?? null, place_of_supply: party.placeOfSupply, supply_type: supply,
      gst_treatment: party.gstTreatment, party: party.partyCopy, is_inclusive_tax: inclusive ? 1 : 0, currency_code: currency, exchange_rate_micro: exchangeRateMicro,
      ...totals, round_off: roundOff, total: totalWithRoundOff(totals.total, roundOff), payment_made: 0, vendor_credits_applied: 0,
      balance: totalWithRoundOff(totals.total, roundOff), status: 'DRAFT', notes: input.notes ?? null, purchase_order_id: origin.purchaseOrderId ?? null,
      is_rcm: terms.reverseCharge ? 1 : 0, ...documentType, version: 1, created_time: created, last_modified_time: created,
      ...NO_TRANSPORT, ...transportFieldsOf(input),
    };
    await refuseDuplicate(tx, bill);
    const lines: BillLineRow[] = lineColumnsOf(priced, () => deps.ids.next('li'))
      .map((l, position) => ({ ...l, org_id: ctx.orgId, bill_id: bill.bill_id, position, itc_blocked_reason: input.line_items[position]!.itc_blocked_reason ?? null }));
    await repo.insert(tx, input.auto_approve ? { ...bill, status: 'OPEN' } : bill, lines);
    const creation: ActivityEntry = {
      entityType: 'BILL', entityId: bill.bill_id, entityRef: number, verb: 'CREATED',
      ...(origin.purchaseOrderId && { metadata: { purchase_order_id: origin.purchaseOrderId } }),
      ...(bill.original_bill_id && { metadata: { original_bill_id: bill.original_bill_id } }),
    };
    const final = input.auto_approve ? await approveInTx(tx, ctx, bill, lines, creation) : bill;
    if (!input.auto_approve) await deps.activity.record(tx, ctx, creation);
    await deps.events.emit(tx, ctx, 'BILL_CREATED', eventData(final));
    return { bill: presentBill(final, lines, today()) };
  }

  return {
    createInTx,

    ...settlementPort(BILL_SETTLEMENT, { ...deps, now, eventData }),

    async createBill(ctx: RequestContext, input: CreateBillBody) {
      return deps.uow(ctx, (tx) => createInTx(tx, ctx, input));
    },

    async approveBill(ctx: RequestContext, billId: string) {
      return deps.uow(ctx, async (tx) => {
        const bill = await load(tx, ctx.orgId, billId, true);
        if (bill.status !== 'DRAFT') throw invalidState(`only a DRAFT bill can be approved; this one is ${bill.status}`, { status: bill.status });
        await assertPeriodOpen(tx, ctx.orgId, bill.bill_date);
        await refuseDuplicate(tx, bill);
        const lines = await repo.lines(tx, ctx.orgId, [billId]);
        const approved = await approveInTx(tx, ctx, { ...bill, version: bill.version + 1, party: await freshPartyCopy(tx, ctx.orgId, bill.vendor_id) }, lines);
        await repo.update(tx, ctx.orgId, billId, { status: approved.status, party: approved.party, version: approved.version, last_modified_time: approved.last_modified_time });
        await deps.events.emit(tx, ctx, 'BILL_UPDATED', eventData(approved));
        return { bill: presentBill(approved, lines, today()) };
      });
    },

    async updateBill(ctx: RequestContext, billId: string, input: UpdateBillBody) {
      return deps.uow(ctx, async (tx) => {
        const bill = await load(tx, ctx.orgId, billId, true);
        if (bill.status !== 'DRAFT') throw invalidState('a bill can be edited only while DRAFT; void and recreate it', { status: bill.status });
        await assertPeriodOpen(tx, ctx.orgId, bill.bill_date);
        const dueDate = input.due_date !== undefined ? businessDateOf(input.due_date) : bill.due_date;
        if (dueDate < bill.bill_date) throw invalidValue('due_date', 'due_date is before the bill date');
        const ledgerForRoundOff = await catalogRepository.roundOffAccountId(tx, ctx.orgId);
        const roundOff = input.round_off === undefined ? bill.round_off : input.round_off && ledgerForRoundOff ? toPaise(input.round_off) : 0;
        const pre = bill.total - bill.round_off;
        assertConvertible([roundOff, pre + roundOff], bill.exchange_rate_micro, 'round_off');
        const next: BillRow = {
          ...bill,
          bill_number: input.bill_number ?? bill.bill_number,
          reference_number: input.reference_number !== undefined ? input.reference_number : bill.reference_number,
          notes: input.notes !== undefined ? input.notes : bill.notes,
          document_type: input.document_type ?? bill.document_type,
          original_bill_id: input.original_bill_id !== undefined ? input.original_bill_id : bill.original_bill_id,
          due_date: dueDate, round_off: roundOff, total: totalWithRoundOff(pre, roundOff), balance: totalWithRoundOff(pre, roundOff),
          ...transportFieldsOf(input), party: await freshPartyCopy(tx, ctx.orgId, bill.vendor_id), version: bill.version + 1, last_modified_time: now(),
        };
        await assertOriginalBill(tx, ctx.orgId, next);
        await repo.update(tx, ctx.orgId, billId, next);
        await deps.activity.record(tx, ctx, {
          entityType: 'BILL', entityId: billId, entityRef: next.bill_number, verb: 'UPDATED', changes: diffFields(header(bill), header(next)),
        });
        await deps.events.emit(tx, ctx, 'BILL_UPDATED', eventData(next));
        return { bill: await view(tx, next) };
      });
    },

    /** Any status but CANCELLED; a posted bill's entry is reversed on its own date (refused in a locked period). Refused while money is applied. */
    async voidBill(ctx: RequestContext, billId: string) {
      return deps.uow(ctx, async (tx) => {
        const bill = await load(tx, ctx.orgId, billId, true);
        if (bill.status === 'CANCELLED') throw invalidState('this bill is already void', { status: bill.status });
        // It stands on the opening entry, not on an entry of its own (docs/rules/opening-balances.md, "Open items").
        if (await isOpeningItem(tx, ctx.orgId, billId)) throw invalidState('an opening bill is taken away by setting the opening balances again (POST /opening_balances); after the books start, issue a note against it');
        if (hasMoneyApplied(bill)) {
          throw invalidState('a paid bill cannot be voided: reverse its payments and vendor credits first', {
            payment_made: toRupees(bill.payment_made), vendor_credits_applied: toRupees(bill.vendor_credits_applied),
          });
        }
        await assertPeriodOpen(tx, ctx.orgId, bill.bill_date, reversalRemedy('BILL'));
        await deps.ledger.reverseSource(tx, ctx, 'BILL', billId, `Void of bill ${bill.bill_number}`);
        const voided: BillRow = { ...bill, status: 'CANCELLED', balance: 0, version: bill.version + 1, last_modified_time: now() };
        await repo.update(tx, ctx.orgId, billId, { status: voided.status, balance: 0, version: voided.version, last_modified_time: voided.last_modified_time });
        await deps.activity.record(tx, ctx, {
          entityType: 'BILL', entityId: billId, entityRef: bill.bill_number, verb: 'VOIDED', changes: { status: { old: bill.status, new: 'CANCELLED' } },
        });
        await deps.events.emit(tx, ctx, 'BILL_VOIDED', eventData(voided));
        return { bill: await view(tx, voided) };
      });
    },

    async deleteBill(ctx: RequestContext, billId: string) {
      return deps.uow(ctx, async (tx) => {
        const bill = await load(tx, ctx.orgId, billId, true);
        if (bill.status !== 'DRAFT') throw invalidState('only a DRAFT bill can be deleted; void it instead', { status: bill.status });
        await assertPeriodOpen(tx, ctx.orgId, bill.bill_date);
        await repo.delete(tx, ctx.orgId, billId);
        await deps.dependents.removeFor(tx, ctx.orgId, billId);
        await deps.activity.record(tx, ctx, { entityType: 'BILL', entityId: billId, entityRef: bill.bill_number, verb: 'DELETED' });
        return { bill_id: billId };
      });
    },

    async getBill(ctx: RequestContext, billId: string) {
      return { bill: await view(db, await load(db, ctx.orgId, billId)) };
    },

    async listBills(ctx: RequestContext, query: ListBillsQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'bills', query);
      const day = today();
      const rows = await repo.list(db, ctx.orgId, {
        status: query.status, vendorId: query.vendor_id, dateFrom: query.date_from, dateTo: query.date_to, search: searchPatternOf(query.search),
      }, day, after, perPage);
      const page = cursorPage(deps.cursors, 'bills', rows, perPage, (r) => [r.bill_id]);
      const lines = await repo.lines(db, ctx.orgId, page.items.map((r) => r.bill_id));
      return { bills: page.items.map((r) => presentBill(r, lines.filter((l) => l.bill_id === r.bill_id), day)), page_context: page.page_context };
    },

    exists: async (orgId: string, billId: string) => (await repo.find(db, orgId, billId)) !== undefined,
    /** Locks a live document of this organisation for the rest of the caller's transaction (comments hang off it); false when there is none. */
    lockLive: async (tx: Tx, orgId: string, billId: string) => (await repo.find(tx, orgId, billId, true)) !== undefined,
    countForContact: (tx: Tx, orgId: string, contactId: string) => repo.countForContact(tx, orgId, contactId),
  };
}

export type BillsService = ReturnType<typeof billsService>;
