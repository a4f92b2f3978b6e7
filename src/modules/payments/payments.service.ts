import type { Tx } from '../../db/database';
import { searchPatternOf } from '../../db/text-search';
import { DomainError, invalidState, invalidValue, notFound } from '../../kernel/errors';
import { addDays, businessDateOf } from '../../kernel/local-date';
import { toPaise, toRupees } from '../../kernel/money';
import { diffFields } from '../../platform/activity/activity.recorder';
import type { RequestContext } from '../../platform/context';
import type { PlatformDeps } from '../../platform/deps';
import { orgSettings } from '../../platform/orgs/org-settings';
import { assertWithinBooks } from '../../platform/orgs/period-lock';
import { cursorPage, readCursor } from '../../platform/pagination';
import type { BillsService } from '../bills';
import { catalogRepository } from '../catalog';
import { contactsRepository } from '../contacts';
import { assertConvertible, exchangeRateMicroOf, supplierStateOf, type SupplyType } from '../documents';
import { resolvePlaceOfSupply } from '../../kernel/gst/place-of-supply';
import type { InvoicesService } from '../invoices';
import { entryDateOf, ledgerRepository, type LedgerService, type PostingLine } from '../ledger';
import type { SeriesService } from '../series';
import { decideAllocation, sideOf } from './allocation.rules';
import { advanceTaxLines } from './advance.posting';
import { advanceTaxOf, advanceTermsOf, NO_ADVANCE_TAX } from './advance.rules';
import { advanceTaxAccounts, advanceTaxColumns, advanceTaxOfRow, takenBackBy } from './advance-tax';
import { bankAccount, loadPayment, touchPayment, viewPayment } from './payment-records';
import { assertDeductions } from './payment.rules';
import { allocationLines, paymentAmounts, paymentLines, releaseDifferenceLines, type Flow, type PaymentFigures } from './payments.posting';
import { presentPayment } from './payments.presenter';
import { oldestFirst, paymentsRepository as repo, type AllocationRow, type PaymentRow, type RefundRow } from './payments.repository';
import type { ApplyPaymentBody, CreatePaymentBody, ListPaymentsQuery, UpdatePaymentBody } from './payments.schemas';
import { documentSide, targetOf, type SettlementTarget } from './settlement-targets';
import { isOpeningItem } from '../opening-balances';

type Deps = Pick<PlatformDeps, 'database' | 'uow' | 'clock' | 'ids' | 'activity' | 'events' | 'cursors' | 'dependents'> & {
  ledger: LedgerService;
  series: Pick<SeriesService, 'branchOf' | 'takeNumber'>;
  invoices: Pick<InvoicesService, 'lockForSettlement' | 'settleInTx' | 'releaseInTx'>;
  bills: Pick<BillsService, 'lockForSettlement' | 'settleInTx' | 'releaseInTx'>;
};

/** The duplicate guard looks 7 days back (spec, Limits). */
const DUPLICATE_WINDOW_DAYS = 7;

/**
 * An allocation's lines by branch: the advance is the payment's (its bank is in the payment's
 * branch), what settles the document (its receivable or payable, and any round-off or exchange
 * difference on it) is the document's. The ledger balances the two branches through the
 * inter-branch account when they differ.
 */
function inDocumentBranch(advancesAccountId: string, target: SettlementTarget, lines: PostingLine[]): PostingLine[] {
  return lines.map((l) => (l.accountId === advancesAccountId ? l : { ...l, branchId: target.branchId }));
}

