import { invalidValue } from '../../kernel/errors';
import { addDays, businessDateOf, daysBetween, type LocalDate } from '../../kernel/local-date';

/** A schedule's template: a create body of its entity type, as stored and shown. */
export type TemplatePayload = Record<string, unknown>;

/**
 * The create fields a run does not take from its template, the only ones: the document's own
 * (every run numbers from its series; an export's shipping bill is one shipment's) and the dates (the run's day; the due date keeps the template's
 * distance from its date). Every other field of the template reaches the run's create as it is,
 * and a template taken from a document carries every create field but the number
 * (recurring.templates.ts), so a run makes what a create of the same body makes that day.
 */
export const RUN_OWN_FIELDS = {
  number: ['invoice_number', 'bill_number', 'shipping_bill'],
  dates: ['date', 'due_date'],
} as const;

export type NumberField = (typeof RUN_OWN_FIELDS.number)[number];

const NUMBER_FIELDS: ReadonlySet<string> = new Set(RUN_OWN_FIELDS.number);

/**
 * What a schedule keeps of a create body (inline or a document's snapshot). The number (and a shipping bill) goes.
 * `date` and `due_date` are kept only as a pair, for the distance between them; alone, neither
 * tells a run anything (its date is the run's day, its due date the contact's payment terms).
 */
export function storedTemplate(payload: TemplatePayload): TemplatePayload {
  const { date, due_date: dueDate, ...rest } = payload;
  const kept = Object.fromEntries(Object.entries(rest).filter(([field]) => !NUMBER_FIELDS.has(field)));
  if (typeof date !== 'string' || typeof dueDate !== 'string') return kept;
  if (businessDateOf(dueDate) < businessDateOf(date)) throw invalidValue('template_payload.due_date', 'due_date is before date');
  return { ...kept, date, due_date: dueDate };
}

/**
 * The create body of one run: the template with its dates replaced, dated on the run's day and
 * due as many days later as the template's due date was after its date; without that pair the
 * create's own default (the contact's payment terms) sets the due date.
 */
export function runBody(template: TemplatePayload, runDay: LocalDate): TemplatePayload {
  const { date, due_date: dueDate, ...rest } = template;
  if (typeof date !== 'string' || typeof dueDate !== 'string') return { ...rest, date: runDay };
  return { ...rest, date: runDay, due_date: addDays(runDay, daysBetween(businessDateOf(date), businessDateOf(dueDate))) };
}
