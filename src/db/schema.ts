/**
 * Row types of every table, as Kysely sees them. Conventions shared by both engines:
 * ids and business dates are text; timestamps are ISO-8601 UTC text (sortable);
 * money is integer paise (bigint); flags are integers 0/1; structured values are JSON text.
 */
import type { ImportIssuesTable, ImportKeysTable, ImportsTable, OpeningBalancesTable, OpeningItemsTable } from './import-schema';
import type { BankMatchesTable, BankReconciliationsTable, BankRulesTable, BankStatementsTable, BankTransactionsTable } from './bank-schema';
import type { Gstr2bDocumentsTable, Gstr2bReturnsTable, ImsActionsTable, ItcLinksTable, ItcReversalsTable } from './itc-schema';

export type Flag = 0 | 1;

export interface SystemSettingsTable {
  key: string;
  value: string;
}

export interface OrgsTable {
  org_id: string;
  name: string;
  state_code: string;
  gstin: string | null;
  currency_code: string;
  email_from: string;
  books_start_date: string;
  default_branch_id: string;
  preferences: string;
  created_time: string;
}

/** An organisation's period lock (docs/rules/ledger-and-periods.md, "Period lock"): null while nothing is locked. */
export interface PeriodLocksTable {
  org_id: string;
  lock_date: string | null;
  last_modified_time: string;
}

/** A GST return marked filed (docs/rules/returns-gstr1-gstr3b.md, "A filed return"). */
/** A customs Bill of Entry (migration 043); amounts in INR paise. */
export interface BillsOfEntryTable {
  org_id: string;
  bill_of_entry_id: string;
  /** The importing registration. */
  branch_id: string;
  /** Customs' number, up to 7 digits (GSTN's boe_num). */
  boe_number: string;
  boe_date: string;
  /** The customs port (ICEGATE's 6-character code). */
  port_code: string;
  assessable_value: number;
  basic_customs_duty: number;
  social_welfare_surcharge: number;
  /** Assessable value + BCD + SWS: what the IGST is levied on. */
  igst_taxable_value: number;
  igst: number;
  /** The duties and the IGST: what left paid_through_account_id. */
  total: number;
  paid_through_account_id: string;
  /** Where the duties are charged: the goods' cost. */
  goods_account_id: string;
  /** The SEZ unit the goods were cleared from (GSTR-2B IMPGSEZ), else null. */
  sez_supplier_gstin: string | null;
  created_time: string;
  last_modified_time: string;
}

/** A bill of an overseas vendor that a Bill of Entry covers. */
export interface BillOfEntryBillsTable {
  org_id: string;
  bill_of_entry_id: string;
  bill_id: string;
  /** Its place in the request's bill_ids. */
  position: number;
}

export interface FiledReturnsTable {
  org_id: string;
  gstin: string;
  /** GSTR1 or GSTR3B. */
  return_type: string;
  /** MMYYYY, or YYYY-Qn for a quarterly GSTR-1; from_date and to_date are the days it covers. */
  period: string;
  from_date: string;
  to_date: string;
  arn: string;
  filed_on: string;
  /** When it was first marked filed under this ARN: changes after it are the return's `changed_since`. */
  marked_time: string;
  /** Set while reopened: the return refuses nothing. */
  reopened_time: string | null;
  last_modified_time: string;
}

export interface UsersTable {
  user_id: string;
  org_id: string;
  name: string;
  email: string;
  created_time: string;
}

export interface ApiTokensTable {
  token_id: string;
  token_hash: string;
  kind: string;
  user_id: string | null;
  org_ids: string;
  scopes: string;
  tier: string;
  rate_limit_per_minute: number;
  expires_at: string | null;
  revoked_at: string | null;
  created_time: string;
}

export interface BranchesTable {
  org_id: string;
  branch_id: string;
  name: string;
  state_code: string;
  gstin: string | null;
  /** Postal address, lines separated by newlines: the supplier address on GST documents. */
  address: string | null;
  /** City, PIN and country of that address (migration 025); its state is the branch's state_code. */
  city: string | null;
  zip: string | null;
  country: string | null;
  is_default: Flag;
  created_time: string;
}

export interface PeriodsTable {
  org_id: string;
  period_id: string;
  name: string;
  start_date: string;
  end_date: string;
  created_time: string;
}

export interface AccountsTable {
  org_id: string;
  account_id: string;
  account_name: string;
  account_code: string | null;
  account_type: string;
  system_key: string | null;
  is_active: Flag;
  created_time: string;
}