/** Payment use cases. Each is one transaction: payment, allocations, journals, document balances, activity and events. */
export function paymentsService(deps: Deps) {
  const db = deps.database.db;
  const now = () => deps.clock.now().toISOString();
  const targets = targetOf(deps);

  /** An opening advance stands on the opening entry, not on an entry of its own: only a new opening changes it (docs/rules/opening-balances.md, "Advances"). */
  async function refuseOpeningAdvance(tx: Tx, orgId: string, paymentId: string) {
    if (await isOpeningItem(tx, orgId, paymentId)) throw invalidState('An opening advance is changed by setting the opening balances again (POST /opening_balances)');
  }

  const refundedOf = (refunds: readonly RefundRow[]) => refunds.reduce((s, r) => s + r.amount, 0);

  const systemAccount = (tx: Tx, orgId: string, key: string) => catalogRepository.systemAccountId(tx, orgId, key);

  /**
   * An advance stays a customer receipt, and one for services stays in the base currency
   * (advance.rules.ts advanceTermsOf); a new amount (only while nothing is applied) is taxed afresh.
   */
  function advanceAsUpdated(before: PaymentRow, next: PaymentRow, baseCurrency: string): Partial<PaymentRow> {
    if (next.flow !== 'INCOMING') throw invalidValue('flow', 'an advance received is an INCOMING payment');
    if (before.advance_for !== 'SERVICES') return {};
    if (next.currency_code !== baseCurrency) throw invalidValue('currency_code', 'an advance for services is received in the base currency');
    if (next.amount === before.amount) return {};
    return advanceTaxColumns(advanceTaxOf(next.amount, before.advance_rate_centi!, before.advance_supply_type as SupplyType));
  }

  const figuresOf = (p: PaymentRow): PaymentFigures => ({ flow: p.flow as Flow, amount: p.amount, bankCharges: p.bank_charges, tds: p.tds_amount });

  /** Posts a payment's version; an amount of it that is 0.00 in the base currency is the exchange rate's fault (400). */
  async function postPayment(tx: Tx, ctx: RequestContext, p: PaymentRow) {
    const incoming = p.flow === 'INCOMING';
    assertConvertible(paymentAmounts(figuresOf(p)), p.exchange_rate_micro, 'exchange_rate');
    const advanceTax = advanceTaxLines(advanceTaxOfRow(p), p.contact_id, await advanceTaxAccounts(tx, ctx.orgId), p.branch_id);
    await deps.ledger.post(tx, ctx, {
      date: p.payment_date, source: 'PAYMENT', sourceId: p.payment_id, sourceVersion: p.version, sourceRef: p.reference_number ?? p.voucher_number,
      memo: `${incoming ? 'Receipt from' : 'Payment to'} ${p.contact_name}`, contactId: p.contact_id, branchId: p.branch_id,
      lines: paymentLines({ ...figuresOf(p), contactId: p.contact_id, exchangeRateMicro: p.exchange_rate_micro }, {
        bank: p.bank_account_id,
        advances: await systemAccount(tx, ctx.orgId, incoming ? 'advances_from_customers' : 'advances_to_vendors'),
        bankCharges: await systemAccount(tx, ctx.orgId, 'bank_charges'),
        tds: await systemAccount(tx, ctx.orgId, incoming ? 'tds_receivable' : 'tds_payable'),
      }).concat(advanceTax),
    }, { newSource: true }); // each call follows the making of this version (a create, or an update's new version)
  }

  /** Records one allocation: its row, its journal (advance → document), and the document's new balance. */
  async function allocate(tx: Tx, ctx: RequestContext, p: PaymentRow, target: SettlementTarget, consumed: number, documentAmount: number, field: string) {
    // The payment gives `consumed` at its rate, the document takes `documentAmount` at its own: neither may vanish.
    assertConvertible([consumed], p.exchange_rate_micro, field);
    assertConvertible([documentAmount], target.exchangeRateMicro, field);
    const appliedDate = entryDateOf({ applies: [p.payment_date, target.date] });
    const takenBack = await takenBackBy(tx, p, consumed);
    const allocation: AllocationRow = {
      org_id: ctx.orgId, allocation_id: deps.ids.next('alc'), payment_id: p.payment_id,
      invoice_id: target.side === 'invoice' ? target.id : null, bill_id: target.side === 'bill' ? target.id : null,
      amount: consumed, document_amount: documentAmount, round_off_amount: Math.abs(documentAmount - consumed), released: 0, created_time: now(),
      ...advanceTaxColumns(takenBack), applied_date: appliedDate,
    };
    await repo.insertAllocation(tx, allocation);
    const incoming = p.flow === 'INCOMING';
    const advances = await systemAccount(tx, ctx.orgId, incoming ? 'advances_from_customers' : 'advances_to_vendors');
    await deps.ledger.post(tx, ctx, {
      date: appliedDate, source: 'ALLOCATION', sourceId: allocation.allocation_id, sourceVersion: 1,
      sourceRef: target.number, memo: `${p.reference_number ?? p.payment_id} applied to ${target.number}`, contactId: p.contact_id, branchId: p.branch_id,
      lines: inDocumentBranch(advances, target, allocationLines({
        flow: p.flow as Flow, contactId: p.contact_id, consumed, paymentRateMicro: p.exchange_rate_micro,
        documentAmount, documentBalance: target.balance, documentRateMicro: target.exchangeRateMicro,
      }, {
        advances,
        control: await systemAccount(tx, ctx.orgId, incoming ? 'accounts_receivable' : 'accounts_payable'),
        roundOff: (await catalogRepository.roundOffAccountId(tx, ctx.orgId)) ?? await systemAccount(tx, ctx.orgId, 'round_off'),
        exchange: await systemAccount(tx, ctx.orgId, 'exchange_gain_loss'),
      })).concat(advanceTaxLines(takenBack, p.contact_id, await advanceTaxAccounts(tx, ctx.orgId), p.branch_id, true)),
    }, { newSource: true }); // the allocation was made just above
    await target.settle(tx, ctx, documentAmount, field, { payment_id: p.payment_id, allocation_id: allocation.allocation_id });
    return allocation;
  }

  /**
   * Unapplies one allocation: the mirror of its journal on the allocation's own date (refused in
   * a locked period), and the document's balance and status restored.
   */
  async function releaseAllocation(tx: Tx, ctx: RequestContext, p: PaymentRow, allocation: AllocationRow) {
    const target = await targets.lock(tx, ctx.orgId, documentSide(allocation), 'allocation_id');
    const reversals = await deps.ledger.reverseSource(tx, ctx, 'ALLOCATION', allocation.allocation_id, `Unapplied from ${target.number}`);
    const incoming = p.flow === 'INCOMING';
    const control = await systemAccount(tx, ctx.orgId, incoming ? 'accounts_receivable' : 'accounts_payable');
    const restoredBase = (await ledgerRepository.lines(tx, ctx.orgId, reversals.map((j) => j.journal_id)))
      .filter((l) => l.account_id === control).reduce((s, l) => s + (incoming ? l.debit - l.credit : l.credit - l.debit), 0);
    await deps.ledger.postUnlessZero(tx, ctx, {
      date: reversals[0]?.entry_date ?? entryDateOf({ applies: [p.payment_date, target.date] }), source: 'ALLOCATION', sourceId: allocation.allocation_id, sourceVersion: 2, sourceRef: target.number,
      memo: `Unapplied from ${target.number}: open balance converted`, contactId: p.contact_id, branchId: target.branchId,
      lines: releaseDifferenceLines({
        flow: p.flow as Flow, contactId: p.contact_id, documentAmount: allocation.document_amount, documentBalance: target.balance,
        documentRateMicro: target.exchangeRateMicro, restoredBase,
      }, { control, exchange: await systemAccount(tx, ctx.orgId, 'exchange_gain_loss') }),
    }, { newSource: true }); // the allocation's first release
    await target.release(tx, ctx, allocation.document_amount, { payment_id: p.payment_id, allocation_id: allocation.allocation_id });
    await repo.releaseAllocation(tx, ctx.orgId, allocation.allocation_id);
  }

  async function refuseDuplicate(tx: Tx, orgId: string, p: PaymentRow) {
    if (!p.reference_number) return;
    const twin = await repo.twins(tx, orgId, p.contact_id, p.amount, p.reference_number, addDays(p.payment_date, -DUPLICATE_WINDOW_DAYS), p.payment_date);
    if (twin) {
      throw new DomainError('validation.duplicate_resource', 'A payment with this contact, amount and reference was recorded in the last 7 days', {
        details: { existing_payment_id: twin.payment_id, existing_date: twin.payment_date, existing_amount: toRupees(twin.amount), existing_reference: twin.reference_number },
      });
    }
  }

  const eventData = (p: PaymentRow) => ({ id: p.payment_id, number: p.reference_number, contact_id: p.contact_id, amount: toRupees(p.amount), status: 'RECORDED' as const });

  /** Records a payment inside the caller's transaction (the public create; a bank line's create, which matches it to the line). */
  async function createInTx(tx: Tx, ctx: RequestContext, input: CreatePaymentBody) {
    const allocations = (input.allocations ?? []).map((a, i) => ({ ...a, index: i, side: sideOf(input.flow, a, `allocations[${i}]`) }));
    const amount = toPaise(input.amount);
    const allocated = allocations.reduce((s, a) => s + toPaise(a.amount), 0);
    if (allocated > amount) throw invalidValue('allocations', 'allocations exceed the payment amount', { details: { amount: input.amount, allocated: toRupees(allocated) } });
    const charges = toPaise(input.bank_charges ?? 0);
    const tds = toPaise(input.tds_amount ?? 0);
    // The same rules as an update's (payment.rules.ts), on the payment as it will be stored.
    assertDeductions({ flow: input.flow, amount, bankCharges: charges, tds }, new Set(Object.keys(input)));
    await assertWithinBooks(tx, ctx.orgId, businessDateOf(input.date), 'date');
    const contact = await contactsRepository.find(tx, ctx.orgId, input.contact_id);
    if (!contact) throw notFound('contact', 'contact_id');
    const { prefs, baseCurrency } = await orgSettings(tx, ctx.orgId);
    const currency = input.currency_code ?? baseCurrency;
    const exchangeRateMicro = exchangeRateMicroOf(input.exchange_rate, currency, baseCurrency);
    const created = now();
    const branch = await deps.series.branchOf(tx, ctx.orgId, input.branch_id);
    const terms = advanceTermsOf(input, {
      flow: input.flow, currency, baseCurrency, supplierState: supplierStateOf('sales', { gstin: branch.gstin, state: branch.state_code }, null),
      customerPlace: (contact.gst_no && resolvePlaceOfSupply(contact.gst_no.slice(0, 2))) || (contact.place_of_contact && resolvePlaceOfSupply(contact.place_of_contact)) || null,
    });
    // The advance is the part of the receipt that settles no invoice (Rule 50: tax on the advance received).
    const advanceTax = terms.supply ? advanceTaxOf(amount - allocated, terms.rateCenti!, terms.supply) : NO_ADVANCE_TAX;
    const payment: PaymentRow = {
      org_id: ctx.orgId, payment_id: deps.ids.next('pay'), flow: input.flow, payment_type: input.payment_type ?? (terms.advanceFor ? 'ADVANCE' : 'REGULAR'),
      contact_id: contact.contact_id, contact_name: contact.contact_name, payment_date: businessDateOf(input.date), amount,
      mode: input.mode ?? 'BANK_TRANSFER', reference_number: input.reference_number || null, description: input.description ?? null,
      currency_code: currency, exchange_rate_micro: exchangeRateMicro, bank_charges: charges, tds_amount: tds, unapplied_amount: amount - allocated,
      bank_account_id: await bankAccount(tx, ctx.orgId, input.bank_account_id),
      branch_id: branch.branch_id, deleted: 0, version: 1, created_time: created, last_modified_time: created,
      advance_for: terms.advanceFor, advance_place_of_supply: terms.placeOfSupply, advance_supply_type: terms.supply, advance_rate_centi: terms.rateCenti,
      ...advanceTaxColumns(advanceTax), voucher_number: null, voucher_series_id: null,
    };
    if (terms.supply && amount > allocated) {
      // CGST Rule 50: a receipt voucher, numbered in its own series per registration and year (docs/rules/numbering.md).
      const voucher = await deps.series.takeNumber(tx, ctx, { documentType: 'receipt_voucher', seriesName: 'default', branchId: branch.branch_id, date: payment.payment_date, documentId: payment.payment_id });
      payment.voucher_number = voucher.number;
      payment.voucher_series_id = voucher.seriesId;
    }
    // An Idempotency-Key already makes a retry safe, so the guard is for key-less integrations (spec rule 7).
    if (!ctx.idempotency && prefs.strictPaymentDedupe) await refuseDuplicate(tx, ctx.orgId, payment);
    await repo.insert(tx, payment);
    await postPayment(tx, ctx, payment);
    // Documents are locked in id order, the same order every use case takes them in.
    const made: AllocationRow[] = [];
    for (const a of [...allocations].sort((x, y) => (x.side.id < y.side.id ? -1 : 1))) {
      const field = `allocations[${a.index}].${a.side.side}_id`;
      const target = await targets.lock(tx, ctx.orgId, a.side, field);
      target.assertPayable(payment, field);
      made.push(await allocate(tx, ctx, payment, target, toPaise(a.amount), toPaise(a.amount), `allocations[${a.index}].amount`));
    }
    await deps.activity.record(tx, ctx, { entityType: 'PAYMENT', entityId: payment.payment_id, entityRef: payment.reference_number, verb: 'CREATED' });
    await deps.events.emit(tx, ctx, payment.flow === 'INCOMING' ? 'PAYMENT_RECEIVED' : 'PAYMENT_MADE', eventData(payment));
    // A new payment's allocations are the ones just made: no read back.
    return { payment: presentPayment(payment, made.sort(oldestFirst)) };
  }

  return {
    createInTx,

    createPayment: (ctx: RequestContext, input: CreatePaymentBody) => deps.uow(ctx, (tx) => createInTx(tx, ctx, input)),

    /** One allocation per call, by the spec's rules in its order (allocation.rules.ts). */
    async applyPayment(ctx: RequestContext, paymentId: string, input: ApplyPaymentBody) {
      return deps.uow(ctx, async (tx) => {
        const payment = await loadPayment(tx, ctx.orgId, paymentId, true);
        const side = sideOf(payment.flow, input, '');
        const field = `${side.side}_id`;
        const target = await targets.lock(tx, ctx.orgId, side, field);
        target.assertPayable(payment, field);
        const live = await repo.allocations(tx, ctx.orgId, [paymentId]);
        const { prefs } = await orgSettings(tx, ctx.orgId);
        // What was refunded of an advance is no longer the payment's to apply.
        const refunded = refundedOf(await repo.refunds(tx, ctx.orgId, [paymentId]));
        const decision = decideAllocation({
          requested: toPaise(input.amount), paymentAmount: payment.amount - refunded, alreadyApplied: live.reduce((s, a) => s + a.amount, 0),
          balance: target.balance, tolerance: toPaise(prefs.paymentRoundOffTolerance), field: 'amount',
          existing: live.find((a) => documentSide(a).id === side.id),
        });
        const result = { invoice_id: side.side === 'invoice' ? side.id : null, bill_id: side.side === 'bill' ? side.id : null };
        if (decision.kind === 'already_applied') {
          return { message: 'This allocation was already recorded; nothing changed.', payment: await viewPayment(tx, payment), allocation: { ...result, allocated_amount: input.amount, round_off_amount: 0, already_applied: true } };
        }
        await allocate(tx, ctx, payment, target, decision.consumed, decision.documentAmount, 'amount');
        const touched = await touchPayment(tx, payment, payment.unapplied_amount - decision.consumed, now());
        await deps.activity.record(tx, ctx, {
          entityType: 'PAYMENT', entityId: paymentId, entityRef: payment.reference_number, verb: 'UPDATED',
          metadata: { [`${side.side}_id`]: side.id, allocated_amount: toRupees(decision.allocatedAmount), round_off_amount: toRupees(decision.roundOffAmount) },
        });
        const roundedOff = decision.roundOffAmount > 0;
        return {
          message: roundedOff
            ? `The payment has been applied; ${toRupees(decision.roundOffAmount)} within the round-off tolerance was posted to Round Off.`
            : 'The payment has been applied.',
          payment: await viewPayment(tx, touched),
          allocation: { ...result, allocated_amount: toRupees(decision.allocatedAmount), round_off_amount: toRupees(decision.roundOffAmount) },
        };
      });
    },

    async unapplyAllocation(ctx: RequestContext, paymentId: string, allocationId: string) {
      return deps.uow(ctx, async (tx) => {
        const payment = await loadPayment(tx, ctx.orgId, paymentId, true);
        const allocation = (await repo.allocations(tx, ctx.orgId, [paymentId])).find((a) => a.allocation_id === allocationId);
        if (!allocation) throw notFound('allocation', 'allocation_id');
        await releaseAllocation(tx, ctx, payment, allocation);
        const touched = await touchPayment(tx, payment, payment.unapplied_amount + allocation.amount, now());
        await deps.activity.record(tx, ctx, {
          entityType: 'PAYMENT', entityId: paymentId, entityRef: payment.reference_number, verb: 'UPDATED',
          metadata: { allocation_id: allocationId, unapplied: toRupees(allocation.amount) },
        });
        return { payment: await viewPayment(tx, touched) };
      });
    },

    /** Partial update; the payment's entry is reversed and posted again as the next version. */
    async updatePayment(ctx: RequestContext, paymentId: string, input: UpdatePaymentBody) {
      return deps.uow(ctx, async (tx) => {
        const payment = await loadPayment(tx, ctx.orgId, paymentId, true);
        await refuseOpeningAdvance(tx, ctx.orgId, paymentId);
        const live = await repo.allocations(tx, ctx.orgId, [paymentId]);
        const allocated = live.length > 0;
        const refunded = (await repo.refunds(tx, ctx.orgId, [paymentId])).length > 0;
        // A refund voucher stays issued against the advance as it was (CGST Rule 51).
        const refuseWhileRefunded = (field: string, changed: boolean) => {
          if (refunded && changed) throw invalidState(`${field} cannot change once part of the advance was refunded`, { field });
        };
        const refuseWhileAllocated = (field: string, changed: boolean) => {
          if (allocated && changed) throw new DomainError('conflict.allocated', `${field} cannot change while the payment is applied; unapply it first`, { field });
          refuseWhileRefunded(field, changed);
        };
        refuseWhileRefunded('date', input.date !== undefined && businessDateOf(input.date) !== payment.payment_date);
        refuseWhileAllocated('amount', input.amount !== undefined && toPaise(input.amount) !== payment.amount);
        refuseWhileAllocated('contact_id', input.contact_id !== undefined && input.contact_id !== payment.contact_id);
        refuseWhileAllocated('flow', input.flow !== undefined && input.flow !== payment.flow);
        refuseWhileAllocated('currency_code', input.currency_code !== undefined && input.currency_code !== payment.currency_code);
        // An applied payment's advance was taken out of its branch's books by the allocations.
        refuseWhileAllocated('branch_id', input.branch_id !== undefined && input.branch_id !== payment.branch_id);
        const next: PaymentRow = { ...payment };
        if (input.contact_id !== undefined && input.contact_id !== payment.contact_id) {
          const contact = await contactsRepository.find(tx, ctx.orgId, input.contact_id);
          if (!contact) throw notFound('contact', 'contact_id');
          next.contact_id = contact.contact_id;
          next.contact_name = contact.contact_name;
          next.currency_code = contact.currency_code;
        }
        if (input.flow !== undefined) next.flow = input.flow;
        if (input.date !== undefined) {
          next.payment_date = businessDateOf(input.date);
          await assertWithinBooks(tx, ctx.orgId, next.payment_date, 'date');
        }
        if (input.amount !== undefined) {
          next.amount = toPaise(input.amount);
          next.unapplied_amount = payment.unapplied_amount + next.amount - payment.amount;
        }
        if (input.mode !== undefined) next.mode = input.mode;
        if (input.reference_number !== undefined) next.reference_number = input.reference_number || null;
        if (input.description !== undefined) next.description = input.description;
        if (input.bank_account_id !== undefined) next.bank_account_id = await bankAccount(tx, ctx.orgId, input.bank_account_id);
        if (input.branch_id !== undefined) next.branch_id = (await deps.series.branchOf(tx, ctx.orgId, input.branch_id)).branch_id;
        if (input.currency_code !== undefined) next.currency_code = input.currency_code;
        if (input.bank_charges !== undefined) next.bank_charges = toPaise(input.bank_charges);
        // The same rules as a create's (payment.rules.ts), on the payment as it will be stored.
        assertDeductions(figuresOf(next), new Set(Object.keys(input)));
        const { baseCurrency } = await orgSettings(tx, ctx.orgId);
        next.exchange_rate_micro = exchangeRateMicroOf(input.exchange_rate, next.currency_code, baseCurrency, {
          currency: payment.currency_code, exchangeRateMicro: payment.exchange_rate_micro,
        });
        if (payment.advance_for !== null) Object.assign(next, advanceAsUpdated(payment, next, baseCurrency));
        const changes = diffFields(presentPayment(payment, []), presentPayment(next, []));
        if (!changes || Object.keys(changes).every((k) => k === 'last_modified_time')) return { payment: await viewPayment(tx, payment) };
        next.version = payment.version + 1;
        next.last_modified_time = now();
        await repo.update(tx, ctx.orgId, paymentId, next);
        await deps.ledger.reverseSource(tx, ctx, 'PAYMENT', paymentId, `Re-posting payment ${payment.reference_number ?? paymentId}`);
        await postPayment(tx, ctx, next);
        await deps.activity.record(tx, ctx, { entityType: 'PAYMENT', entityId: paymentId, entityRef: next.reference_number, verb: 'UPDATED', changes });
        return { payment: await viewPayment(tx, next) };
      });
    },

    /** Releases every allocation, reverses the payment's entry, and keeps the row (deleted) for the audit trail. */
    async deletePayment(ctx: RequestContext, paymentId: string) {
      return deps.uow(ctx, async (tx) => {
        const payment = await loadPayment(tx, ctx.orgId, paymentId, true);
        await refuseOpeningAdvance(tx, ctx.orgId, paymentId);
        // The refund vouchers issued stay issued (CGST Rule 51), and the money paid back stays paid.
        if ((await repo.refunds(tx, ctx.orgId, [paymentId])).length > 0) throw invalidState('an advance part of which was refunded cannot be deleted');
        const live = await repo.allocations(tx, ctx.orgId, [paymentId]);
        for (const allocation of [...live].sort((a, b) => (documentSide(a).id < documentSide(b).id ? -1 : 1))) {
          await releaseAllocation(tx, ctx, payment, allocation);
        }
        await deps.ledger.reverseSource(tx, ctx, 'PAYMENT', paymentId, `Deletion of payment ${payment.reference_number ?? paymentId}`);
        await repo.update(tx, ctx.orgId, paymentId, { deleted: 1, unapplied_amount: 0, version: payment.version + 1, last_modified_time: now() });
        await deps.dependents.removeFor(tx, ctx.orgId, paymentId);
        await deps.activity.record(tx, ctx, {
          entityType: 'PAYMENT', entityId: paymentId, entityRef: payment.reference_number, verb: 'DELETED',
          metadata: { released_allocations: live.map((a) => a.allocation_id) },
        });
        return { payment_id: paymentId };
      });
    },

    async getPayment(ctx: RequestContext, paymentId: string) {
      return { payment: await viewPayment(db, await loadPayment(db, ctx.orgId, paymentId)) };
    },

    async listPayments(ctx: RequestContext, query: ListPaymentsQuery) {
      const { perPage, after } = readCursor(deps.cursors, 'payments', query);
      const rows = await repo.list(db, ctx.orgId, { flow: query.flow, search: searchPatternOf(query.search) }, after, perPage);
      const page = cursorPage(deps.cursors, 'payments', rows, perPage, (r) => [r.payment_id]);
      const ids = page.items.map((p) => p.payment_id);
      const [allocations, refunds] = [await repo.allocations(db, ctx.orgId, ids), await repo.refunds(db, ctx.orgId, ids)];
      const of = <R extends { payment_id: string }>(rows: R[], p: PaymentRow) => rows.filter((r) => r.payment_id === p.payment_id);
      return { payments: page.items.map((p) => presentPayment(p, of(allocations, p), of(refunds, p))), page_context: page.page_context };
    },

    exists: async (orgId: string, paymentId: string) => (await repo.find(db, orgId, paymentId)) !== undefined,
    /** Locks a live document of this organisation for the rest of the caller's transaction (comments hang off it); false when there is none. */
    lockLive: async (tx: Tx, orgId: string, paymentId: string, flow?: 'INCOMING' | 'OUTGOING') => {
      const row = await repo.find(tx, orgId, paymentId, true);
      return row !== undefined && (flow === undefined || row.flow === flow);
    },
    countForContact: (tx: Tx, orgId: string, contactId: string) => repo.countForContact(tx, orgId, contactId),
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;
