import { describe, expect, it } from 'vitest';
import { relatedOf } from './related';
import { documentTitle } from './document-title';
import { KINDS } from './kinds';
import { readable } from './words';

describe('the documents a document names', () => {
  it('finds the orders and invoice a document refers to, but not itself', () => {
    const bill = { bill_id: 'bill_1', purchase_order_id: 'po_1', original_bill_id: null, invoice_id: '' };
    expect(relatedOf(bill, 'bill_1')).toEqual([{ kind: 'purchase_orders', id: 'po_1', label: 'Purchase order' }]);
  });

  it('lists the bills a bill of entry covers and what a payment was applied to, with the amount', () => {
    expect(relatedOf({ bill_of_entry_id: 'boe_1', bill_ids: ['bill_7'] }, 'boe_1')).toEqual([{ kind: 'bills', id: 'bill_7', label: 'Bill' }]);
    const payment = { payment_id: 'pay_1', allocations: [{ invoice_id: 'inv_1', bill_id: null, amount: 5000 }, { invoice_id: null, bill_id: 'bill_2', amount: 250.5 }] };
    expect(relatedOf(payment, 'pay_1')).toEqual([
      { kind: 'invoices', id: 'inv_1', label: 'Applied to invoice', amount: 5000 },
      { kind: 'bills', id: 'bill_2', label: 'Applied to bill', amount: 250.5 },
    ]);
  });
});

describe('names and words', () => {
  it('calls a document by its number, or by its kind and day when it has none', () => {
    expect(documentTitle(KINDS.invoices, { invoice_number: 'INV-26-27-00001', date: '2026-06-15T00:00:00' })).toBe('INV-26-27-00001');
    expect(documentTitle(KINDS.expenses, { reference_number: null, date: '2026-07-01T00:00:00' })).toBe('Expense of 01/07/2026');
  });

  it('turns an API code into words', () => {
    expect(readable('PARTIALLY_PAID')).toBe('Partially paid');
    expect(readable('customer')).toBe('Customer');
    expect(readable(null)).toBe('');
  });
});