export interface TaxesTable {
  org_id: string;
  tax_id: string;
  tax_name: string;
  /** Percent × 100 (18% → 1800, 0.25% → 25), so rates are exact integers. */
  rate_centi: number;
  /** TAXABLE (a 0% one is zero-rated), NIL_RATED, EXEMPT or NON_GST: chart-of-accounts TAX_SUPPLY_TYPES. */
  supply_type: string;
  created_time: string;
}

export interface InvoiceSeriesTable {
  org_id: string;
  series_id: string;
  branch_id: string;
  period_id: string | null;
  series_name: string;
  label: string;
  prefix: string;
  padding: number;
  format_template: string;
  is_default: Flag;
  /** What the series numbers (series.rules.ts SERIES_DOCUMENT_TYPES); invoice for those made before migration 024. */
  document_type: string;
  created_time: string;
  /** The registration whose numbers it issues (series.rules.ts registrationOf): shared by branches under one GSTIN. */
  registration: string;
}

/**
 * Every number issued from a series (invoices, customer credit notes, estimates, orders): its
 * unique index (legacy duplicates aside) holds a number to one use per registration, document
 * type and financial year (CGST Rule 46(b)). Deleting a draft leaves its row: the number stays a gap.
 */
export interface IssuedNumbersTable {
  org_id: string;
  document_type: string;
  document_id: string;
  registration: string;
  /** The document date's financial year, 2026-27. */
  financial_year: string;
  document_number: string;
  branch_id: string;
  created_time: string;
  /** 1: the number was already used in its registration and year before numbering was per registration (migration 033). */
  legacy_duplicate: Flag;
  /** A deleted draft's series (null for a number given by hand) and date (migration 039); null while the document stands. */
  series_id: string | null;
  discarded_date: string | null;
}

export interface ContactsTable {
  org_id: string;
  contact_id: string;
  contact_type: string;
  contact_name: string;
  display_name: string | null;
  legal_name: string | null;
  company_name: string | null;
  gst_no: string | null;
  pan: string | null;
  gst_treatment: string | null;
  place_of_contact: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  billing_address: string | null;
  shipping_address: string | null;
  payment_terms: number;
  opening_balance: number;
  credit_limit: number | null;
  currency_code: string;
  status: string;
  /** Lower-cased name, GSTIN and email joined: what `search` matches against. */
  search_text: string;
  /** The contact's UPI handle (`name@psp`, migration 057): found in a bank line's narration, it names the contact. */
  upi_vpa: string | null;
  created_time: string;
  last_modified_time: string;
}

export interface ContactPersonsTable {
  org_id: string;
  contact_person_id: string;
  contact_id: string;
  position: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  is_primary: Flag;
}

export interface ItemsTable {
  org_id: string;
  item_id: string;
  name: string;
  sku: string | null;
  type: string;
  rate: number;
  purchase_rate: number | null;
  tax_id: string | null;
  hsn_sac: string | null;
  /** GST unit (UQC) of a goods item, its lines' default; null for services (migration 024). */
  unit: string | null;
  account_id: string | null;
  purchase_account_id: string | null;
  created_time: string;
  last_modified_time: string;
}

export interface ActivityTable {
  org_id: string;
  event_id: string;
  action: string;
  entity_type: string;
  entity_id: string;
  entity_ref: string | null;
  actor_user_id: string | null;
  changes: string | null;
  metadata: string;
  occurred_at: string;
}

export interface OutboxEventsTable {
  org_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  occurred_at: string;
  published_at: string | null;
}

export interface IdempotencyKeysTable {
  subject: string;
  org_id: string;
  idem_key: string;
  method: string;
  path: string;
  status_code: number;
  response_body: string;
  created_at: string;
}

export interface RateLimitWindowsTable {
  token_id: string;
  window_start: number;
  hits: number;
}

export interface JournalsTable {
  org_id: string;
  journal_id: string;
  entry_date: string;
  /** MANUAL, INVOICE, BILL, PAYMENT, CREDIT_NOTE, DEBIT_NOTE, EXPENSE, … */
  source: string;
  source_id: string;
  source_version: number;
  /** The source document's number (INV-26-27-00001), for statements. */
  source_ref: string | null;
  /** POSTING, or REVERSAL (the exact mirror of the entry named in reverses_journal_id). */
  kind: string;
  reverses_journal_id: string | null;
  reversed_by_journal_id: string | null;
  memo: string | null;
  contact_id: string | null;
  /** Σ debits (= Σ credits), in base-currency paise. */
  total: number;
  /** The branch the entry was posted for (its document's); lines default to it. */
  branch_id: string;
  created_by_user_id: string | null;
  created_time: string;
}

