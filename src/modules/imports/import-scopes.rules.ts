import type { Scope } from '../../platform/auth/scopes';
import type { ImportKind } from './import-unit';

/**
 * The scope each kind's rows need: the one its own POST asks for (items are made under
 * Svc.invoices.CREATE, as POST /items is; opening balances under Svc.accounts.CREATE).
 */
export const IMPORT_SCOPES: Readonly<Record<ImportKind, Scope>> = {
  contacts: 'Svc.contacts.CREATE',
  items: 'Svc.invoices.CREATE',
  accounts: 'Svc.accounts.CREATE',
  opening_balances: 'Svc.accounts.CREATE',
  invoices: 'Svc.invoices.CREATE',
  bills: 'Svc.bills.CREATE',
  credit_notes: 'Svc.creditnotes.CREATE',
  debit_notes: 'Svc.debitnotes.CREATE',
  payments: 'Svc.payments.CREATE',
  expenses: 'Svc.expenses.CREATE',
  journals: 'Svc.journals.CREATE',
};

/**
 * The scopes an upload needs: its kind's, and for a Tally export every kind's it can write
 * (masters and vouchers), since one file makes all of them.
 */
export function scopesToImport(kind: string): Scope[] {
  if (kind === 'tally') return [...new Set(Object.values(IMPORT_SCOPES))];
  const own = IMPORT_SCOPES[kind as ImportKind];
  return own === undefined ? [] : [own];
}
