import type { LocalDate } from '../../kernel/local-date';

/**
 * docs/rules/documents-and-notes.md, "OVERDUE": an approved document with a balance above 0 whose due date (IST) has passed
 * shows OVERDUE, in responses and list filters. It is never stored: `open` names the stored
 * statuses that still owe money (invoices: SENT, PARTIALLY_PAID; bills: OPEN, PARTIALLY_PAID).
 */
export function displayedStatus(status: string, open: readonly string[], balance: number, dueDate: LocalDate, today: LocalDate): string {
  return open.includes(status) && balance > 0 && dueDate < today ? 'OVERDUE' : status;
}
