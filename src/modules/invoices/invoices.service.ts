import type { Tx } from '../../db/database';
import { fromJson, toJson } from '../../db/json';
import { searchPatternOf } from '../../db/text-search';
import { invalidState, invalidValue, notFound } from '../../kernel/errors';
import { addDays, businessDateOf, istDateOf, type LocalDate } from '../../kernel/local-date';
import { JsonText } from '../../kernel/json-text';
import { toPaise } from '../../kernel/money';
import { diffFields, type ActivityEntry } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { orgSettings } from '../../platform/orgs/org-settings';
import { assertDocumentDate, assertPeriodOpen } from '../../platform/orgs/period-lock';
import { viewCache } from '../../platform/view-cache';
import { cursorPage, readCursor } from '../../platform/pagination';
import { assertHsnDigits, catalogRepository } from '../catalog';
import { mergeAddress, type Address } from '../contacts/contacts.rules';
import { assertCessLevied, assertDocumentConvertible, decideRoundOff, exchangeRateMicroOf, freshPartyCopy, inclusiveRemainderOf, readPartyCopy, lineColumnsOf, priceLines, recomputeOnDraftEdit, resolveParty, settlementPort, totalWithRoundOff } from '../documents';
import { assertRatesExcludeTax, assertReverseChargeRecipient, owedAmount } from '../documents/reverse-charge.rules';
import { assertEInvoiceParties, cancelIrnOnVoid, einvoiceFilterOf, findIrn, findIrns, irnOfJoined, presentIrn } from '../einvoice';
import { assertShippingBillSettable, NO_SHIPPING_BILL, ON_ITS_OWN, presentShippingBill, shippingBillColumns, type ShippingBill } from './shipping-bill.rules';
import { NO_TRANSPORT, presentTransport, transportFieldsOf } from '../ewaybill/transport.rules';
import { reversalRemedy, type LedgerService } from '../ledger';
import type { SeriesService } from '../series';
import { invoiceApprovalLines, type InvoiceAccounts } from './invoices.posting';
import { presentInvoice } from './invoices.presenter';
import { invoicesRepository as repo, type InvoiceLineRow, type InvoiceRow } from './invoices.repository';
import { invoiceEventData } from './invoices.events';
import { hasMoneyApplied } from './invoices.rules';
import { INVOICE_SETTLEMENT } from './invoices.settlement';
import { paymentLinkPayee } from './payment-link.rules';
import type { CreateInvoiceBody, ListInvoicesQuery, UpdateInvoiceBody, VoidInvoiceBody } from './invoices.schemas';
import { isOpeningItem } from '../opening-balances';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors' | 'dependents'> & {
  ledger: LedgerService;
  series: SeriesService;
};


/**
 * A list page answers with each invoice's serialised view, made again only when its version or
 * the day differ: clients page through the newest invoices again and again. (A get reads one
 * invoice, often once: it presents it afresh.)
 */
const listedViews = viewCache<[day: LocalDate]>(20_000);

/** Invoice use cases. Each is one transaction: document, journal, number, activity and events together. */
/** Where an invoice comes from, when not from POST /invoices. */
export interface InvoiceOrigin {
  /** The sales order it converts. */
  salesOrderId?: string;
  /** Made by an auto_charge schedule: it carries a UPI payment link (payment-link.rules.ts). */
  withPaymentLink?: boolean;
}