export interface JournalLinesTable {
  org_id: string;
  line_id: string;
  journal_id: string;
  position: number;
  account_id: string;
  debit: number;
  credit: number;
  description: string | null;
  contact_id: string | null;
  /** Copied from the journal so account and contact statements read one table. */
  entry_date: string;
  /** The branch (GST registration) whose books the line is in: its entry's unless the poster named another. */
  branch_id: string;
}

/**
 * What an account moved in one branch on one day (031-ledger-balances): the sums of its
 * journal lines, kept in each posting's transaction, so statements read accounts × days
 * instead of every line.
 */
export interface LedgerBalancesTable {
  org_id: string;
  account_id: string;
  branch_id: string;
  entry_date: string;
  debit: number;
  credit: number;
}

export interface DocumentCountersTable {
  org_id: string;
  /** e.g. `series:<series_id>:2026-27` or `legacy-invoice:2026-11-22`. */
  counter_key: string;
  next_value: number;
}

/** The e-way bill's transport (Part B) as the document records it (migrations 027, 048); null until given. */
export interface TransportColumns {
  /** road, rail, air or ship. */
  transport_mode: string | null;
  distance_km: number | null;
  vehicle_no: string | null;
  /** The transporter's GSTIN or TRANSIN. */
  transporter_id: string | null;
  /** The transport document (lorry receipt, railway receipt, airway bill, bill of lading): number and date (YYYY-MM-DD). */
  trans_doc_no: string | null;
  trans_doc_date: string | null;
  /** regular or over_dimensional. */
  vehicle_type: string | null;
  transporter_name: string | null;
}

export interface InvoicesTable extends TransportColumns {
  org_id: string;
  invoice_id: string;
  invoice_number: string;
  branch_id: string;
  series_id: string | null;
  customer_id: string;
  customer_name: string;
  invoice_date: string;
  due_date: string;
  reference_number: string | null;
  place_of_supply: string;
  supply_type: string;
  /** The customer's gst_treatment when the invoice was made. */
  gst_treatment: string | null;
  /** The party as it was when the document was issued (documents/party-copy.ts PartyCopy, JSON text; migration 034). */
  party: string | null;
  /** WPAY or WOPAY on an export or a supply to an SEZ, else null. */
  export_type: string | null;
  /** An export's shipping bill: port code, number, date (YYYY-MM-DD) and when it was last set; all null until given (migration 046). */
  shipping_bill_port: string | null;
  shipping_bill_number: string | null;
  shipping_bill_date: string | null;
  shipping_bill_time: string | null;
  /** Where the goods leave from when not the branch's address (contacts.rules.ts Address, JSON text); null: the branch's (migration 050). */
  dispatch_from: string | null;
  /** Line amounts were entered inclusive of tax. */
  is_inclusive_tax: Flag;
  /** The recipient pays the tax (CGST s.9(3)): total excludes tax_total, which no output ledger holds (migration 042). */
  is_reverse_charge: Flag;
  currency_code: string;
  /** Exchange rate × 10^6, so rates are exact integers. */
  exchange_rate_micro: number;
  sub_total: number;
  tax_total: number;
  cgst_total: number;
  sgst_total: number;
  igst_total: number;
  /** Σ lines' cess, part of tax_total (migration 045). */
  cess_total: number;
  round_off: number;
  total: number;
  payment_made: number;
  credits_applied: number;
  balance: number;
  /** Stored status; OVERDUE is derived when read. */
  status: string;
  salesperson_id: string | null;
  notes: string | null;
  sales_order_id: string | null;
  version: number;
  created_time: string;
  last_modified_time: string;
  /** UPI VPA and payee name of the payment link (recurring auto_charge; migration 014); null without one. */
  payment_vpa: string | null;
  payment_payee: string | null;
}

