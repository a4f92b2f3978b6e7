/** Which side a net (debit − credit, in paise) falls on; zero reads as a debit of 0, as on the trial balance. */
export const sideOf = (net: number): 'DEBIT' | 'CREDIT' => (net >= 0 ? 'DEBIT' : 'CREDIT');

/** Each line with the net balance after it (debit positive), continuing from `start`. */
export function withRunningBalance<T extends { debit: number; credit: number }>(lines: readonly T[], start: number): (T & { net: number })[] {
  let net = start;
  return lines.map((l) => {
    net += l.debit - l.credit;
    return { ...l, net };
  });
}
