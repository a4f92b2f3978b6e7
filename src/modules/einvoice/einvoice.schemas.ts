import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';
import { StringEnum } from '../../http/schema-kit';

/* The IRP's e-invoice request, schema version 1.1 (docs/rules/einvoice-ewaybill.md, "E-invoice"): field names are the IRP's. */

const Rupees = Type.Number({ description: 'Rupees (INR), two decimals' });
const Yn = StringEnum(['Y', 'N'] as const);
export const SUPPLY_TYPES = ['B2B', 'SEZWP', 'SEZWOP', 'EXPWP', 'EXPWOP', 'DEXP'] as const;

const partyFields = {
  Gstin: Type.String({ description: "GSTIN; URP for an export's buyer" }),
  LglNm: Type.String(),
  TrdNm: NullableOf(Type.String()),
  Addr1: Type.String(),
  Addr2: NullableOf(Type.String()),
  Loc: Type.String(),
  Pin: Type.Integer({ description: '6-digit PIN; 999999 for an export' }),
  Stcd: Type.String({ description: '2-digit GST state code; 96 for an export' }),
};

const Item = Strict({
  SlNo: Type.String(),
  PrdDesc: NullableOf(Type.String()),
  IsServc: Yn,
  HsnCd: Type.String(),
  Qty: Type.Number(),
  Unit: Type.String({ description: 'GST unit (UQC); OTH for a service' }),
  UnitPrice: Rupees,
  TotAmt: Rupees,
  Discount: Rupees,
  AssAmt: Rupees,
  GstRt: Type.Number(),
  IgstAmt: Rupees,
  CgstAmt: Rupees,
  SgstAmt: Rupees,
  CesRt: Type.Number(),
  CesAmt: Rupees,
  CesNonAdvlAmt: { ...Rupees, description: 'Compensation cess charged per unit (specific)' },
  OthChrg: Rupees,
  TotItemVal: Rupees,
});

export const EInvoice = Named('EInvoice', Strict({
  Version: Type.Literal('1.1'),
  TranDtls: Strict({ TaxSch: Type.Literal('GST'), SupTyp: StringEnum(SUPPLY_TYPES), RegRev: Yn, EcmGstin: Type.Null(), IgstOnIntra: Yn }),
  DocDtls: Strict({ Typ: StringEnum(['INV', 'CRN', 'DBN'] as const), No: Type.String(), Dt: Type.String({ description: 'DD/MM/YYYY' }) }),
  SellerDtls: Strict(partyFields),
  BuyerDtls: Strict({ ...partyFields, Pos: Type.String({ description: 'Place of supply, 2-digit code; 96 for an export' }) }),
  ShipDtls: Type.Optional(Strict({ ...partyFields, Gstin: Type.Optional(Type.String({ description: "The buyer's GSTIN when the goods go to its state; URP on an export" })) },
    "Where the goods go when it is not the buyer's billing address: the shipping address the document keeps")),
  DispDtls: Type.Optional(Strict({
    Nm: Type.String({ description: "The seller's legal name: the goods leave from its own other place" }),
    Addr1: partyFields.Addr1, Addr2: partyFields.Addr2, Loc: partyFields.Loc, Pin: partyFields.Pin, Stcd: partyFields.Stcd,
  }, "Where the goods leave from when it is not the seller's address: the invoice's dispatch_from")),
  PayDtls: Type.Optional(Strict({
    Nm: Type.String({ description: 'Payee name (preference payeeName)' }),
    AccDet: Type.String({ description: "The payee's bank account number (preference payeeAccount)" }),
    FinInsBr: Type.String({ description: "The account's IFSC (preference payeeIfsc)" }),
    CrDay: Type.Optional(Type.Integer({ description: "Days of credit: from the invoice's date to its due date" })),
    PaidAmt: Type.Optional({ ...Rupees, description: 'What has been paid on the document (INR)' }),
    PaymtDue: Type.Optional({ ...Rupees, description: 'What is still due on the document (INR)' }),
  }, "Where the buyer pays: sent when the organisation's payee account is configured")),
  ItemList: Type.Array(Item),
  ValDtls: Strict({
    AssVal: Rupees, CgstVal: Rupees, SgstVal: Rupees, IgstVal: Rupees, CesVal: Rupees, StCesVal: Rupees,
    Discount: Rupees, OthChrg: Rupees, RndOffAmt: Rupees, TotInvVal: Rupees,
    TotInvValFc: Type.Optional(Type.Number({ description: "Total in the document's foreign currency" })),
  }),
  RefDtls: Type.Optional(Strict({ PrecDocDtls: Type.Array(Strict({ InvNo: Type.String(), InvDt: Type.String() })) })),
  ExpDtls: Type.Optional(Strict({
    ShipBNo: Type.Optional(Type.String({ description: 'Shipping bill number, once the invoice has one' })),
    ShipBDt: Type.Optional(Type.String({ description: 'Shipping bill date, DD/MM/YYYY' })),
    Port: Type.Optional(Type.String({ description: "The shipping bill's port code" })),
    ForCur: Type.String({ description: 'ISO 4217 currency of the document' }),
    CntCode: Type.Optional(Type.String({ description: "ISO 3166 alpha-2 code of the buyer's country, when known" })),
    RefClm: Yn,
  })),
}, 'The IRP e-invoice request payload (schema 1.1) of an invoice, credit note or debit note, checked against the IRP\'s rules.'));
export type EInvoice = Static<typeof EInvoice>;

/** What the IRP takes but a business should look at (einvoice.rules.ts pinWarnings). */
export const EInvoiceWarning = Named('EInvoiceWarning', Strict({
  field: Type.String({ description: 'The payload path the warning is about' }),
  message: Type.String(),
}, 'Something the IRP accepts that may still be a mistake, such as a PIN outside its state\'s PIN ranges.'));
