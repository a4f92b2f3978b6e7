import { Type, type Static } from '@sinclair/typebox';
import { Body, CursorQuery, DateTimeSchema, Email, GstinText, Id, IdParam, LocalDateSchema, Money, Nullable, Query, StringEnum, Text } from '../../http/schema-kit';
import { ACCOUNT_TYPES } from '../../platform/orgs/chart-of-accounts';
import { UPI_VPA_PATTERN } from '../../kernel/upi';
import { HsnDigits } from '../catalog/catalog.schemas';
import { EInvoicePreferencesBody } from '../einvoice/einvoice-preferences.schemas';

/** A branch's postal address: the address lines alone, or its fields (docs/rules/organisations.md, "Branches and their addresses"); its state must be the branch's. */
const BranchAddressBody = Nullable(Type.Union([
  Text(500),
  Type.Partial(Body({
    address: Nullable(Text(500)), city: Nullable(Text(100)), state_code: Nullable(Text(60)),
    zip: Nullable(Text(20)), country: Nullable(Text(60)),
  }), { additionalProperties: false }),
]));

export const CreateOrgBody = Body({
  name: Text(200, 1),
  state_code: Type.Optional(Text(60, 1)),
  gstin: Type.Optional(Nullable(GstinText)),
  address: Type.Optional(BranchAddressBody),
  currency_code: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  email_from: Type.Optional(Email),
  books_start_date: Type.Optional(LocalDateSchema),
});
export type CreateOrgBody = Static<typeof CreateOrgBody>;

export const CreateUserBody = Body({ name: Text(200, 1), email: Email });

export const CreateTokenBody = Body({
  org_ids: Type.Array(Id('org_id'), { minItems: 1, maxItems: 100 }),
  user_id: Type.Optional(Nullable(Id('user_id'))),
  scopes: Type.Array(Text(64, 1), { minItems: 1, maxItems: 100 }),
  kind: Type.Optional(StringEnum(['PAT', 'OAUTH'] as const)),
  expires_at: Type.Optional(Nullable(DateTimeSchema)),
  tier: Type.Optional(Text(40, 1)),
  rate_limit_per_minute: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
});
export type CreateTokenBody = Static<typeof CreateTokenBody>;

export const PreferencesBody = Type.Partial(Body({
  roundInvoiceTotals: Type.Boolean(),
  roundingMethod: StringEnum(['nearest', 'up', 'down'] as const),
  paymentRoundOffTolerance: Money({ minimum: 0 }),
  strictPaymentDedupe: Type.Boolean(),
  requireIdempotencyKey: Type.Boolean(),
  invoicePdfTemplate: StringEnum(['classic', 'modern', 'boxed', 'tally'] as const),
  upiVpa: Nullable(Type.String({ maxLength: 321, pattern: UPI_VPA_PATTERN, description: 'UPI VPA (name@psp) for the payment links of auto_charge invoices; null removes it' })),
  hsnDigits: HsnDigits,
  ewayBillIntraStateThreshold: { ...Money({ minimum: 0 }), description: "Rupees: the value above which goods moving within the organisation's state need an e-way bill (CGST Rule 138(14)(d): states set their own); 50000 by default" },
  itcMatchTolerance: { ...Money({ minimum: 0 }), description: "Rupees: how far a supplier document's taxable value and each tax head in GSTR-2B may differ from the books and still match; 1.00 by default" },
  ...EInvoicePreferencesBody,
  bankMatchWindowDays: Type.Integer({ minimum: 0, maximum: 90, description: "Days either side of a bank line's date within which a book entry is suggested for it; 7 by default" }),
  bankAutoMatchOnImport: Type.Boolean({ description: 'Whether importing a statement matches each line that has exactly one exact candidate; false by default' }),
}), { additionalProperties: false });
export type PreferencesBody = Static<typeof PreferencesBody>;

/** `address`: the branch's postal address, printed as the supplier address on PDFs and e-invoices. */
export const CreateBranchBody = Body({ name: Text(200, 1), state_code: Text(60, 1), gstin: Type.Optional(Nullable(GstinText)), address: Type.Optional(BranchAddressBody) });

export const CreateAccountBody = Body({
  account_name: Text(200, 1),
  account_type: StringEnum(ACCOUNT_TYPES),
  account_code: Type.Optional(Nullable(Text(20))),
});

export const CreatePeriodBody = Body({ name: Text(100, 1), start_date: LocalDateSchema, end_date: LocalDateSchema });

export const SetClockBody = Body({ now: DateTimeSchema });

/** The last locked day, or null to unlock (docs/rules/ledger-and-periods.md, "Period lock"). */
export const SetLockBody = Body({ lock_date: Nullable(LocalDateSchema) });

export const OrgIdParam = IdParam('org_id');
export const TokenIdParam = IdParam('token_id');

export const AdminListQuery = Query({ ...CursorQuery });
export const ListTokensQuery = Query({ ...CursorQuery, org_id: Type.Optional(Id('the tokens that reach this organisation')) });
