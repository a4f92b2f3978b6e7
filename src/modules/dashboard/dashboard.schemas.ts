import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, Strict } from '../../http/response-schemas';
import { LocalDateSchema, Query } from '../../http/schema-kit';
import { BusinessDate } from '../ledger/ledger.schemas';

export const DashboardQuery = Query({
  from_date: Type.Optional({ ...LocalDateSchema, description: 'YYYY-MM-DD; default the first day of the financial year holding to_date' }),
  to_date: Type.Optional({ ...LocalDateSchema, description: 'YYYY-MM-DD; default today. Before from_date, or a period touching more than 24 calendar months, is 400' }),
});
export type DashboardQuery = Static<typeof DashboardQuery>;

const Count = (description: string) => Type.Integer({ minimum: 0, description });

const Flows = {
  sales: { ...Amount, description: 'Revenue from sales: credits less debits to income accounts by invoices and customer credit and debit notes (taxable value, no GST)' },
  purchases: { ...Amount, description: 'Debits less credits to purchase accounts (expense, cost of goods, stock, fixed asset, other current asset) by bills, expenses and vendor notes (taxable value, no GST)' },
  cash_in: { ...Amount, description: 'Money into BANK and CASH accounts; transfers between two of them are not counted' },
  cash_out: { ...Amount, description: 'Money out of BANK and CASH accounts; transfers between two of them are not counted' },
};

const AgeingTotal = (side: string) => Strict({
  as_of: { ...BusinessDate, description: 'to_date' },
  buckets: Type.Array(Strict({ label: Type.String(), amount: Amount }), { description: 'The default buckets of days past due' }),
  outstanding: Amount,
  open_credits: Amount,
  net: { ...Amount, description: 'outstanding less open_credits' },
}, `The total of GET /reports/${side}_ageing on to_date`);

export const Dashboard = Named('Dashboard', Strict({
  from_date: BusinessDate,
  to_date: BusinessDate,
  months: Type.Array(Strict({ month: Type.String({ description: 'YYYY-MM' }), ...Flows }), { description: 'Every calendar month the period touches, oldest first' }),
  totals: Strict(Flows, 'The sums of the months'),
  receivables: AgeingTotal('receivables'),
  payables: AgeingTotal('payables'),
  gst_payable: Strict({
    igst: Amount, cgst: Amount, sgst: Amount, cess: Amount, total: Amount,
  }, "The period's output tax less its input tax credit per head, from the GST accounts; negative when credit is carried forward"),
  waiting: Strict({
    draft_invoices: Count('DRAFT invoices, whatever their date'),
    draft_bills: Count('DRAFT bills, whatever their date'),
    draft_credit_notes: Count('DRAFT credit notes, whatever their date'),
    draft_debit_notes: Count('DRAFT debit notes, whatever their date'),
    einvoices_pending: Count('Invoices and customer credit and debit notes that need an e-invoice and have no IRN yet (0 unless the organisation e-invoices)'),
    unmatched_bank_lines: Count('Bank lines UNMATCHED (excluded ones are not), every account, dated within the period'),
    itc_to_review: Count("GSTR-2B reconciliation rows of the period's months not matched; a month without a 2B uploaded counts none"),
  }),
  bank_accounts: Type.Array(Strict({
    account_id: Type.String(),
    name: Type.String(),
    balance: { ...Amount, description: 'The book balance on to_date (debit positive)' },
    unmatched_lines: Count('Its bank lines UNMATCHED, dated within the period'),
  }), { description: 'Every active BANK and CASH account, in account-code order' }),
}, 'What needs attention in one organisation over a period: sales, purchases and money per month, what is owed either way, GST payable, and work waiting.'));
