import type { MigrationProvider, Migration } from 'kysely';
import type { Engine } from '../engine';
import { platform } from './001-platform';
import { ledger } from './002-ledger';
import { invoices } from './003-invoices';
import { estimatesAndSalesOrders } from './004-estimates-sales-orders';
import { purchases } from './005-purchases';
import { expenses } from './006-expenses';
import { notes } from './007-notes';
import { payments } from './008-payments';
import { webhooks } from './009-webhooks';
import { recurring } from './010-recurring';
import { attachmentsAndComments } from './011-attachments-comments';
import { pdfs } from './013-pdfs';
import { invoicePaymentLink } from './014-invoice-payment-link';
import { invoiceListIndex } from './015-invoice-list-index';
import { billGuardReference } from './016-bill-guard-reference';
import { deliveryQueueIndexes } from './017-delivery-queue-indexes';
import { idempotencyOrgScope } from './018-idempotency-org-scope';
import { gstTreatment } from './019-gst-treatment';
import { periodLock } from './020-period-lock';
import { noteBindings } from './021-note-bindings';
import { purchaseLedgers } from './022-purchase-ledgers';
import { branchBooks } from './023-branch-books';
import { seriesTypesUnits } from './024-series-types-units';
import { einvoice } from './025-einvoice';
import { einvoiceIrn } from './026-einvoice-irn';
import { irnNotesTransport } from './027-irn-notes-transport';
import { ledgerReportIndexes } from './029-ledger-report-indexes';
import { noteUnapply } from './030-note-unapply';
import { ledgerBalances } from './031-ledger-balances';
import { openItems } from './032-open-items';
import { numberingRegistrations } from './033-numbering-registrations';
import { partyCopy } from './034-party-copy';
import { incomeTaxExpense } from './035-income-tax-expense';
import { webhookAnswersWithoutSecret } from './036-webhook-answers-without-secret';
import { unboundNoteGoods } from './038-unbound-note-goods';
import { discardedNumbers } from './039-discarded-numbers';
import { filedReturns } from './040-filed-returns';
import { customerDebitNotes } from './041-customer-debit-notes';
import { outwardReverseCharge } from './042-outward-reverse-charge';
import { billsOfEntry } from './043-bills-of-entry';
import { advancesReceived } from './044-advances-received';
import { cess } from './045-cess';
import { shippingBills } from './046-shipping-bills';
import { advanceRefunds } from './047-advance-refunds';
import { transportDocuments } from './048-transport-documents';
import { deliveryChallans } from './049-delivery-challans';
import { invoiceDispatchFrom } from './050-invoice-dispatch-from';
import { gstr2b } from './051-gstr2b';
import { supplierDebitNotes } from './052-supplier-debit-notes';
import { imsActions } from './053-ims-actions';
import { itcReversals } from './054-itc-reversals';
import { itcLinks } from './055-itc-links';
import { bankStatements } from './056-bank-statements';
import { contactUpi } from './057-contact-upi';
import { bankRules } from './058-bank-rules';
import { bankReconciliations } from './059-bank-reconciliations';
import { imports } from './060-imports';
import { openingBalances } from './061-opening-balances';
import type { BahiMigration } from './migration';

/** In order. Append only; never edit one that has shipped. */
export const MIGRATIONS: readonly BahiMigration[] = [
  platform, ledger, invoices, estimatesAndSalesOrders, purchases, expenses, notes, payments, webhooks, recurring,
  attachmentsAndComments, pdfs, invoicePaymentLink, invoiceListIndex, billGuardReference, deliveryQueueIndexes,
  idempotencyOrgScope, gstTreatment, periodLock, noteBindings, purchaseLedgers, branchBooks, seriesTypesUnits, einvoice,
  einvoiceIrn, irnNotesTransport, ledgerReportIndexes, noteUnapply, ledgerBalances, openItems, numberingRegistrations,
  partyCopy, incomeTaxExpense, webhookAnswersWithoutSecret, unboundNoteGoods, discardedNumbers, filedReturns,
  customerDebitNotes, outwardReverseCharge, billsOfEntry, advancesReceived, cess, shippingBills, advanceRefunds,
  transportDocuments,
  deliveryChallans, invoiceDispatchFrom, gstr2b, supplierDebitNotes, imsActions, itcReversals, itcLinks,
  bankStatements, contactUpi, bankRules, bankReconciliations,
  imports, openingBalances,
];

export function migrationProvider(engine: Engine): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const m of MIGRATIONS) out[m.name] = { up: (db) => m.up(db, engine) };
      return out;
    },
  };
}
