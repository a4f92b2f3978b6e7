import { invalidState, invalidValue } from '../../kernel/errors';
import type { LocalDate } from '../../kernel/local-date';

/*
 * Where an uploaded file goes (docs/rules/itc-reconciliation.md, "GSTR-2B in"): the portal
 * splits a large month into `fc` files, all parts of one 2B generated on one day; another
 * generation of the month, or the month again once every part is in, is a new upload that
 * replaces the current one.
 */

export interface MonthUpload { generatedOn: LocalDate; fileCount: number; receivedParts: readonly number[] }

/** Joining the current upload (`join`), or starting a new one; the part's number and the parts received with it. */
export interface Placement { join: boolean; part: number; parts: number[] }

export function placePart(current: MonthUpload | null, file: Omit<MonthUpload, 'receivedParts'>, asked: number | undefined): Placement {
  if (asked !== undefined && asked > file.fileCount) {
    throw invalidValue('part', `part must be between 1 and ${file.fileCount}: the file says the month comes in ${file.fileCount} file(s) (data.fc)`);
  }
  const waiting = current !== null && current.generatedOn === file.generatedOn && current.receivedParts.length < current.fileCount;
  if (!waiting) return { join: false, part: asked ?? 1, parts: [asked ?? 1] };
  if (current.fileCount !== file.fileCount) {
    throw invalidValue('data.fc', `data.fc is ${file.fileCount}, but the parts of this 2B already received say ${current.fileCount}`);
  }
  const part = asked ?? Array.from({ length: current.fileCount }, (_, i) => i + 1).find((n) => !current.receivedParts.includes(n))!;
  if (current.receivedParts.includes(part)) {
    throw invalidState(`Part ${part} of this GSTR-2B is already received: upload the parts still missing`, { received_parts: [...current.receivedParts] });
  }
  return { join: true, part, parts: [...current.receivedParts, part].sort((a, b) => a - b) };
}
