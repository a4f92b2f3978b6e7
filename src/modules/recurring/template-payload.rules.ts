import { invalidValue } from '../../kernel/errors';
import { addDays, businessDateOf, daysBetween, type LocalDate } from '../../kernel/local-date';

/** A schedule's template: a create body of its entity type, as stored and shown. */
export type TemplatePayload = Record<string, unknown>;

/**
 * What a schedule keeps of a create body (inline or a document's snapshot). The number goes:
 * every run numbers from its series. `date` and `due_date` are kept only as a pair, for the
 * distance between them; alone, neither tells a run anything (its date is the run's day, its
 * due date the contact's payment terms).
 */
export function storedTemplate(payload: TemplatePayload): TemplatePayload {
  const { invoice_number: _invoiceNumber, bill_number: _billNumber, date, due_date: dueDate, ...rest } = payload;
  if (typeof date !== 'string' || typeof dueDate !== 'string') return rest;
  if (businessDateOf(dueDate) < businessDateOf(date)) throw invalidValue('template_payload.due_date', 'due_date is before date');
  return { ...rest, date, due_date: dueDate };
}

/**
 * The create body of one run: dated on the run's day, and due as many days later as the
 * template's due date was after its date; without that pair the create's own default (the
 * contact's payment terms) sets the due date.
 */
export function runBody(template: TemplatePayload, runDay: LocalDate): TemplatePayload {
  const { date, due_date: dueDate, ...rest } = template;
  if (typeof date !== 'string' || typeof dueDate !== 'string') return { ...rest, date: runDay };
  return { ...rest, date: runDay, due_date: addDays(runDay, daysBetween(businessDateOf(date), businessDateOf(dueDate))) };
}
