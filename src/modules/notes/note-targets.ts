import type { Tx } from '../../db/database';
import type { LocalDate } from '../../kernel/local-date';
import { toRupees } from '../../kernel/money';
import type { RequestContext } from '../../platform/context';
import { billCreditTarget, billNoteParent, presentBillCredited, type BillRow, type BillsService } from '../bills';
import { displayedStatus, type CreditTarget, type NoteParent } from '../documents';
import type { InvoiceRow, InvoicesService } from '../invoices';
import { OPEN_STATUSES } from '../invoices/invoices.rules';
import type { NoteType } from './note-kinds';

/** How an invoice or bill settles credit: its module's settlement port. */
export type Settlement<Row> = {
  lockForSettlement(tx: Tx, orgId: string, id: string, field: string): Promise<Row>;
  settleInTx(tx: Tx, ctx: RequestContext, row: Row, kind: 'credit', amount: number, field: string, metadata: Record<string, unknown>): Promise<Row>;
  releaseInTx(tx: Tx, ctx: RequestContext, row: Row, kind: 'credit', amount: number, metadata: Record<string, unknown>): Promise<Row>;
};

/** A document a note corrects and is applied to: how it is locked and settled, and how it reads as a parent, a target and an answer. */
export interface NoteTarget<Row extends { branch_id: string }> {
  kind: 'invoice' | 'bill';
  /** The notes that go to it: a customer's credit to an invoice, a vendor's (or our debit note) to a bill. */
  noteType: NoteType;
  port: Settlement<Row>;
  idOf(row: Row): string;
  parentOf(row: Row): NoteParent;
  asTarget(row: Row): CreditTarget;
  /** The target document's date: an application is dated on the later of it and the note's. */
  dateOf(row: Row): LocalDate;
  /** The target's side of an apply answer; paid_amount = payments + credits applied. */
  present(row: Row, today: string): Record<string, unknown>;
}

const invoiceTarget = (port: Settlement<InvoiceRow>): NoteTarget<InvoiceRow> => ({
  kind: 'invoice', noteType: 'CUSTOMER', port, idOf: (i) => i.invoice_id,
  parentOf: (i) => ({
    kind: 'invoice', id: i.invoice_id, contactId: i.customer_id, status: i.status, branchId: i.branch_id, placeOfSupply: i.place_of_supply,
    supplyType: i.supply_type, exportType: i.export_type, inclusive: i.is_inclusive_tax === 1, reverseCharge: i.is_reverse_charge === 1, date: i.invoice_date, total: i.total,
    currencyCode: i.currency_code, exchangeRateMicro: i.exchange_rate_micro,
  }),
  asTarget: (i) => ({
    kind: 'invoice', contactId: i.customer_id, currencyCode: i.currency_code, exchangeRateMicro: i.exchange_rate_micro,
    status: i.status, balance: i.balance, open: OPEN_STATUSES,
  }),
  dateOf: (i) => i.invoice_date,
  present: (i, today) => ({
    invoice_id: i.invoice_id, balance: toRupees(i.balance), status: displayedStatus(i.status, OPEN_STATUSES, i.balance, i.due_date, today),
    paid_amount: toRupees(i.payment_made + i.credits_applied),
  }),
});

const billTarget = (port: Settlement<BillRow>): NoteTarget<BillRow> => ({
  kind: 'bill', noteType: 'VENDOR', port, idOf: (b) => b.bill_id, parentOf: billNoteParent, asTarget: billCreditTarget, dateOf: (b) => b.bill_date, present: presentBillCredited,
});

export type NoteTargets = { invoice: NoteTarget<InvoiceRow>; bill: NoteTarget<BillRow> };

export const noteTargets = (ports: { invoices: Settlement<InvoiceRow>; bills: Settlement<BillRow> }): NoteTargets => ({
  invoice: invoiceTarget(ports.invoices), bill: billTarget(ports.bills),
});

export type NotePorts = { invoices: Pick<InvoicesService, keyof Settlement<InvoiceRow>>; bills: Pick<BillsService, keyof Settlement<BillRow>> };
