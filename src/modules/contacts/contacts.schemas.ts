import { Type, type Static } from '@sinclair/typebox';
import { Amount, Named, NullableOf, Strict, Timestamp } from '../../http/response-schemas';
import { Body, CursorQuery, Email, GstinText, Id, Money, Nullable, Query, StringEnum, Text } from '../../http/schema-kit';
import { UPI_VPA_PATTERN } from '../../kernel/upi';

export const CONTACT_TYPES = ['CUSTOMER', 'VENDOR', 'BOTH'] as const;
export const CONTACT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const GST_TREATMENTS = [
  'REGISTERED', 'REGISTERED_COMPOSITION', 'UNREGISTERED', 'CONSUMER', 'OVERSEAS', 'SEZ', 'DEEMED_EXPORT', 'UIN',
] as const;

export const AddressInput = Type.Partial(Body({
  address: Nullable(Text(500)),
  city: Nullable(Text(100)),
  state_code: Nullable(Text(60)),
  zip: Nullable(Text(20)),
  country: Nullable(Text(60)),
}), { additionalProperties: false });
export type AddressInput = Static<typeof AddressInput>;

export const ContactPersonInput = Body({
  contact_person_id: Type.Optional(Id('contact_person_id')),
  first_name: Type.Optional(Nullable(Text(100))),
  last_name: Type.Optional(Nullable(Text(100))),
  email: Type.Optional(Nullable(Email)),
  phone: Type.Optional(Nullable(Text(30))),
  is_primary: Type.Optional(Type.Boolean()),
});
export type ContactPersonInput = Static<typeof ContactPersonInput>;

/** Every field a caller may set; create requires contact_name only, update nothing. */
const Editable = Type.Partial(Type.Object({
  contact_type: StringEnum(CONTACT_TYPES),
  display_name: Nullable(Text(200)),
  legal_name: Nullable(Text(200)),
  company_name: Nullable(Text(200)),
  gst_no: Nullable(GstinText),
  pan: Nullable(Type.String({ pattern: '^[A-Za-z]{5}[0-9]{4}[A-Za-z]$' })),
  gst_treatment: Nullable(StringEnum(GST_TREATMENTS)),
  place_of_contact: Nullable(Text(60)),
  email: Nullable(Email),
  phone: Nullable(Text(30)),
  website: Nullable(Text(255)),
  billing_address: Nullable(AddressInput),
  shipping_address: Nullable(AddressInput),
  contact_persons: Type.Array(ContactPersonInput, { maxItems: 50 }),
  payment_terms: Type.Integer({ minimum: 0, maximum: 3650 }),
  opening_balance: { ...Money(), description: 'Read-only: what the contact\'s opening items add up to (POST /opening_balances); sent, it must equal that figure (0 for a new contact)' },
  credit_limit: Nullable(Money({ minimum: 0 })),
  currency_code: Type.String({ pattern: '^[A-Z]{3}$' }),
  upi_vpa: Nullable(Type.String({ maxLength: 321, pattern: UPI_VPA_PATTERN, description: "The contact's UPI id (name@psp): a bank line whose narration carries it is suggested for the contact's entries; null removes it" })),
}));

export const CreateContactBody = Type.Composite([Type.Object({ contact_name: Text(200, 1) }), Editable], { additionalProperties: false });
export type CreateContactBody = Static<typeof CreateContactBody>;

export const UpdateContactBody = Type.Composite([
  Type.Partial(Type.Object({ contact_name: Text(200, 1), status: StringEnum(CONTACT_STATUSES) })),
  Editable,
], { additionalProperties: false });
export type UpdateContactBody = Static<typeof UpdateContactBody>;

export const ListContactsQuery = Query({
  ...CursorQuery,
  contact_type: Type.Optional(StringEnum(CONTACT_TYPES)),
  status: Type.Optional(StringEnum(CONTACT_STATUSES)),
  search: Type.Optional(Text(100)),
});
export type ListContactsQuery = Static<typeof ListContactsQuery>;

/** An address as the API shows it: the parts that were given, each null when cleared. */
export const Address = Strict({
  address: Type.Optional(NullableOf(Type.String())),
  city: Type.Optional(NullableOf(Type.String())),
  state_code: Type.Optional(NullableOf(Type.String())),
  zip: Type.Optional(NullableOf(Type.String())),
  country: Type.Optional(NullableOf(Type.String())),
});

export const Contact = Named('Contact', Strict({
  contact_id: Type.String(),
  contact_type: StringEnum(CONTACT_TYPES),
  contact_name: Type.String(),
  display_name: NullableOf(Type.String()),
  legal_name: NullableOf(Type.String()),
  company_name: NullableOf(Type.String()),
  gst_no: NullableOf(Type.String()),
  pan: NullableOf(Type.String()),
  gst_treatment: NullableOf(StringEnum(GST_TREATMENTS)),
  place_of_contact: NullableOf(Type.String()),
  email: NullableOf(Type.String()),
  phone: NullableOf(Type.String()),
  website: NullableOf(Type.String()),
  billing_address: NullableOf(Address),
  shipping_address: NullableOf(Address),
  contact_persons: Type.Array(Strict({
    contact_person_id: Type.String(),
    first_name: NullableOf(Type.String()),
    last_name: NullableOf(Type.String()),
    email: NullableOf(Type.String()),
    phone: NullableOf(Type.String()),
    is_primary: Type.Boolean(),
  })),
  payment_terms: Type.Integer({ description: 'Days from a document date to its due date' }),
  opening_balance: { ...Amount, description: 'What its opening items add up to (POST /opening_balances): a customer\'s open invoices less its advances; a vendor\'s open bills less its advances; a contact of both kinds, the first less the second' },
  credit_limit: NullableOf(Amount),
  currency_code: Type.String(),
  upi_vpa: NullableOf(Type.String({ description: "The contact's UPI id (name@psp), or null" })),
  last_gstr1_filing: Type.Union([Strict({
    period: Type.String({ description: 'MMYYYY: the latest period the supplier filed GSTR-1 (or IFF) for, as a current GSTR-2B shows' }),
    filed_on: Type.String({ description: 'YYYY-MM-DD: the day it filed (`supfildt`)' }),
  }), Type.Null()], { description: "The contact's latest GSTR-1 filing seen in the uploaded GSTR-2Bs; null when none shows it" }),
  status: StringEnum(CONTACT_STATUSES),
  created_time: Timestamp,
  last_modified_time: Timestamp,
}, 'A customer or vendor.'));