export interface InvoiceLinesTable {
  org_id: string;
  line_item_id: string;
  invoice_id: string;
  position: number;
  item_id: string | null;
  name: string;
  description: string | null;
  hsn_or_sac: string | null;
  /** Quantity × 1000. */
  quantity_milli: number;
  unit: string | null;
  rate: number;
  discount: number;
  tax_id: string | null;
  tax_rate_centi: number;
  item_total: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Compensation cess (migration 045): ad valorem percent × 100, paise per unit of quantity, and the line's cess (part of `tax`). */
  cess_rate_centi: number;
  cess_per_unit: number;
  cess: number;
  account_id: string;
}

/** The columns every stored document line carries (invoice, estimate and sales order lines). */
export interface DocumentLineColumns {
  line_item_id: string;
  item_id: string | null;
  name: string;
  description: string | null;
  hsn_or_sac: string | null;
  /** Quantity × 1000. */
  quantity_milli: number;
  unit: string | null;
  rate: number;
  discount: number;
  tax_id: string | null;
  tax_rate_centi: number;
  item_total: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** Compensation cess (migration 045): ad valorem percent × 100, paise per unit of quantity, and the line's cess (part of `tax`). */
  cess_rate_centi: number;
  cess_per_unit: number;
  cess: number;
  account_id: string;
}

export interface EstimatesTable {
  org_id: string;
  estimate_id: string;
  estimate_number: string;
  branch_id: string;
  customer_id: string;
  customer_name: string;
  estimate_date: string;
  expiry_date: string | null;
  reference_number: string | null;
  place_of_supply: string;
  supply_type: string;
  sub_total: number;
  tax_total: number;
  cgst_total: number;
  sgst_total: number;
  igst_total: number;
  /** Σ lines' cess, part of tax_total (migration 045). */
  cess_total: number;
  total: number;
  status: string;
  notes: string | null;
  converted_to_sales_order_id: string | null;
  version: number;
  created_time: string;
  last_modified_time: string;
}

export interface EstimateLinesTable extends DocumentLineColumns {
  org_id: string;
  estimate_id: string;
  position: number;
}

export interface SalesOrdersTable {
  org_id: string;
  sales_order_id: string;
  sales_order_number: string;
  branch_id: string;
  customer_id: string;
  customer_name: string;
  order_date: string;
  shipment_date: string | null;
  reference_number: string | null;
  place_of_supply: string;
  supply_type: string;
  sub_total: number;
  tax_total: number;
  cgst_total: number;
  sgst_total: number;
  igst_total: number;
  /** Σ lines' cess, part of tax_total (migration 045). */
  cess_total: number;
  total: number;
  status: string;
  notes: string | null;
  /** The estimate this order was converted from. */
  estimate_id: string | null;
  /** The invoice this order was converted to. */
  invoice_id: string | null;
  version: number;
  created_time: string;
  last_modified_time: string;
}

export interface SalesOrderLinesTable extends DocumentLineColumns {
  org_id: string;
  sales_order_id: string;
  position: number;
}

/** A delivery challan (CGST Rule 55; migration 049): goods moved without a sale. Posts no journal. */
export interface DeliveryChallansTable {
  org_id: string;
  delivery_challan_id: string;
  delivery_challan_number: string;
  /** The series that numbered it (its default DC- series), for GSTR-1's documents issued. */
  series_id: string | null;
  branch_id: string;
  /** JOB_WORK, ON_APPROVAL, OWN_USE, PURCHASE_RETURN or OTHER (delivery-challans.rules.ts). */
  reason: string;
  /** The consignee; null on a transfer to a branch of the same GSTIN (to_branch_id). */
  contact_id: string | null;
  contact_name: string | null;
  /** The consignee as it was when the challan was issued (documents/party-copy.ts). */
  party: string | null;
  to_branch_id: string | null;
  challan_date: string;
  /** Where the goods go (IN-KA): the consignee's state, or the receiving branch's. */
  place_of_supply: string;
  supply_type: string;
  sub_total: number;
  tax_total: number;
  cgst_total: number;
  sgst_total: number;
  igst_total: number;
  cess_total: number;
  total: number;
  /** Addresses (contacts.rules.ts Address, JSON text) the goods leave from and go to when not the branch's and the consignee's own. */
  dispatch_from: string | null;
  ship_to: string | null;
  transport_mode: string | null;
  distance_km: number | null;
  vehicle_no: string | null;
  transporter_id: string | null;
  trans_doc_no: string | null;
  trans_doc_date: string | null;
  vehicle_type: string | null;
  transporter_name: string | null;
  /** The invoice that made goods sent on approval a supply (CGST s.31(7)). */
  invoice_id: string | null;
  /** ISSUED or CANCELLED. */
  status: string;
  reference_number: string | null;
  notes: string | null;
  version: number;
  created_time: string;
  last_modified_time: string;
}

