import type { CellKind } from './cell-values.rules';
import type { ImportKind } from './import-unit';

/**
 * A template column: its header, the create body's field it fills (`line_items[].rate` for a
 * field of each line), how its cell is read, and the example row's cell.
 */
export interface TemplateColumn {
  header: string;
  field: string;
  cell: CellKind;
  example: string;
  /** Without it no row can be created: a file that lacks the column is refused whole. */
  required?: true;
}

/** A spreadsheet kind's template (docs/rules/imports.md, "Templates"). */
export interface KindTemplate {
  columns: readonly TemplateColumn[];
  /** The column whose rows, sharing a value, make one multi-line document; it is the document's row key. */
  groupBy?: string;
  /** The row key when the file has no id column and the kind no grouping column: the record's natural name. */
  naturalKey?: readonly string[];
  /** Body fields every unit of the kind carries. */
  fixed?: Readonly<Record<string, unknown>>;
}

const col = (header: string, field: string, cell: CellKind, example: string, required?: true): TemplateColumn => ({ header, field, cell, example, ...(required && { required }) });
const ref = (target: Extract<CellKind, object>['ref']): CellKind => ({ ref: target });

/** The columns of a sales or purchase document's line. */
const documentLines = (account: string, example: string): TemplateColumn[] => [
  col('item', 'line_items[].item_id', ref('item'), ''),
  col('line_name', 'line_items[].name', 'text', 'Consulting'),
  col('description', 'line_items[].description', 'text', ''),
  col('hsn_or_sac', 'line_items[].hsn_or_sac', 'text', '998311'),
  col('quantity', 'line_items[].quantity', 'number', '2'),
  col('unit', 'line_items[].unit', 'upper', ''),
  col('rate', 'line_items[].rate', 'amount', '₹5,000.00'),
  col('discount', 'line_items[].discount', 'amount', ''),
  col('tax', 'line_items[].tax_id', ref('tax'), '18'),
  col(account, 'line_items[].account_id', ref('account'), example),
];

const notes = (party: string, field: string): KindTemplate => ({
  groupBy: 'document_key',
  columns: [
    col('document_key', '', 'text', 'CN-1', true),
    col(party, field, ref('contact'), 'Acme Traders', true),
    col('date', 'date', 'date', '15/05/2025', true),
    col('invoice_number', 'invoice_id', ref('invoice'), 'INV-0001'),
    col('bill_number', 'bill_id', ref('bill'), ''),
    col('place_of_supply', 'place_of_supply', 'text', ''),
    col('reference_number', 'reference_number', 'text', ''),
    col('notes', 'notes', 'text', ''),
    col('item', 'line_items[].item_id', ref('item'), ''),
    col('line_name', 'line_items[].name', 'text', 'Consulting'),
    col('hsn_or_sac', 'line_items[].hsn_or_sac', 'text', '998311'),
    col('quantity', 'line_items[].quantity', 'number', '1'),
    col('rate', 'line_items[].rate', 'amount', '1,000'),
    col('tax', 'line_items[].tax_id', ref('tax'), '18'),
  ],
});

