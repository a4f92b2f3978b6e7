/**
 * The rules of an IRN once the IRP has issued it (docs/rules/einvoice-ewaybill.md, "The IRN"):
 * it can be cancelled on the IRP only within 24 hours of its acknowledgement, for one of four
 * reasons, with remarks of at most 100 characters; later, only a credit note undoes the supply.
 */
export const CANCEL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The IRP's cancellation reasons (CnlRsn). */
export const CANCEL_REASONS = { 1: 'Duplicate', 2: 'Data entry mistake', 3: 'Order cancelled', 4: 'Other' } as const;

/** An acknowledgement date-time as sent: with Z or an offset it is an instant; without one it is India time, as the IRP answers. */
export function ackInstantOf(input: string): Date {
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(input);
  return new Date(zoned ? input : `${input}+05:30`);
}

/** Whether an IRN acknowledged at `ackDate` can still be cancelled on the IRP at `now`. */
export function withinCancelWindow(ackDate: Date, now: Date): boolean {
  return now.getTime() - ackDate.getTime() <= CANCEL_WINDOW_MS;
}

/** The body of the IRP's Cancel IRN call. */
export function cancellationPayload(irn: string, reason: number, remarks: string) {
  return { Irn: irn, CnlRsn: String(reason), CnlRem: remarks };
}
