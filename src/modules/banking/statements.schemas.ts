import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, Text } from '../../http/schema-kit';
import { StringEnum } from '../../http/schema-kit';
import { PRESET_NAMES } from './statement-presets.rules';
import { STATEMENT_FORMATS } from './statement.types';

/* Bank statements imported for an account (docs/rules/banking.md, "Statements in"). */

const Header = { ...Text(100, 1), description: "A column's header as the file writes it (case, spaces and punctuation aside)" };

/** Which header names each column: any role may be given, and each overrides the preset's. */
export const ColumnMapping = Body({
  date: Type.Optional(Header),
  value_date: Type.Optional(Header),
  narration: Type.Optional(Header),
  reference: Type.Optional(Header),
  withdrawal: Type.Optional({ ...Header, description: 'Money out, written positive' }),
  deposit: Type.Optional({ ...Header, description: 'Money in, written positive' }),
  amount: Type.Optional({ ...Header, description: 'One amount column instead of withdrawal and deposit: Cr/Dr beside it, a dr_cr column or its sign (negative is money out) says which way' }),
  dr_cr: Type.Optional({ ...Header, description: 'The column saying Dr or Cr (Debit or Credit) for the amount column' }),
  balance: Type.Optional({ ...Header, description: 'The running balance after the line' }),
});
export type ColumnMapping = Static<typeof ColumnMapping>;

const Format = StringEnum(STATEMENT_FORMATS, 'The file\'s format; found from its bytes (and name) when absent');
const Preset = StringEnum(PRESET_NAMES, 'The bank whose download the file is; found from the header row when absent');

/** The text parts of the upload form, checked once the form has been read; mapping is JSON text, checked against ColumnMapping. */
export const StatementUploadFields = Body({
  format: Type.Optional(Format),
  preset: Type.Optional(Preset),
  mapping: Type.Optional({ ...Text(4000, 2), description: 'A column mapping, as JSON text' }),
  file_name: Type.Optional({ ...Text(255, 1), description: "The file's name, when not the one its part carries" }),
});
export type StatementUploadFields = Static<typeof StatementUploadFields>;

/** The whole form, as documented in OpenAPI. */
export const StatementUploadForm = Type.Object({
  file: Type.String({ format: 'binary', description: 'The statement file, at most 20 MB: CSV or XLSX (the bank\'s download), OFX, camt.053 or MT940' }),
  format: Type.Optional(Format),
  preset: Type.Optional(Preset),
  mapping: Type.Optional(Type.String({ description: `A JSON object naming the header of each column it overrides: ${Object.keys(ColumnMapping.properties).join(', ')}` })),
  file_name: Type.Optional(Type.String()),
}, { required: ['file'] });

export const BankStatement = Named('BankStatement', Strict({
  statement_id: Type.String(),
  account_id: Type.String(),
  format: Type.String({ description: 'CSV, XLSX, OFX, CAMT053 or MT940' }),
  preset: NullableOf(Type.String({ description: 'The bank preset the file was read with; null for a mapping alone or a format with its own fields' })),
  file_name: NullableOf(Type.String()),
  from_date: NullableOf(Type.String({ format: 'date', description: "The first line's date" })),
  to_date: NullableOf(Type.String({ format: 'date', description: "The last line's date" })),
  opening_balance: NullableOf({ ...Amount, description: 'Rupees: the balance before the first line, as the file states it or its first running balance implies' }),
  closing_balance: NullableOf({ ...Amount, description: 'Rupees: the balance after the last line' }),
  lines: Type.Integer({ description: 'Lines in the file' }),
  new_lines: Type.Integer({ description: 'Lines stored by this import: those not already stored from an overlapping statement' }),
  matched: Type.Integer({ description: 'Lines matched on import (rules, bankAutoMatchOnImport)' }),
  created_time: Timestamp,
}, 'A bank statement file imported for a BANK or CASH account.'));