export interface DeliveryChallanLinesTable extends DocumentLineColumns {
  org_id: string;
  delivery_challan_id: string;
  position: number;
}

/** An expense; amounts in paise. account_id and tax_id are the header's (lines may override them). */
export interface ExpensesTable {
  org_id: string;
  expense_id: string;
  branch_id: string;
  expense_date: string;
  account_id: string | null;
  paid_through_account_id: string;
  mode: string;
  reference_number: string | null;
  vendor_id: string | null;
  vendor_name: string | null;
  /** The vendor as it was when the expense was recorded or last edited (documents/party-copy.ts; migration 034); null without a vendor. */
  party: string | null;
  tax_id: string | null;
  is_inclusive_tax: Flag;
  place_of_supply: string;
  supply_type: string;
  is_rcm: Flag;
  /** Reverse-charge rate, percent × 100. */
  rcm_rate_centi: number | null;
  /** The CGST Act section 17(5) clause, e.g. `17(5)(b)`. */
  itc_blocked_reason: string | null;
  /** 1 when created or updated with line_items (the header amount is then not used). */
  itemized: Flag;
  /** Σ amounts as entered. */
  amount: number;
  sub_total: number;
  tax_total: number;
  cgst_total: number;
  sgst_total: number;
  igst_total: number;
  /** What left the paid-through account. */
  total: number;
  /** RECORDED, or DELETED (reversed; kept as the source of its journal entries). */
  status: string;
  notes: string | null;
  version: number;
  created_time: string;
  last_modified_time: string;
}

export interface ExpenseLinesTable {
  org_id: string;
  line_item_id: string;
  expense_id: string;
  position: number;
  /** The account posted to; inherits_account 1 when it is the header's. */
  account_id: string;
  inherits_account: Flag;
  /** The tax applied (null: untaxed); inherits_tax 1 when it is the header's. */
  tax_id: string | null;
  inherits_tax: Flag;
  tax_rate_centi: number;
  note: string | null;
  amount: number;
  /** Net of tax. */
  item_total: number;
  tax: number;
  cgst: number;
  sgst: number;
  igst: number;
  /** What this line took out of the paid-through account. */
  total: number;
}

/** The vendor, GST and totals columns shared by bills and purchase orders. */
export interface PurchaseHeaderColumns {
  org_id: string;
  branch_id: string;
  vendor_id: string;
  vendor_name: string;
  reference_number: string | null;
  place_of_supply: string;
  supply_type: string;
  sub_total: number;
  tax_total: number;
  cgst_total: number;
  sgst_total: number;
  igst_total: number;
  /** Σ lines' cess, part of tax_total (migration 045). */
  cess_total: number;
  total: number;
  status: string;
  notes: string | null;
  version: number;
  created_time: string;
  last_modified_time: string;
}

export interface BillsTable extends PurchaseHeaderColumns, TransportColumns {
  bill_id: string;
  /** The vendor's gst_treatment when the bill was made. */
  gst_treatment: string | null;
  /** The party as it was when the document was issued (documents/party-copy.ts PartyCopy, JSON text; migration 034). */
  party: string | null;
  /** Line amounts were entered inclusive of tax. */
  is_inclusive_tax: Flag;
  /** The vendor's own invoice number when given, else one of ours (BILL-000001). */
  bill_number: string;
  bill_date: string;
  due_date: string;
  currency_code: string;
  exchange_rate_micro: number;
  /** Manual only: bills are never auto-rounded. */
  round_off: number;
  payment_made: number;
  vendor_credits_applied: number;
  balance: number;
  purchase_order_id: string | null;
  /** Reverse charge (CGST s.9(3)/(4), IGST s.5(3)/(4)): the tax is self-assessed, not owed to the vendor. */
  is_rcm: Flag;
  /** INVOICE, or SUPPLIER_DEBIT_NOTE: the supplier's debit note raising original_bill_id (CGST s.34(3); migration 052). */
  document_type: string;
  original_bill_id: string | null;
}

export interface BillLinesTable extends DocumentLineColumns {
  org_id: string;
  bill_id: string;
  position: number;
  /** The CGST s.17(5) clause that blocks this line's credit; its GST is then part of the line's cost. */
  itc_blocked_reason: string | null;
}

