import { sql } from 'kysely';
import type { Tx } from '../db/database';
import { toPaise } from '../kernel/money';
import type { NewAccount, OrgsService } from '../platform/orgs/orgs.service';
import { CreateAccountBody } from '../modules/admin/admin.schemas';
import type { BillsService } from '../modules/bills';
import { CreateBillBody } from '../modules/bills';
import type { CatalogService } from '../modules/catalog';
import { CreateItemBody } from '../modules/catalog/catalog.schemas';
import type { ContactsService } from '../modules/contacts';
import { CreateContactBody } from '../modules/contacts/contacts.schemas';
import { CreateCreditNoteBody } from '../modules/credit-notes/credit-notes.schemas';
import { CreateDebitNoteBody } from '../modules/debit-notes/debit-notes.schemas';
import { CreateExpenseBody, type ExpensesService } from '../modules/expenses';
import type { ImportCreators } from '../modules/imports';
import { CreateInvoiceBody, type InvoicesService } from '../modules/invoices';
import { CreateJournalBody, type LedgerService } from '../modules/ledger';
import type { NotesService } from '../modules/notes';
import { OpeningBalancesBody, type OpeningBalancesService } from '../modules/opening-balances';
import type { PaymentsService } from '../modules/payments';
import { CreatePaymentBody } from '../modules/payments/payments.schemas';

interface Services {
  contacts: ContactsService;
  catalog: CatalogService;
  orgs: OrgsService;
  invoices: InvoicesService;
  bills: BillsService;
  creditNotes: NotesService<'credit_note'>;
  debitNotes: NotesService<'debit_note'>;
  payments: PaymentsService;
  expenses: ExpensesService;
  ledger: LedgerService;
  openingBalances: OpeningBalancesService;
}

/** A document's total and round-off in paise, to compare with the total a Tally voucher states. */
const totals = (document: { total: number; round_off: number | null }) => ({ total: toPaise(document.total), roundOff: toPaise(document.round_off ?? 0) });

/**
 * The chart's active account of the name (case aside) and type, when there is one: an imported
 * account the chart already holds (Bahi's own Sales or Purchases, a Tally ledger of that name) is
 * that account, not a twin the names of later rows and vouchers could never reach, since a name
 * resolves to the chart's first account of that name (docs/rules/imports.md, "Rows and documents").
 */
async function accountInChart(tx: Tx, orgId: string, account: NewAccount): Promise<string | undefined> {
  return (await tx.selectFrom('accounts').select('account_id').where('org_id', '=', orgId).where('is_active', '=', 1)
    .where(sql<string>`lower(account_name)`, '=', account.account_name.toLowerCase()).where('account_type', '=', account.account_type)
    .orderBy('account_id').executeTakeFirst())?.account_id;
}

/**
 * Each import kind's create path: the function the kind's POST calls, inside the run's
 * transaction, with the schema that POST validates its body against (docs/rules/imports.md, "Runs").
 */
export function importCreators(s: Services): ImportCreators {
  return {
    contacts: { entityType: 'CONTACT', schema: CreateContactBody, create: async (tx, ctx, body) => ({ id: (await s.contacts.createInTx(tx, ctx, body)).contact.contact_id }) },
    items: { entityType: 'ITEM', schema: CreateItemBody, create: async (tx, ctx, body) => ({ id: (await s.catalog.createItemInTx(tx, ctx, body)).item.item_id }) },
    accounts: {
      entityType: 'ACCOUNT', schema: CreateAccountBody,
      create: async (tx, ctx, body: NewAccount) => ({ id: (await accountInChart(tx, ctx.orgId, body)) ?? (await s.orgs.createAccountInTx(tx, ctx.orgId, body)).account_id }),
    },
    invoices: {
      entityType: 'INVOICE', schema: CreateInvoiceBody,
      create: async (tx, ctx, body) => { const { invoice } = await s.invoices.createInTx(tx, ctx, body); return { id: invoice.invoice_id, ...totals(invoice) }; },
    },
    bills: {
      entityType: 'BILL', schema: CreateBillBody,
      create: async (tx, ctx, body) => { const { bill } = await s.bills.createInTx(tx, ctx, body); return { id: bill.bill_id, ...totals(bill) }; },
    },
    credit_notes: {
      entityType: 'CREDIT_NOTE', schema: CreateCreditNoteBody,
      create: async (tx, ctx, body: CreateCreditNoteBody) => ({ id: (await s.creditNotes.createInTx(tx, ctx, { ...body, contact_id: body.customer_id })).credit_note.credit_note_id }),
      settleParent: (tx, ctx, id) => s.creditNotes.applyToParentInTx(tx, ctx, id),
    },
    debit_notes: {
      entityType: 'DEBIT_NOTE', schema: CreateDebitNoteBody,
      create: async (tx, ctx, body: CreateDebitNoteBody) => ({ id: (await s.debitNotes.createInTx(tx, ctx, { ...body, contact_id: body.vendor_id })).debit_note.debit_note_id }),
      settleParent: (tx, ctx, id) => s.debitNotes.applyToParentInTx(tx, ctx, id),
    },
    payments: { entityType: 'PAYMENT', schema: CreatePaymentBody, create: async (tx, ctx, body) => ({ id: (await s.payments.createInTx(tx, ctx, body)).payment.payment_id }) },
    expenses: { entityType: 'EXPENSE', schema: CreateExpenseBody, create: async (tx, ctx, body) => ({ id: (await s.expenses.createInTx(tx, ctx, body)).expense.expense_id }) },
    opening_balances: {
      entityType: 'OPENING_BALANCES', schema: OpeningBalancesBody,
      create: async (tx, ctx, body) => ({ id: (await s.openingBalances.replaceInTx(tx, ctx, body)).opening_balance_id }),
    },
    journals: { entityType: 'JOURNAL', schema: CreateJournalBody, create: async (tx, ctx, body) => ({ id: (await s.ledger.createJournalInTx(tx, ctx, body)).journal.journal_id }) },
  };
}
