/*
 * The columns of a bank's statement download (docs/rules/banking.md, "Statements in"): each
 * preset names, for every role a column can play, the headers the bank writes for it. A column
 * mapping names headers too, and overrides the preset role by role.
 */

/** What a column of a statement table holds. */
export const COLUMN_ROLES = ['date', 'value_date', 'narration', 'reference', 'withdrawal', 'deposit', 'amount', 'dr_cr', 'balance'] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];

/** Headers by role: any one of them names the column. */
export type ColumnHeaders = Partial<Record<ColumnRole, readonly string[]>>;

export const PRESET_NAMES = ['HDFC', 'ICICI', 'SBI', 'AXIS', 'KOTAK'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

export const PRESETS: Readonly<Record<PresetName, ColumnHeaders>> = {
  HDFC: {
    date: ['Date'], narration: ['Narration'], reference: ['Chq./Ref.No.'], value_date: ['Value Dt', 'Value Date'],
    withdrawal: ['Withdrawal Amt.', 'Withdrawn Amt.'], deposit: ['Deposit Amt.'], balance: ['Closing Balance'],
  },
  ICICI: {
    // ICICI lists the value date first; the transaction date is the line's date.
    date: ['Transaction Date'], value_date: ['Value Date'], reference: ['Cheque Number'], narration: ['Transaction Remarks'],
    withdrawal: ['Withdrawal Amount (INR )', 'Withdrawal Amount(INR)'], deposit: ['Deposit Amount (INR )', 'Deposit Amount(INR)'], balance: ['Balance (INR )', 'Balance(INR)'],
  },
  SBI: {
    date: ['Txn Date'], value_date: ['Value Date'], narration: ['Description'], reference: ['Ref No./Cheque No.'],
    withdrawal: ['Debit'], deposit: ['Credit'], balance: ['Balance'],
  },
  AXIS: {
    date: ['Tran Date'], reference: ['Chq No', 'CHQNO'], narration: ['Particulars'], withdrawal: ['Debit', 'DR'], deposit: ['Credit', 'CR'], balance: ['Balance', 'BAL'],
  },
  KOTAK: {
    date: ['Transaction Date', 'Date'], value_date: ['Value Date'], narration: ['Description', 'Narration'], reference: ['Chq / Ref No.', 'Chq/Ref No'],
    withdrawal: ['Debit', 'Withdrawal (Dr)'], deposit: ['Credit', 'Deposit (Cr)'], amount: ['Amount'], dr_cr: ['Debit/Credit', 'Dr/Cr', 'Dr / Cr'], balance: ['Balance'],
  },
};

/**
 * A header as compared: lower case, letters, digits and slashes only, so `Chq./Ref.No.` and
 * `Chq / Ref No.` and `Withdrawal Amount (INR )` written without its space are one header each.
 */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9/]/g, '');

/** Where each role's column is in a header row: its index, for the roles the row has. */
export type ColumnPlaces = Partial<Record<ColumnRole, number>>;

/** The roles a table must have: a date, a narration, and the amount either in two columns or in one. */
export function missingRoles(places: ColumnPlaces): string[] {
  const missing: string[] = [];
  if (places.date === undefined) missing.push('date');
  if (places.narration === undefined) missing.push('narration');
  const split = places.withdrawal !== undefined && places.deposit !== undefined;
  if (!split && places.amount === undefined) missing.push('withdrawal and deposit, or amount');
  return missing;
}

/** The columns of `headers` that a set of role headers names (the first match of each role). */
export function placeColumns(row: readonly string[], headers: ColumnHeaders): ColumnPlaces {
  const keys = row.map(headerKey);
  const places: ColumnPlaces = {};
  for (const role of COLUMN_ROLES) {
    const wanted = (headers[role] ?? []).map(headerKey);
    const at = keys.findIndex((k) => k !== '' && wanted.includes(k));
    if (at >= 0) places[role] = at;
  }
  return places;
}

/** A preset with a mapping laid over it: the mapping's header replaces the preset's for each role it names. */
export function withMapping(preset: ColumnHeaders, mapping: Partial<Record<ColumnRole, string>>): ColumnHeaders {
  const merged: ColumnHeaders = { ...preset };
  for (const role of COLUMN_ROLES) {
    const header = mapping[role];
    if (header !== undefined) merged[role] = [header];
  }
  // A mapped single amount column stands instead of the preset's two, and the other way round.
  if (mapping.amount !== undefined && mapping.withdrawal === undefined) delete merged.withdrawal;
  if (mapping.amount !== undefined && mapping.deposit === undefined) delete merged.deposit;
  if ((mapping.withdrawal !== undefined || mapping.deposit !== undefined) && mapping.amount === undefined) delete merged.amount;
  return merged;
}
