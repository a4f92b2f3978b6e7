/**
 * The account types the public spec names, and the chart every new organisation starts
 * with. `key` is how code finds a system account (e.g. the AR control account) whatever
 * the operator later names it.
 */
export const ACCOUNT_TYPES = [
  'BANK', 'CASH', 'ACCOUNTS_RECEIVABLE', 'STOCK', 'GST_ASSET', 'TDS_ASSET', 'ACCOUNTS_PAYABLE',
  'GST_LIABILITY', 'TDS_LIABILITY', 'SALES', 'INCOME', 'OTHER_INCOME', 'EXPENSE', 'COST_OF_GOODS_SOLD',
  'OTHER_EXPENSE', 'EQUITY', 'RETAINED_EARNINGS',
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
 * vendors. This keeps every account inside the spec's closed list of types.
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
  { key: 'tds_receivable', name: 'TDS Receivable', type: 'TDS_ASSET', code: '1400' },
  { key: 'accounts_payable', name: 'Accounts Payable', type: 'ACCOUNTS_PAYABLE', code: '2100' },
  { key: 'advances_to_vendors', name: 'Advances to Vendors', type: 'ACCOUNTS_PAYABLE', code: '2110' },
  { key: 'cgst_output', name: 'CGST Output', type: 'GST_LIABILITY', code: '2310' },
  { key: 'sgst_output', name: 'SGST Output', type: 'GST_LIABILITY', code: '2320' },
  { key: 'igst_output', name: 'IGST Output', type: 'GST_LIABILITY', code: '2330' },
  { key: 'tds_payable', name: 'TDS Payable', type: 'TDS_LIABILITY', code: '2400' },
  { key: 'owners_equity', name: "Owner's Equity", type: 'EQUITY', code: '3100' },
  { key: 'opening_balance_equity', name: 'Opening Balance Equity', type: 'EQUITY', code: '3200' },
  { key: 'retained_earnings', name: 'Retained Earnings', type: 'RETAINED_EARNINGS', code: '3300' },
  { key: 'sales', name: 'Sales', type: 'SALES', code: '4100' },
  { key: 'service_income', name: 'Service Income', type: 'INCOME', code: '4200' },
  { key: 'other_income', name: 'Other Income', type: 'OTHER_INCOME', code: '4300' },
  { key: 'purchases', name: 'Purchases', type: 'COST_OF_GOODS_SOLD', code: '5100' },
  { key: 'cost_of_goods_sold', name: 'Cost of Goods Sold', type: 'COST_OF_GOODS_SOLD', code: '5200' },
  { key: 'general_expenses', name: 'General Expenses', type: 'EXPENSE', code: '6100' },
  { key: 'bank_charges', name: 'Bank Charges', type: 'EXPENSE', code: '6200' },
  { key: 'round_off', name: 'Round Off', type: 'OTHER_EXPENSE', code: '6900' },
  { key: 'exchange_gain_loss', name: 'Exchange Gain or Loss', type: 'OTHER_EXPENSE', code: '6910' },
];

/** GST rates a new organisation gets, as percent × 100. */
export const SEED_TAX_RATES_CENTI: readonly number[] = [0, 25, 300, 500, 1200, 1800, 2800, 4000];

export const formatPercent = (rateCenti: number): string => String(rateCenti / 100);
