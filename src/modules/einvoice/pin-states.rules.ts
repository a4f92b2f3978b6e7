/*
 * Which states a PIN's first two digits belong to: India Post's PIN zones (India Post, "Postal
 * Index Number", the sub-regions of the nine PIN zones), as GST state codes. A prefix lists every
 * state it reaches, since circles cross state lines (Goa in 40x, Puducherry's enclaves in 53x,
 * 60x and 67x, Sikkim and the Andamans in 73x–74x). 90–99 are the Army Postal Service's, any state.
 * A PIN outside its state's prefixes is a warning, never a refusal (docs/rules/einvoice-ewaybill.md, "What the IRP checks").
 */
const ranges: ReadonlyArray<[from: number, to: number, states: readonly string[]]> = [
  [11, 11, ['07']], [12, 13, ['06']], [14, 15, ['03']], [16, 16, ['03', '04', '06']], [17, 17, ['02']], [18, 19, ['01', '38']],
  [20, 28, ['09', '05']], [30, 34, ['08']], [36, 39, ['24', '26', '25']], [40, 44, ['27', '30']], [45, 48, ['23']], [49, 49, ['22']],
  [50, 53, ['36', '37', '34']], [56, 59, ['29']], [60, 64, ['33', '34']], [67, 69, ['32', '31', '34']], [70, 74, ['19', '11', '35']],
  [75, 77, ['21']], [78, 78, ['18']], [79, 79, ['12', '13', '14', '15', '16', '17', '18']], [80, 85, ['10', '20']],
];

/** The GST state codes a PIN's prefix belongs to; null when the prefix is not a state's (an Army Post Office PIN, 90–99). */
export function statesOfPin(pin: number): readonly string[] | null {
  const prefix = Math.floor(pin / 10_000);
  return ranges.find(([from, to]) => prefix >= from && prefix <= to)?.[2] ?? null;
}

/** Whether a 6-digit PIN may be in the state: true also when the table cannot say. */
export const pinFitsState = (pin: number, stcd: string): boolean => statesOfPin(pin)?.includes(stcd) ?? true;