/** An address as its JSON column keeps it; null: none. */
const addressText = (a: Address | null) => (a === null ? null : toJson(a));
export function invoicesService(deps: Deps) {
  const db = deps.database.db;
  const today = () => istDateOf(deps.clock.now());
  const now = () => deps.clock.now().toISOString();

  async function load(executor: Tx | typeof db, orgId: string, invoiceId: string, forUpdate = false) {
    const row = await repo.find(executor, orgId, invoiceId, forUpdate);
    if (!row) throw notFound('invoice', 'invoice_id');
    return row;
  }

  /** One invoice as answered alone: with its IRN, when the IRP has issued one. */
  async function view(executor: Tx | typeof db, row: InvoiceRow, irn?: Parameters<typeof presentIrn>[0]) {
    return {
      ...presentInvoice(row, (await repo.lines(executor, row.org_id, [row.invoice_id])).get(row.invoice_id) ?? [], today()),
      einvoice: irn ? presentIrn(irn) : null,
    };
  }

  /** An invoice a use case changed, as answered: its IRN looked up in the same transaction. */
  const viewInTx = async (tx: Tx, row: InvoiceRow) => view(tx, row, await findIrn(tx, row.org_id, row.invoice_id));

  async function postingAccounts(tx: Tx, orgId: string): Promise<InvoiceAccounts> {
    return {
      receivable: await catalogRepository.systemAccountId(tx, orgId, 'accounts_receivable'),
      cgstOutput: await catalogRepository.systemAccountId(tx, orgId, 'cgst_output'),
      sgstOutput: await catalogRepository.systemAccountId(tx, orgId, 'sgst_output'),
      igstOutput: await catalogRepository.systemAccountId(tx, orgId, 'igst_output'),
      cessOutput: await catalogRepository.systemAccountId(tx, orgId, 'cess_output'),
      roundOff: await catalogRepository.roundOffAccountId(tx, orgId),
    };
  }

  /**
   * Posts the approval entry of a DRAFT invoice (none when it is worth 0) and records the approval; returns the invoice
   * as SENT, which the caller stores (a create inserts it so, an approval updates it).
   * `createdNow` is the CREATED entry of an invoice made in this transaction (auto_approve): it
   * is recorded with the approval, in one statement, and there is no earlier posting to look for.
   * On PostgreSQL both run while the create holds its series counter's lock.
   */
  async function approveInTx(tx: Tx, ctx: RequestContext, invoice: InvoiceRow, lines: readonly InvoiceLineRow[], createdNow?: ActivityEntry): Promise<InvoiceRow> {
    const journal = await deps.ledger.postUnlessZero(tx, ctx, {
      date: invoice.invoice_date, source: 'INVOICE', sourceId: invoice.invoice_id, sourceVersion: invoice.version, sourceRef: invoice.invoice_number,
      memo: `Invoice ${invoice.invoice_number}`, contactId: invoice.customer_id, branchId: invoice.branch_id,
      lines: invoiceApprovalLines({
        customerId: invoice.customer_id, exchangeRateMicro: invoice.exchange_rate_micro, roundOff: invoice.round_off, reverseCharge: invoice.is_reverse_charge === 1,
        lines: lines.map((l) => ({ accountId: l.account_id, itemTotal: l.item_total, cgst: l.cgst, sgst: l.sgst, igst: l.igst, cess: l.cess, name: l.name })),
      }, await postingAccounts(tx, ctx.orgId)),
    }, { newSource: createdNow !== undefined });
    const approval: ActivityEntry = {
      entityType: 'INVOICE', entityId: invoice.invoice_id, entityRef: invoice.invoice_number, verb: 'APPROVED',
      changes: { status: { old: invoice.status, new: 'SENT' } }, metadata: { journal_id: journal?.journal_id ?? null },
    };
    await deps.activity.record(tx, ctx, ...(createdNow ? [createdNow] : []), approval);
    return { ...invoice, status: 'SENT', last_modified_time: now() };
  }

  const eventData = (i: InvoiceRow) => invoiceEventData(i, today());

  /**
   * Creates an invoice inside the caller's transaction: the public create, and conversions
   * (a sales order becoming an invoice) share it.
   */
  async function createInTx(tx: Tx, ctx: RequestContext, input: CreateInvoiceBody, origin: InvoiceOrigin = {}) {
    const date = businessDateOf(input.date);
    await assertDocumentDate(tx, ctx.orgId, date, 'date');
    const party = await resolveParty(tx, ctx.orgId, 'customer', { ...input, contact_id: input.customer_id }, deps.series.branchOf);
    const branchId = party.branchId;
    const { name: orgName, prefs, baseCurrency } = await orgSettings(tx, ctx.orgId);
    const currency = input.currency_code ?? baseCurrency;
    const exchangeRateMicro = exchangeRateMicroOf(input.exchange_rate, currency, baseCurrency);
    const payee = origin.withPaymentLink ? paymentLinkPayee(prefs.upiVpa, orgName, currency) : null;
    const dueDate = input.due_date ? businessDateOf(input.due_date) : addDays(date, party.paymentTerms);
    if (dueDate < date) throw invalidValue('due_date', 'due_date is before the invoice date');

    const inclusive = input.is_inclusive_tax ?? false;
    const reverseCharge = input.is_reverse_charge ?? false;
    if (reverseCharge) assertReverseChargeRecipient({ recipientGstin: party.contactGstin, placeOfSupply: party.placeOfSupply, exportType: party.exportType });
    assertRatesExcludeTax(reverseCharge, inclusive);
    const priced = await priceLines(tx, ctx.orgId, input.line_items, { ...party, inclusive }, 'sales');
    // Created approved, it is issued now, and Phase III applies from its date; a draft waits for its approval.
    assertHsnDigits(priced.lines, prefs.hsnDigits, party.contactGstin !== null, input.auto_approve ? date : undefined);
    assertCessLevied(priced.lines, date);
    const amounts = priced.amounts;
    const roundOffLedger = await catalogRepository.roundOffAccountId(tx, ctx.orgId);
    // Under reverse charge the customer owes the taxable value alone: the tax is its own to pay.
    const pre = owedAmount(amounts.subTotal, amounts.taxTotal, reverseCharge);
    const roundOff = decideRoundOff({
      pre, remainder: amounts.remainderTotal, explicitRoundOffPaise: input.round_off === undefined || input.round_off === null ? null : toPaise(input.round_off),
      roundInvoiceTotals: prefs.roundInvoiceTotals, method: prefs.roundingMethod, roundOffLedgerExists: roundOffLedger !== null,
    });

    const created = now();
    // priceLines bounds pre; an explicit round_off, itself within the bound, can still take the sum past it or below zero.
    const total = totalWithRoundOff(pre, roundOff);
    assertDocumentConvertible(amounts, roundOff, exchangeRateMicro, 'exchange_rate');
    const transport = { ...NO_TRANSPORT, ...transportFieldsOf(input) };
    const shippingBill = input.shipping_bill ? shippingBillColumns(input.shipping_bill, { placeOfSupply: party.placeOfSupply, date }, now()) : NO_SHIPPING_BILL;
    const unnumbered: Omit<InvoiceRow, 'invoice_number' | 'series_id'> = {
      org_id: ctx.orgId, invoice_id: deps.ids.next('inv'), branch_id: branchId,
      customer_id: party.contactId, customer_name: party.contactName, invoice_date: date, due_date: dueDate,
      reference_number: input.reference_number ?? null, place_of_supply: party.placeOfSupply, supply_type: party.supply,
      gst_treatment: party.gstTreatment, party: party.partyCopy, export_type: party.exportType, is_inclusive_tax: inclusive ? 1 : 0,
      is_reverse_charge: reverseCharge ? 1 : 0, currency_code: currency, exchange_rate_micro: exchangeRateMicro,
      sub_total: amounts.subTotal, tax_total: amounts.taxTotal, cgst_total: amounts.cgstTotal, sgst_total: amounts.sgstTotal,
      igst_total: amounts.igstTotal, cess_total: amounts.cessTotal, round_off: roundOff, total, payment_made: 0, credits_applied: 0, balance: total,
      status: 'DRAFT', salesperson_id: input.salesperson_id ?? null, notes: input.notes ?? null, sales_order_id: origin.salesOrderId ?? null,
      version: 1, created_time: created, last_modified_time: created, payment_vpa: payee?.vpa ?? null, payment_payee: payee?.name ?? null, ...transport, ...shippingBill,
      dispatch_from: addressText(mergeAddress(null, input.dispatch_from, 'dispatch_from')),
    };
    if (input.auto_approve) await assertEInvoiceParties(tx, ctx.orgId, { ...unnumbered, name: unnumbered.customer_name }, 'invoice');
    // Everything is ready before the number is taken: on PostgreSQL the series counter stays
    // locked from then until COMMIT. The number is recorded as its registration's for the year
    // (a number used there already is skipped, or, given, refused); the invoice is stored SENT when auto-approved.
    const numbering = { branchId, date, documentId: unnumbered.invoice_id };
    let numbered: { number: string; seriesId: string | null };
    if (input.invoice_number !== undefined) {
      if (!(await deps.series.claimGivenNumber(tx, ctx.orgId, 'invoice', numbering, input.invoice_number))) {
        throw invalidValue('invoice_number', `invoice_number ${input.invoice_number} is already used this financial year under this branch's registration (GSTIN)`);
      }
      numbered = { number: input.invoice_number, seriesId: null };
    } else {
      numbered = await deps.series.takeNumber(tx, ctx, { ...numbering, seriesName: input.series_name ?? 'default' });
    }
    const invoice: InvoiceRow = { ...unnumbered, invoice_number: numbered.number, series_id: numbered.seriesId };
    await repo.insert(tx, { ...invoice, ...(input.auto_approve && { status: 'SENT' }) });
    const lineRows: InvoiceLineRow[] = lineColumnsOf(priced, () => deps.ids.next('li'))
      .map((l, position) => ({ ...l, org_id: ctx.orgId, invoice_id: invoice.invoice_id, position }));
    await repo.insertLines(tx, lineRows);
    const creation: ActivityEntry = { entityType: 'INVOICE', entityId: invoice.invoice_id, entityRef: invoice.invoice_number, verb: 'CREATED' };
    const final = input.auto_approve ? await approveInTx(tx, ctx, invoice, lineRows, creation) : invoice;
    if (!input.auto_approve) await deps.activity.record(tx, ctx, creation);
    await deps.events.emit(tx, ctx, 'INVOICE_CREATED', eventData(final));
    return { invoice: presentInvoice(final, lineRows, today()) };
  }

  const settlement = settlementPort(INVOICE_SETTLEMENT, { ...deps, now, eventData });

  return {
    createInTx,

    ...settlement,

    async createInvoice(ctx: RequestContext, input: CreateInvoiceBody) {
      return deps.uow(ctx, (tx) => createInTx(tx, ctx, input));
    },

    async approveInvoice(ctx: RequestContext, invoiceId: string) {
      return deps.uow(ctx, async (tx) => {
        const invoice = await load(tx, ctx.orgId, invoiceId, true);
        if (invoice.status !== 'DRAFT') throw invalidState(`only a DRAFT invoice can be approved; this one is ${invoice.status}`, { status: invoice.status });
        await assertPeriodOpen(tx, ctx.orgId, invoice.invoice_date);
        const lines = (await repo.lines(tx, ctx.orgId, [invoiceId])).get(invoiceId) ?? [];
        const party = await freshPartyCopy(tx, ctx.orgId, invoice.customer_id);
        const { prefs } = await orgSettings(tx, ctx.orgId);
        assertHsnDigits(lines.map((l) => ({ hsnOrSac: l.hsn_or_sac })), prefs.hsnDigits, readPartyCopy(party)?.gstin != null, invoice.invoice_date);
        // The customer may have lost its GSTIN since the draft: reverse charge needs one when the invoice is issued.
        if (invoice.is_reverse_charge === 1) assertReverseChargeRecipient({ recipientGstin: readPartyCopy(party)?.gstin ?? null, placeOfSupply: invoice.place_of_supply, exportType: invoice.export_type });
        await assertEInvoiceParties(tx, ctx.orgId, { ...invoice, party, name: invoice.customer_name }, 'invoice');
        const approved = await approveInTx(tx, ctx, { ...invoice, version: invoice.version + 1, party }, lines);
        await repo.update(tx, ctx.orgId, invoiceId, { status: approved.status, party: approved.party, version: approved.version, last_modified_time: approved.last_modified_time });
        await deps.events.emit(tx, ctx, 'INVOICE_UPDATED', eventData(approved));
        return { invoice: presentInvoice(approved, lines, today()) };
      });
    },

    async updateInvoice(ctx: RequestContext, invoiceId: string, input: UpdateInvoiceBody) {
      return deps.uow(ctx, async (tx) => {
        const invoice = await load(tx, ctx.orgId, invoiceId, true);
        if (invoice.status !== 'DRAFT') throw invalidState('an invoice can be edited only while DRAFT; void and recreate it', { status: invoice.status });
        await assertPeriodOpen(tx, ctx.orgId, invoice.invoice_date);
        const dueDate = input.due_date !== undefined ? businessDateOf(input.due_date) : invoice.due_date;
        if (dueDate < invoice.invoice_date) throw invalidValue('due_date', 'due_date is before the invoice date');
        const { prefs } = await orgSettings(tx, ctx.orgId);
        const party = await freshPartyCopy(tx, ctx.orgId, invoice.customer_id);
        const reverseCharge = input.is_reverse_charge ?? invoice.is_reverse_charge === 1;
        if (reverseCharge) assertReverseChargeRecipient({ recipientGstin: readPartyCopy(party)?.gstin ?? null, placeOfSupply: invoice.place_of_supply, exportType: invoice.export_type });
        assertRatesExcludeTax(reverseCharge, invoice.is_inclusive_tax === 1);
        const pre = owedAmount(invoice.sub_total, invoice.tax_total, reverseCharge);
        const remainder = invoice.is_inclusive_tax ? inclusiveRemainderOf((await repo.lines(tx, ctx.orgId, [invoiceId])).get(invoiceId) ?? []) : 0;
        const roundOff = recomputeOnDraftEdit(invoice.round_off, pre, {
          roundInvoiceTotals: prefs.roundInvoiceTotals, method: prefs.roundingMethod,
          roundOffLedgerExists: (await catalogRepository.roundOffAccountId(tx, ctx.orgId)) !== null,
        }, undefined, remainder);
        const next: InvoiceRow = {
          ...invoice,
          reference_number: input.reference_number !== undefined ? input.reference_number : invoice.reference_number,
          notes: input.notes !== undefined ? input.notes : invoice.notes,
          due_date: dueDate, round_off: roundOff, total: totalWithRoundOff(pre, roundOff), balance: totalWithRoundOff(pre, roundOff),
          is_reverse_charge: reverseCharge ? 1 : 0,
          ...transportFieldsOf(input), party, version: invoice.version + 1, last_modified_time: now(),
          dispatch_from: addressText(mergeAddress(fromJson<Address>(invoice.dispatch_from), input.dispatch_from, 'dispatch_from')),
        };
        await repo.update(tx, ctx.orgId, invoiceId, next);
        const pick = (r: InvoiceRow) => ({
          reference_number: r.reference_number, due_date: r.due_date, notes: r.notes, round_off: r.round_off / 100, total: r.total / 100,
          is_reverse_charge: r.is_reverse_charge === 1, ...presentTransport(r), dispatch_from: fromJson<Address>(r.dispatch_from),
        });
        await deps.activity.record(tx, ctx, {
          entityType: 'INVOICE', entityId: invoiceId, entityRef: invoice.invoice_number, verb: 'UPDATED', changes: diffFields(pick(invoice), pick(next)),
        });
        await deps.events.emit(tx, ctx, 'INVOICE_UPDATED', eventData(next));
        return { invoice: await viewInTx(tx, next) };
      });
    },

    /**
     * Sets an export invoice's shipping bill, issued or not. It posts nothing, so neither the
     * period lock nor a filed GSTR-1 refuses it: it is the detail the return's `exp` needs once
     * the goods leave, and a filed return lists the invoice as changed since it was marked
     * (docs/rules/returns-gstr1-gstr3b.md, "Shipping bills").
     */
    async setShippingBill(ctx: RequestContext, invoiceId: string, input: ShippingBill) {
      return deps.uow(ctx, async (tx) => {
        const invoice = await load(tx, ctx.orgId, invoiceId, true);
        assertShippingBillSettable(invoice.status);
        const columns = shippingBillColumns(input, { placeOfSupply: invoice.place_of_supply, date: invoice.invoice_date }, now(), ON_ITS_OWN);
        const next: InvoiceRow = { ...invoice, ...columns, version: invoice.version + 1, last_modified_time: now() };
        await repo.update(tx, ctx.orgId, invoiceId, next);
        const shown = (r: InvoiceRow) => ({ shipping_bill: presentShippingBill(r) });
        await deps.activity.record(tx, ctx, {
          entityType: 'INVOICE', entityId: invoiceId, entityRef: invoice.invoice_number, verb: 'UPDATED', changes: diffFields(shown(invoice), shown(next)),
        });
        await deps.events.emit(tx, ctx, 'INVOICE_UPDATED', eventData(next));
        return { invoice: await viewInTx(tx, next) };
      });
    },

    /** Any status to CANCELLED; an approved invoice's entries are reversed on their own dates (refused in a locked period). */
    async voidInvoice(ctx: RequestContext, invoiceId: string, request: VoidInvoiceBody = null) {
      return deps.uow(ctx, async (tx) => {
        const invoice = await load(tx, ctx.orgId, invoiceId, true);
        if (invoice.status === 'CANCELLED') throw invalidState('this invoice is already void', { status: invoice.status });
        // It stands on the opening entry, not on an entry of its own (docs/rules/opening-balances.md, "Open items").
        if (await isOpeningItem(tx, ctx.orgId, invoiceId)) throw invalidState('an opening invoice is taken away by setting the opening balances again (POST /opening_balances); after the books start, issue a note against it');
        if (hasMoneyApplied(invoice)) {
          throw invalidState('a paid invoice cannot be voided: reverse its payments and credits first', {
            payment_made: invoice.payment_made / 100, credits_applied: invoice.credits_applied / 100,
          });
        }
        await assertPeriodOpen(tx, ctx.orgId, invoice.invoice_date, reversalRemedy('INVOICE'));
        const cancellation = await cancelIrnOnVoid(tx, ctx, { type: 'INVOICE', id: invoiceId, number: invoice.invoice_number }, request ?? {}, deps.clock.now(), deps.activity);
        await deps.ledger.reverseSource(tx, ctx, 'INVOICE', invoiceId, `Void of invoice ${invoice.invoice_number}`);
        const voided: InvoiceRow = { ...invoice, status: 'CANCELLED', balance: 0, version: invoice.version + 1, last_modified_time: now() };
        await repo.update(tx, ctx.orgId, invoiceId, { status: voided.status, balance: 0, version: voided.version, last_modified_time: voided.last_modified_time });
        await deps.activity.record(tx, ctx, {
          entityType: 'INVOICE', entityId: invoiceId, entityRef: invoice.invoice_number, verb: 'VOIDED',
          changes: { status: { old: invoice.status, new: 'CANCELLED' } },
        });
        await deps.events.emit(tx, ctx, 'INVOICE_VOIDED', eventData(voided));
        return { invoice: await viewInTx(tx, voided), ...(cancellation && { einvoice_cancellation: cancellation }) };
      });
    },

    async deleteInvoice(ctx: RequestContext, invoiceId: string) {
      return deps.uow(ctx, async (tx) => {
        const invoice = await load(tx, ctx.orgId, invoiceId, true);
        if (invoice.status !== 'DRAFT') throw invalidState('only a DRAFT invoice can be deleted; void it instead', { status: invoice.status });
        await assertPeriodOpen(tx, ctx.orgId, invoice.invoice_date);
        await repo.delete(tx, ctx.orgId, invoiceId);
        await deps.series.discardNumber(tx, ctx.orgId, 'invoice', { documentId: invoiceId, seriesId: invoice.series_id, date: invoice.invoice_date });
        await deps.dependents.removeFor(tx, ctx.orgId, invoiceId);
        await deps.activity.record(tx, ctx, { entityType: 'INVOICE', entityId: invoiceId, entityRef: invoice.invoice_number, verb: 'DELETED' });
        return { invoice_id: invoiceId };
      });
    },

    async getInvoice(ctx: RequestContext, invoiceId: string) {
      const row = await repo.findWithIrn(db, ctx.orgId, invoiceId);
      if (!row) throw notFound('invoice', 'invoice_id');
      return { invoice: await view(db, row, irnOfJoined(row)) };
    },

    async listInvoices(ctx: RequestContext, query: ListInvoicesQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'invoices', query);
      const day = today();
      const found = await repo.listVersions(db, ctx.orgId, {
        status: query.status, customerId: query.customer_id, dateFrom: query.date_from, dateTo: query.date_to,
        search: searchPatternOf(query.search), einvoice: await einvoiceFilterOf(db, ctx.orgId, query.einvoice_status),
      }, day, after, perPage);
      const page = cursorPage(deps.cursors, 'invoices', found, perPage, (r) => [r.invoice_id]);
      const views = page.items.map((r) => listedViews.get(db, r.invoice_id, r.version, day));
      const stale = page.items.filter((_, i) => views[i] === undefined).map((r) => r.invoice_id);
      if (stale.length > 0) {
        const [rows, lines, irns] = await Promise.all([repo.findMany(db, ctx.orgId, stale), repo.lines(db, ctx.orgId, stale), findIrns(db, ctx.orgId, stale)]);
        page.items.forEach((r, i) => {
          const row = rows.get(r.invoice_id);
          if (views[i] !== undefined || !row) return;
          // An IRN recorded or cancelled makes a new version: the cached view never shows a stale one.
          const irn = irns.get(row.invoice_id);
          views[i] = JsonText.encoded({ ...presentInvoice(row, lines.get(row.invoice_id) ?? [], day), einvoice: irn ? presentIrn(irn) : null });
          listedViews.set(db, row.invoice_id, row.version, views[i], day);
        });
      }
      return { invoices: views.filter((view) => view !== undefined), page_context: page.page_context };
    },

    exists: async (orgId: string, invoiceId: string) => (await repo.find(db, orgId, invoiceId)) !== undefined,
    /** Locks a live document of this organisation for the rest of the caller's transaction (comments hang off it); false when there is none. */
    lockLive: async (tx: Tx, orgId: string, invoiceId: string) => (await repo.find(tx, orgId, invoiceId, true)) !== undefined,
    countForContact: (tx: Tx, orgId: string, contactId: string) => repo.countForContact(tx, orgId, contactId),
  };
}

export type InvoicesService = ReturnType<typeof invoicesService>;
