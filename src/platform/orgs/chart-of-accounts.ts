/**
 * The account types the public spec names, plus those its list lacks and a real chart needs
 * (docs/rules/reports.md, "Account types"): FIXED_ASSET and its contra-asset ACCUMULATED_DEPRECIATION
 * (credit-natured), and six placed on the balance sheet by Schedule III; and the chart every new organisation starts
 * with. `key` is how code finds a system account (e.g. the AR control account) whatever
 * the operator later names it.
 */
export const ACCOUNT_TYPES = [
  'BANK', 'CASH', 'ACCOUNTS_RECEIVABLE', 'STOCK', 'GST_ASSET', 'TDS_ASSET', 'ACCOUNTS_PAYABLE',
  'GST_LIABILITY', 'TDS_LIABILITY', 'SALES', 'INCOME', 'OTHER_INCOME', 'EXPENSE', 'COST_OF_GOODS_SOLD',
  'OTHER_EXPENSE', 'EQUITY', 'RETAINED_EARNINGS', 'FIXED_ASSET', 'ACCUMULATED_DEPRECIATION',
  'OTHER_CURRENT_ASSET', 'INVESTMENT', 'OTHER_CURRENT_LIABILITY', 'LONG_TERM_LIABILITY', 'PROVISION', 'SUSPENSE',
] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export interface SeedAccount {
  key: string;
  name: string;
  type: AccountType;
  code: string;
}

/*
 * Advances are party balances, as in Tally's sundry debtors and creditors: money a
 * customer paid ahead sits beside receivables (a credit balance), and the mirror for
 * vendors, so that a party's statement shows its advances beside its documents.
 */
export const SEED_ACCOUNTS: readonly SeedAccount[] = [
  { key: 'bank', name: 'Bank', type: 'BANK', code: '1010' },
  { key: 'petty_cash', name: 'Petty Cash', type: 'CASH', code: '1020' },
  { key: 'accounts_receivable', name: 'Accounts Receivable', type: 'ACCOUNTS_RECEIVABLE', code: '1100' },
  { key: 'advances_from_customers', name: 'Advances from Customers', type: 'ACCOUNTS_RECEIVABLE', code: '1110' },
  { key: 'inventory', name: 'Inventory', type: 'STOCK', code: '1200' },
  { key: 'cgst_input', name: 'CGST Input', type: 'GST_ASSET', code: '1310' },
  { key: 'sgst_input', name: 'SGST Input', type: 'GST_ASSET', code: '1320' },
  { key: 'igst_input', name: 'IGST Input', type: 'GST_ASSET', code: '1330' },
  { key: 'rcm_input', name: 'Input GST under reverse charge', type: 'GST_ASSET', code: '1340' },
  // Compensation cess, a levy apart from GST (GST (Compensation to States) Act 2017, s.8): its own credit and liability.
  { key: 'cess_input', name: 'Input Cess', type: 'GST_ASSET', code: '1350' },
  // Credit given back under Rule 37 (CGST Rules) while a bill stays unpaid: it waits here to be taken again once paid.
  { key: 'itc_reversed_rule37', name: 'ITC reversed under Rule 37', type: 'GST_ASSET', code: '1360' },
  { key: 'tds_receivable', name: 'TDS Receivable', type: 'TDS_ASSET', code: '1400' },
  { key: 'fixed_assets', name: 'Fixed Assets', type: 'FIXED_ASSET', code: '1500' },
  { key: 'accumulated_depreciation', name: 'Accumulated Depreciation', type: 'ACCUMULATED_DEPRECIATION', code: '1510' },
  { key: 'accounts_payable', name: 'Accounts Payable', type: 'ACCOUNTS_PAYABLE', code: '2100' },
  { key: 'advances_to_vendors', name: 'Advances to Vendors', type: 'ACCOUNTS_PAYABLE', code: '2110' },
  { key: 'cgst_output', name: 'CGST Output', type: 'GST_LIABILITY', code: '2310' },
  { key: 'sgst_output', name: 'SGST Output', type: 'GST_LIABILITY', code: '2320' },
  { key: 'igst_output', name: 'IGST Output', type: 'GST_LIABILITY', code: '2330' },
  { key: 'rcm_payable', name: 'GST payable under reverse charge', type: 'GST_LIABILITY', code: '2340' },
  { key: 'cess_output', name: 'Output Cess', type: 'GST_LIABILITY', code: '2350' },
  { key: 'tds_payable', name: 'TDS Payable', type: 'TDS_LIABILITY', code: '2400' },
  { key: 'owners_equity', name: "Owner's Equity", type: 'EQUITY', code: '3100' },
  { key: 'opening_balance_equity', name: 'Opening Balance Equity', type: 'EQUITY', code: '3200' },
  { key: 'retained_earnings', name: 'Retained Earnings', type: 'RETAINED_EARNINGS', code: '3300' },
  // What one branch owes another (docs/rules/ledger-and-periods.md, "Books per registration"); nets to zero across the organisation.
  { key: 'inter_branch', name: 'Inter-branch Transfers', type: 'EQUITY', code: '3400' },
  { key: 'sales', name: 'Sales', type: 'SALES', code: '4100' },
  { key: 'service_income', name: 'Service Income', type: 'INCOME', code: '4200' },
  { key: 'other_income', name: 'Other Income', type: 'OTHER_INCOME', code: '4300' },
  { key: 'purchases', name: 'Purchases', type: 'COST_OF_GOODS_SOLD', code: '5100' },
  { key: 'cost_of_goods_sold', name: 'Cost of Goods Sold', type: 'COST_OF_GOODS_SOLD', code: '5200' },
  { key: 'general_expenses', name: 'General Expenses', type: 'EXPENSE', code: '6100' },
  { key: 'bank_charges', name: 'Bank Charges', type: 'EXPENSE', code: '6200' },
  { key: 'round_off', name: 'Round Off', type: 'OTHER_EXPENSE', code: '6900' },
  { key: 'exchange_gain_loss', name: 'Exchange Gain or Loss', type: 'OTHER_EXPENSE', code: '6910' },
  // Tax on the profit (Schedule III, Part II, "Tax expense"): the profit and loss shows it below profit before tax.
  { key: 'income_tax_expense', name: 'Income Tax Expense', type: 'OTHER_EXPENSE', code: '6950' },
];

/** GST rates a new organisation gets, as percent × 100; each a TAXABLE supply (0% is zero-rated). */
export const SEED_TAX_RATES_CENTI: readonly number[] = [0, 25, 300, 500, 1200, 1800, 2800, 4000];

/**
 * What kind of supply a tax marks. GSTR-1 `nil` and GSTR-3B 3.1(c)/(e) report nil-rated,
 * exempt and non-GST supplies apart from zero-rated (taxable at 0%) ones, so each has a tax
 * of its own and a line keeps the tax id it was priced with.
 */
export const TAX_SUPPLY_TYPES = ['TAXABLE', 'NIL_RATED', 'EXEMPT', 'NON_GST'] as const;
export type TaxSupplyType = (typeof TAX_SUPPLY_TYPES)[number];

/** The 0% taxes of the non-taxable kinds every organisation has beside its GST rates. */
export const SEED_NON_TAXABLE: readonly { name: string; supplyType: TaxSupplyType }[] = [
  { name: 'Nil rated 0%', supplyType: 'NIL_RATED' },
  { name: 'Exempt 0%', supplyType: 'EXEMPT' },
  { name: 'Non-GST 0%', supplyType: 'NON_GST' },
];

export const formatPercent = (rateCenti: number): string => String(rateCenti / 100);
