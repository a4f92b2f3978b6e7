import { toBase } from '../documents/currency.rules';
import { mirror, type PostingLine } from '../ledger/ledger.posting';
import type { AdvanceTax } from './advance.rules';

export interface AdvanceTaxAccounts { advances: string; igst: string; cgst: string; sgst: string }

/**
 * The tax on an advance for services (CGST Rule 50; docs/rules/returns-gstr1-gstr3b.md,
 * "Advances received"): Dr Advances from Customers (the customer's advance, which then holds
 * the value of the services still owed, net of the tax paid on it), Cr Output IGST, or CGST and
 * SGST. It rides on the receipt's entry. `takeBack` is the mirror, on the allocation that adjusts
 * the advance against an invoice; both stay in the books of the branch that received the money.
 */
export function advanceTaxLines(tax: AdvanceTax, contactId: string, accounts: AdvanceTaxAccounts, branchId: string, takeBack = false): PostingLine[] {
  const total = tax.igst + tax.cgst + tax.sgst;
  if (total === 0) return [];
  const lines: PostingLine[] = [
    { accountId: accounts.advances, debit: total, credit: 0, contactId, branchId, description: 'GST on advance received' },
    { accountId: accounts.igst, debit: 0, credit: tax.igst, branchId, description: 'IGST on advance received' },
    { accountId: accounts.cgst, debit: 0, credit: tax.cgst, branchId, description: 'CGST on advance received' },
    { accountId: accounts.sgst, debit: 0, credit: tax.sgst, branchId, description: 'SGST on advance received' },
  ];
  return takeBack ? mirror(lines) : lines;
}

/**
 * Paying back (part of) an advance (CGST Rule 51): Dr Advances from Customers, Cr the bank or
 * cash it left from, in the base currency. The tax on the part refunded is taken back beside it
 * (advanceTaxLines with takeBack), as an adjustment takes it back: no supply will bear it.
 */
export function refundLines(amount: number, exchangeRateMicro: number, contactId: string, accounts: { advances: string; bank: string }): PostingLine[] {
  const amountBase = toBase(amount, exchangeRateMicro);
  return [
    { accountId: accounts.advances, debit: amountBase, credit: 0, contactId, description: 'Advance refunded' },
    { accountId: accounts.bank, debit: 0, credit: amountBase, description: 'Refund paid' },
  ];
}