export interface PurchaseOrdersTable extends PurchaseHeaderColumns {
  purchase_order_id: string;
  purchase_order_number: string;
  order_date: string;
  expected_date: string | null;
  bill_id: string | null;
}

export interface PurchaseOrderLinesTable extends DocumentLineColumns {
  org_id: string;
  purchase_order_id: string;
  position: number;
}

export interface PaymentsTable {
  org_id: string;
  payment_id: string;
  /** INCOMING (customer receipt) or OUTGOING (vendor payment). */
  flow: string;
  payment_type: string;
  contact_id: string;
  contact_name: string;
  payment_date: string;
  /** In currency_code. */
  amount: number;
  mode: string;
  reference_number: string | null;
  description: string | null;
  currency_code: string;
  exchange_rate_micro: number;
  bank_charges: number;
  tds_amount: number;
  /** What its live allocations leave of amount (032-open-items). */
  unapplied_amount: number;
  bank_account_id: string;
  /** The branch whose bank received or paid it. */
  branch_id: string;
  /** A deleted payment's entries are reversed; the row stays for the audit trail. */
  deleted: Flag;
  /** GOODS or SERVICES on a customer receipt marked as an advance (migration 044), else null. */
  advance_for: string | null;
  /** An advance for services: its place of supply (IN-XX), INTRA or INTER, and rate (percent × 100). */
  advance_place_of_supply: string | null;
  advance_supply_type: string | null;
  advance_rate_centi: number | null;
  /** The tax on the whole receipt as its entry posts it (CGST Rule 50), paise; 0 on any other payment. */
  advance_taxable: number;
  advance_igst: number;
  advance_cgst: number;
  advance_sgst: number;
  /** The receipt voucher's number (Rule 50) and the series it came from. */
  voucher_number: string | null;
  voucher_series_id: string | null;
  version: number;
  created_time: string;
  last_modified_time: string;
}

export interface PaymentAllocationsTable {
  org_id: string;
  allocation_id: string;
  payment_id: string;
  invoice_id: string | null;
  bill_id: string | null;
  /** What the allocation takes from the payment (counts against its unapplied balance). */
  amount: number;
  /** What it takes off the document's balance; differs from amount by a round-off. */
  document_amount: number;
  round_off_amount: number;
  released: Flag;
  created_time: string;
  /** The advance's tax this allocation took back (an advance for services adjusted against an invoice; migration 044), paise. */
  advance_taxable: number;
  advance_igst: number;
  advance_cgst: number;
  advance_sgst: number;
  /** The date its entry is dated (the later of the payment's and the invoice's); null before migration 044. */
  applied_date: string | null;
}

/** The part of an advance received that was paid back (CGST Rule 51; migration 047); amounts in paise. */
export interface AdvanceRefundsTable {
  org_id: string;
  refund_id: string;
  payment_id: string;
  /** The receipt's branch, whose books and registration the refund is in. */
  branch_id: string;
  refund_date: string;
  amount: number;
  /** The advance's tax the refund took back (an advance for services), else 0. */
  advance_taxable: number;
  advance_igst: number;
  advance_cgst: number;
  advance_sgst: number;
  /** The BANK or CASH account the money left from. */
  paid_through_account_id: string;
  reference: string | null;
  /** The refund voucher's number and series; null for an advance that had no receipt voucher (goods). */
  voucher_number: string | null;
  voucher_series_id: string | null;
  created_time: string;
}

/** What credit and debit notes share; amounts in paise, in the note's currency. */
export interface NoteColumns {
  org_id: string;
  branch_id: string;
  /** The customer (customer credit note) or the vendor (vendor credit note, debit note). */
  contact_id: string;
  contact_name: string;
  invoice_id: string | null;
  bill_id: string | null;
  note_date: string;
  reference_number: string | null;
  place_of_supply: string;
  supply_type: string;
  /** SALES_RETURN_IN (customer side) or PURCHASE_RETURN_OUT (vendor side); lines say which goods come back. */
  stock_direction: string;
  currency_code: string;
  exchange_rate_micro: number;
  /** The contact's gst_treatment when the note was made. */
  gst_treatment: string | null;
  /** The party as it was when the document was issued (documents/party-copy.ts PartyCopy, JSON text; migration 034). */
  party: string | null;
  sub_total: number;
  tax_total: number;
  cgst_total: number;
  sgst_total: number;
  igst_total: number;
  /** Σ lines' cess, part of tax_total (migration 045). */
  cess_total: number;
  total: number;
  applied_amount: number;
  balance_amount: number;
  /** ISSUED, APPLIED or CANCELLED (DRAFT is in the spec's list but notes are created ISSUED). */
  status: string;
  notes: string | null;
  version: number;
  created_time: string;
  last_modified_time: string;
}