export const TEMPLATES: Readonly<Record<ImportKind, KindTemplate>> = {
  contacts: {
    naturalKey: ['contact_name', 'gst_no'],
    columns: [
      col('contact_name', 'contact_name', 'text', 'Acme Traders', true),
      col('contact_type', 'contact_type', 'upper', 'CUSTOMER'),
      col('gst_no', 'gst_no', 'upper', '29AAACA1234A1Z5'),
      col('gst_treatment', 'gst_treatment', 'text', ''),
      col('place_of_contact', 'place_of_contact', 'text', ''),
      col('pan', 'pan', 'upper', ''),
      col('email', 'email', 'text', 'accounts@acme.example'),
      col('phone', 'phone', 'text', '+91 80 4000 0000'),
      col('payment_terms', 'payment_terms', 'number', '30'),
      col('address', 'billing_address.address', 'text', '12 MG Road'),
      col('city', 'billing_address.city', 'text', 'Bengaluru'),
      col('state', 'billing_address.state_code', 'text', ''),
      col('zip', 'billing_address.zip', 'text', '560001'),
    ],
  },
  items: {
    naturalKey: ['name'],
    columns: [
      col('name', 'name', 'text', 'Consulting', true),
      col('sku', 'sku', 'text', 'CONS-1'),
      col('type', 'type', 'upper', 'SERVICE'),
      col('rate', 'rate', 'amount', '₹1,500.00', true),
      col('purchase_rate', 'purchase_rate', 'amount', ''),
      col('tax', 'tax_id', ref('tax'), '18'),
      col('hsn_sac', 'hsn_sac', 'text', '998311'),
      col('unit', 'unit', 'upper', ''),
      col('account', 'account_id', ref('account'), ''),
      col('purchase_account', 'purchase_account_id', ref('account'), ''),
    ],
  },
  accounts: {
    naturalKey: ['account_code', 'account_name'],
    columns: [
      col('account_name', 'account_name', 'text', 'Security Deposits', true),
      col('account_type', 'account_type', 'upper', 'OTHER_CURRENT_ASSET', true),
      col('account_code', 'account_code', 'text', '1450'),
    ],
  },
  // One OpeningBalancesBody from the whole file: opening-balances-sheet.rules.ts.
  opening_balances: {
    columns: [
      col('type', '', 'upper', 'ACCOUNT', true),
      col('account', 'accounts[].account_id', ref('account'), 'Capital Account'),
      col('debit', 'accounts[].debit', 'amount', ''),
      col('credit', 'accounts[].credit', 'amount', '1,00,000'),
      col('contact', 'contact_id', ref('contact'), ''),
      col('party_type', 'type', 'upper', ''),
      col('number', 'number', 'text', ''),
      col('date', 'date', 'date', ''),
      col('due_date', 'due_date', 'date', ''),
      col('place_of_supply', 'place_of_supply', 'text', ''),
      col('rate', 'taxes[].rate', 'number', ''),
      col('taxable_value', 'taxes[].taxable_value', 'amount', ''),
      col('igst', 'taxes[].igst', 'amount', ''),
      col('cgst', 'taxes[].cgst', 'amount', ''),
      col('sgst', 'taxes[].sgst', 'amount', ''),
      col('cess', 'taxes[].cess', 'amount', ''),
      col('total', 'total', 'amount', ''),
      col('open_amount', 'open_amount', 'amount', ''),
      col('amount', 'amount', 'amount', ''),
      col('reference', 'reference', 'text', ''),
    ],
  },
  invoices: {
    groupBy: 'invoice_number',
    fixed: { auto_approve: true },
    columns: [
      col('invoice_number', 'invoice_number', 'text', 'INV-0001', true),
      col('customer', 'customer_id', ref('contact'), 'Acme Traders', true),
      col('date', 'date', 'date', '05/05/2025', true),
      col('due_date', 'due_date', 'date', '04-06-2025'),
      col('place_of_supply', 'place_of_supply', 'text', '29', true),
      col('reference_number', 'reference_number', 'text', ''),
      col('notes', 'notes', 'text', ''),
      col('is_inclusive_tax', 'is_inclusive_tax', 'boolean', ''),
      ...documentLines('income_account', ''),
    ],
  },
  bills: {
    groupBy: 'document_key',
    fixed: { auto_approve: true },
    columns: [
      col('document_key', '', 'text', 'ACME/101', true),
      col('bill_number', 'bill_number', 'text', 'ACME/101'),
      col('vendor', 'vendor_id', ref('contact'), 'Acme Supplies', true),
      col('date', 'date', 'date', '5-May-2025', true),
      col('due_date', 'due_date', 'date', ''),
      col('place_of_supply', 'place_of_supply', 'text', '29', true),
      col('reference_number', 'reference_number', 'text', ''),
      col('notes', 'notes', 'text', ''),
      col('is_inclusive_tax', 'is_inclusive_tax', 'boolean', ''),
      ...documentLines('purchase_account', ''),
    ],
  },
  credit_notes: notes('customer', 'customer_id'),
  debit_notes: notes('vendor', 'vendor_id'),
  payments: {
    groupBy: 'payment_key',
    columns: [
      col('payment_key', '', 'text', 'RCPT-1', true),
      col('flow', 'flow', 'upper', 'INCOMING', true),
      col('contact', 'contact_id', ref('contact'), 'Acme Traders', true),
      col('date', 'date', 'date', '20/05/2025', true),
      col('amount', 'amount', 'amount', '11,800', true),
      col('mode', 'mode', 'upper', 'BANK_TRANSFER'),
      col('bank_account', 'bank_account_id', ref('account'), ''),
      col('reference_number', 'reference_number', 'text', 'UTR123'),
      col('description', 'description', 'text', ''),
      col('invoice_number', 'allocations[].invoice_id', ref('invoice'), 'INV-0001'),
      col('bill_number', 'allocations[].bill_id', ref('bill'), ''),
      col('allocation_amount', 'allocations[].amount', 'amount', '11,800'),
    ],
  },
  expenses: {
    groupBy: 'expense_key',
    columns: [
      col('expense_key', '', 'text', 'EXP-1', true),
      col('date', 'date', 'date', '2025-05-10', true),
      col('paid_through', 'paid_through_account_id', ref('account'), 'Petty Cash', true),
      col('account', 'account_id', ref('account'), 'Office Supplies'),
      col('amount', 'amount', 'amount', '₹590'),
      col('vendor', 'vendor_id', ref('contact'), ''),
      col('tax', 'tax_id', ref('tax'), ''),
      col('is_inclusive_tax', 'is_inclusive_tax', 'boolean', ''),
      col('place_of_supply', 'place_of_supply', 'text', ''),
      col('reference_number', 'reference_number', 'text', ''),
      col('notes', 'notes', 'text', ''),
    ],
  },
  journals: {
    groupBy: 'journal_key',
    columns: [
      col('journal_key', '', 'text', 'JV-1', true),
      col('date', 'date', 'date', '31/05/2025', true),
      col('memo', 'memo', 'text', 'Depreciation for May'),
      col('contact', 'contact_id', ref('contact'), ''),
      col('account', 'lines[].account_id', ref('account'), 'Depreciation', true),
      col('debit', 'lines[].debit', 'amount', '1,000'),
      col('credit', 'lines[].credit', 'amount', ''),
      col('description', 'lines[].description', 'text', ''),
    ],
  },
};

/** The columns of a file's own id, taken as the row key when present. */
export const ID_COLUMNS = ['id', 'external_id'] as const;
