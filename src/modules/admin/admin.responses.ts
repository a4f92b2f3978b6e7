import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../http/schema-kit';
import { Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { accountProperties, BranchAddress, HsnDigits } from '../catalog/catalog.schemas';
import { EInvoicePreferences } from '../einvoice/einvoice-preferences.schemas';

/* The admin API's answers (docs/rules/operator-api.md, "Admin API"): what the operator sees of organisations, users and tokens. */

export const Org = Named('Org', Strict({
  org_id: Type.String(),
  name: Type.String(),
  state_code: Type.String({ description: "The organisation's state (ISO 3166-2:IN), that of its default branch" }),
  gstin: NullableOf(Type.String()),
  default_branch_id: Type.String({ description: 'The branch documents use when they name none' }),
  currency_code: Type.String({ description: 'The base currency (ISO 4217)' }),
  created_time: Timestamp,
}, 'An organisation: one set of books.'));

export const User = Named('User', Strict({
  user_id: Type.String(),
  name: Type.String(),
  email: Type.String(),
}, 'A person of an organisation, whom tokens can act as.'));

const tokenProperties = {
  token_id: Type.String(),
  org_ids: Type.Array(Type.String(), { description: 'The organisations the token reaches' }),
  user_id: NullableOf(Type.String({ description: 'The user the token acts as; null for none' })),
  scopes: Type.Array(Type.String()),
  kind: StringEnum(['PAT', 'OAUTH'] as const),
  tier: Type.String({ description: 'The rate-limit tier' }),
  rate_limit_per_minute: Type.Integer(),
  expires_at: NullableOf(Type.String({ format: 'date-time', description: 'null: never expires' })),
  revoked_at: NullableOf(Type.String({ format: 'date-time', description: 'null while the token is live' })),
};

export const Token = Named('Token', Strict(tokenProperties, 'An access token, never with its secret.'));

/** The answer to a mint: the only one that carries the secret. */
export const NewToken = Named('NewToken', Strict({
  ...tokenProperties,
  access_token: Type.String({ description: 'The bearer secret; shown only in this answer' }),
}, 'An access token just minted, with its secret.'));

export const Preferences = Named('Preferences', Strict({
  roundInvoiceTotals: Type.Boolean(),
  roundingMethod: StringEnum(['nearest', 'up', 'down'] as const),
  paymentRoundOffTolerance: Type.Number({ description: 'Rupees, two decimals' }),
  strictPaymentDedupe: Type.Boolean(),
  requireIdempotencyKey: Type.Boolean({ description: 'Whether mutations of the mandatory list refuse a request without Idempotency-Key' }),
  invoicePdfTemplate: StringEnum(['classic', 'modern', 'boxed', 'tally'] as const),
  upiVpa: NullableOf(Type.String({ description: "The organisation's UPI VPA (name@psp), payee of auto_charge invoices' payment links; null: none" })),
  hsnDigits: HsnDigits,
  ewayBillIntraStateThreshold: Type.Number({ description: 'Rupees: the value above which goods moving within a state need an e-way bill' }),
  itcMatchTolerance: Type.Number({ description: 'Rupees: how far GSTR-2B may differ from the books, per head, and still match' }),
  ...EInvoicePreferences,
  bankMatchWindowDays: Type.Integer({ description: "Days either side of a bank line's date within which a book entry is suggested for it" }),
  bankAutoMatchOnImport: Type.Boolean({ description: 'Whether importing a statement matches each line that has exactly one exact candidate' }),
}, "An organisation's preferences, all of them after the change."));

export const NewBranch = Named('NewBranch', Strict({
  branch_id: Type.String(),
  name: Type.String(),
  state_code: Type.String(),
  gstin: NullableOf(Type.String()),
  address: NullableOf(BranchAddress),
}, 'A branch just added.'));

export const NewAccount = Named('NewAccount', Strict({ ...accountProperties, is_active: Type.Boolean() }, 'An account just added to the chart.'));

export const Period = Named('Period', Strict({
  period_id: Type.String(),
  name: Type.String(),
  start_date: Type.String({ format: 'date' }),
  end_date: Type.String({ format: 'date' }),
}, 'An accounting period.'));

export const Lock = Named('Lock', Strict({
  lock_date: NullableOf(Type.String({ format: 'date', description: 'The last locked day: nothing dated on or before it may be created, edited, voided, applied or posted. null: unlocked' })),
}, "An organisation's period lock."));

export const Clock = Named('Clock', Strict({ now: Timestamp }, "The service's (fake) clock."));

export const JobRuns = Type.Record(Type.String(), Type.Integer(), { description: 'Each job by name, with how many items it handled' });