export interface CreditNotesTable extends NoteColumns {
  credit_note_id: string;
  credit_note_number: string;
  /** CUSTOMER or VENDOR: whose credit it is. */
  note_type: string;
  /** Its invoice's export_type (WPAY, WOPAY), or its own routing's; null otherwise. */
  export_type: string | null;
}

/** How a note's line is bound to its parent's line (migration 021). */
export interface NoteLineBinding {
  /** The invoice or bill line this line corrects; null on a free-form note's line. */
  parent_line_item_id: string | null;
  /** 1: credits taxable value alone (a price revision, or an unbound line that restocks no item of its own: 038); 0: goods. */
  value_only: Flag;
}

export interface CreditNoteLinesTable extends DocumentLineColumns, NoteLineBinding {
  org_id: string;
  credit_note_id: string;
  position: number;
  restock: Flag;
}

export interface DebitNotesTable extends NoteColumns {
  debit_note_id: string;
  debit_note_number: string;
  /** CUSTOMER (CGST s.34(3): ours, raising an invoice) or VENDOR (raised to a vendor against a bill); migration 041. */
  note_type: string;
  /** A customer debit note's invoice's export_type (WPAY, WOPAY); null otherwise. */
  export_type: string | null;
}

export interface DebitNoteLinesTable extends DocumentLineColumns, NoteLineBinding {
  org_id: string;
  debit_note_id: string;
  position: number;
  restock: Flag;
}

/** One application of a credit note to an invoice (customer side) or a bill (vendor side). */
export interface CreditNoteApplicationsTable {
  org_id: string;
  application_id: string;
  credit_note_id: string;
  invoice_id: string | null;
  bill_id: string | null;
  amount: number;
  created_time: string;
  /** 1 once unapplied (030-note-unapply). */
  released: Flag;
}

/** One application of a debit note to its vendor's bill. */
export interface DebitNoteApplicationsTable {
  org_id: string;
  application_id: string;
  debit_note_id: string;
  bill_id: string;
  amount: number;
  created_time: string;
  /** 1 once unapplied (030-note-unapply). */
  released: Flag;
}

/** What the IRP answered for an invoice's e-invoice (026-einvoice-irn). */
export interface EInvoiceIrnsTable {
  org_id: string;
  /** The invoice's or credit note's id (migration 027). */
  document_id: string;
  /** INVOICE or CREDIT_NOTE. */
  document_type: string;
  irn: string;
  ack_no: string;
  /** ISO timestamp: the 24 hours for cancelling run from it. */
  ack_date: string;
  signed_qr_code: string;
  /** ACTIVE or CANCELLED. */
  status: string;
  /** 1 duplicate, 2 data entry mistake, 3 order cancelled, 4 other. */
  cancel_reason: number | null;
  cancel_remarks: string | null;
  cancelled_time: string | null;
  created_time: string;
}

export interface WebhookEndpointsTable {
  org_id: string;
  endpoint_id: string;
  url: string;
  /** JSON array of event types. */
  events: string;
  /** AES-256-GCM sealed signing secret (src/kernel/secret-box.ts). */
  secret_sealed: string;
  created_time: string;
  deleted_time: string | null;
}

export interface WebhookDeliveriesTable {
  org_id: string;
  delivery_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  /** The exact body sent (and signed) on every attempt. */
  body: string;
  status: string;
  attempts: number;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  last_response_status: number | null;
  created_time: string;
}

export interface WebhookAttemptsTable {
  org_id: string;
  delivery_id: string;
  attempt_no: number;
  attempted_at: string;
  response_status: number | null;
  latency_ms: number;
  response_body: string | null;
  error: string | null;
}

/** A recurring schedule; template_payload is the create body every run uses (JSON). */
export interface RecurringSchedulesTable {
  org_id: string;
  recurring_id: string;
  entity_type: string;
  name: string;
  frequency: string;
  interval_count: number;
  start_date: string;
  end_date: string | null;
  /** 09:00 IST of the next slot; null when the schedule has ended (end_date or max_runs). */
  next_run_at: string | null;
  last_run_at: string | null;
  /** The slot date of the last run. */
  last_run_date: string | null;
  is_active: Flag;
  template_entity_id: string | null;
  template_payload: string;
  run_count: number;
  max_runs: number | null;
  auto_charge: Flag;
  created_time: string;
  last_modified_time: string;
}

/** One row per (schedule, slot date), inserted with the generated document: never twice. */
export interface RecurringRunsTable {
  org_id: string;
  recurring_id: string;
  run_date: string;
  generated_entity_id: string;
  created_time: string;
}

/** A plain-text comment on a document; only its latest body is kept. */
export interface CommentsTable {
  org_id: string;
  comment_id: string;
  entity_type: string;
  entity_id: string;
  body: string;
  author_user_id: string;
  created_time: string;
  last_modified_time: string;
}

/** A file's metadata; the bytes live in the blob store under storage_key (generated, never the user's name). */
export interface AttachmentsTable {
  org_id: string;
  attachment_id: string;
  entity_type: string;
  entity_id: string;
  /** The cleaned name shown to users: no path, no control or bidi characters, length-bounded. */
  filename: string;
  /** Decided from the bytes, never from the client's claim. */
  content_type: string;
  size_bytes: number;
  sha256: string;
  description: string | null;
  storage_key: string;
  uploaded_by_user_id: string | null;
  created_time: string;
}

export interface Tables {
  system_settings: SystemSettingsTable;
  orgs: OrgsTable;
  period_locks: PeriodLocksTable;
  filed_returns: FiledReturnsTable;
  gstr2b_returns: Gstr2bReturnsTable;
  gstr2b_documents: Gstr2bDocumentsTable;
  bills_of_entry: BillsOfEntryTable;
  itc_reversals: ItcReversalsTable;
  bill_of_entry_bills: BillOfEntryBillsTable;
  ims_actions: ImsActionsTable;
  users: UsersTable;
  api_tokens: ApiTokensTable;
  branches: BranchesTable;
  periods: PeriodsTable;
  accounts: AccountsTable;
  taxes: TaxesTable;
  invoice_series: InvoiceSeriesTable;
  contacts: ContactsTable;
  contact_persons: ContactPersonsTable;
  items: ItemsTable;
  activity: ActivityTable;
  outbox_events: OutboxEventsTable;
  idempotency_keys: IdempotencyKeysTable;
  rate_limit_windows: RateLimitWindowsTable;
  journals: JournalsTable;
  journal_lines: JournalLinesTable;
  ledger_balances: LedgerBalancesTable;
  document_counters: DocumentCountersTable;
  issued_numbers: IssuedNumbersTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  estimates: EstimatesTable;
  estimate_lines: EstimateLinesTable;
  sales_orders: SalesOrdersTable;
  sales_order_lines: SalesOrderLinesTable;
  delivery_challans: DeliveryChallansTable;
  delivery_challan_lines: DeliveryChallanLinesTable;
  bills: BillsTable;
  bill_lines: BillLinesTable;
  purchase_orders: PurchaseOrdersTable;
  purchase_order_lines: PurchaseOrderLinesTable;
  expenses: ExpensesTable;
  expense_lines: ExpenseLinesTable;
  credit_notes: CreditNotesTable;
  credit_note_lines: CreditNoteLinesTable;
  debit_notes: DebitNotesTable;
  debit_note_lines: DebitNoteLinesTable;
  credit_note_applications: CreditNoteApplicationsTable;
  debit_note_applications: DebitNoteApplicationsTable;
  einvoice_irns: EInvoiceIrnsTable;
  payments: PaymentsTable;
  payment_allocations: PaymentAllocationsTable;
  advance_refunds: AdvanceRefundsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  recurring_schedules: RecurringSchedulesTable;
  recurring_runs: RecurringRunsTable;
  comments: CommentsTable;
  attachments: AttachmentsTable;
  itc_links: ItcLinksTable;
  bank_statements: BankStatementsTable;
  bank_transactions: BankTransactionsTable;
  bank_matches: BankMatchesTable;
  bank_reconciliations: BankReconciliationsTable;
  bank_rules: BankRulesTable;
  imports: ImportsTable;
  opening_balances: OpeningBalancesTable;
  opening_items: OpeningItemsTable;
  import_issues: ImportIssuesTable;
  import_keys: ImportKeysTable;
}
