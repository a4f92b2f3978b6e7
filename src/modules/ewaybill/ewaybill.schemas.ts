import { Type, type Static, type TOptional, type TSchema } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';
import { LocalDateSchema, Nullable, Query, StringEnum } from '../../http/schema-kit';
import { DOC_TYPES, SUB_SUPPLY_CODES } from './ewaybill.rules';

/* The e-way bill of the NIC e-way bill API (docs/rules/einvoice-ewaybill.md, "E-way bill"; CGST Rule 138): field names are NIC's. */

const Rupees = Type.Number({ description: 'Rupees (INR), two decimals' });
export const TRANSPORT_MODES = ['road', 'rail', 'air', 'ship', '1', '2', '3', '4'] as const;
const VEHICLE_TYPES = ['regular', 'over_dimensional'] as const;

/** The transport of an e-way bill (Part B): the query of GET …/ewaybill, and optional fields of invoices and bills. */
export const TransportFields = {
  transport_mode: StringEnum(TRANSPORT_MODES, 'road, rail, air or ship, or NIC\'s code for it: 1 road, 2 rail, 3 air, 4 ship'),
  distance_km: Type.Integer({ minimum: 0, maximum: 4000, description: 'Approximate distance in km (NIC takes at most 4000); 0 lets the portal work it out from the PINs' }),
  vehicle_no: Type.String({ maxLength: 20, description: 'Vehicle registration number, e.g. KA01AB1234, 22BH1234AB or a temporary TR… number (spaces and hyphens are dropped)' }),
  transporter_id: Type.String({ pattern: '^[0-9]{2}[A-Za-z0-9]{13}$', description: "The transporter's GSTIN or TRANSIN (15 characters, with its check character)" }),
  trans_doc_no: Type.String({ pattern: '^[A-Za-z0-9/-]{1,15}$', description: 'The transport document\'s number (lorry receipt, railway receipt, airway bill, bill of lading): up to 15 letters, digits, / and -; rail, air and ship need it' }),
  trans_doc_date: { ...LocalDateSchema, description: 'The transport document\'s date, YYYY-MM-DD; rail, air and ship need it' },
  vehicle_type: StringEnum(VEHICLE_TYPES, 'regular, or over_dimensional for over-dimensional cargo (NIC\'s R and O)'),
  transporter_name: Type.String({ minLength: 1, maxLength: 100, description: "The transporter's name" }),
};
const optional = <T extends Record<string, TSchema>>(fields: T) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Type.Optional(v)])) as { [K in keyof T]: TOptional<T[K]> };

/** The transport fields of an invoice or bill being created. */
export const TransportInputFields = optional(TransportFields);
/** The transport fields of an invoice or bill being updated: null clears one. */
export const TransportUpdateFields = optional({
  transport_mode: Nullable(TransportFields.transport_mode), distance_km: Nullable(TransportFields.distance_km),
  vehicle_no: Nullable(TransportFields.vehicle_no), transporter_id: Nullable(TransportFields.transporter_id),
  trans_doc_no: Nullable(TransportFields.trans_doc_no), trans_doc_date: Nullable(TransportFields.trans_doc_date),
  vehicle_type: Nullable(TransportFields.vehicle_type), transporter_name: Nullable(TransportFields.transporter_name),
});
/** A document's transport as shown: null until given. */
export const TransportProperties = {
  transport_mode: NullableOf(StringEnum(['road', 'rail', 'air', 'ship'] as const, 'How the goods move, for the e-way bill; null until given')),
  distance_km: NullableOf(Type.Integer({ description: 'Approximate distance in km for the e-way bill' })),
  vehicle_no: NullableOf(Type.String({ description: 'Vehicle registration number for the e-way bill' })),
  transporter_id: NullableOf(Type.String({ description: "The transporter's GSTIN or TRANSIN for the e-way bill" })),
  trans_doc_no: NullableOf(Type.String({ description: 'The transport document\'s number (LR, RR, airway bill, bill of lading) for the e-way bill' })),
  trans_doc_date: NullableOf(Type.String({ description: 'The transport document\'s date, YYYY-MM-DD' })),
  vehicle_type: NullableOf(StringEnum(VEHICLE_TYPES, 'regular or over_dimensional; null until given')),
  transporter_name: NullableOf(Type.String({ description: "The transporter's name for the e-way bill" })),
};

export const EWayBillQuery = Query({
  ...TransportInputFields,
  port_state: Type.Optional(Type.String({ pattern: '^[0-9]{2}$', description: "The GST state code of the customs port the goods cross at, for a port Bahi's table does not place (an import's actFromStateCode, an export's actToStateCode)" })),
});
export type EWayBillQuery = Static<typeof EWayBillQuery>;

const Gstin = Type.String({ description: 'GSTIN; URP for an unregistered or foreign party' });
const Pincode = Type.Integer({ description: '6-digit PIN of the address the goods leave from or go to; 999999 abroad' });
const StateCode = (what: string) => Type.Integer({ description: `GST state code of ${what}; 99 abroad` });

const Item = Strict({
  productName: Type.String(),
  productDesc: NullableOf(Type.String()),
  hsnCode: Type.Integer({ description: 'HSN code as NIC takes it, a number' }),
  quantity: Type.Number(),
  qtyUnit: Type.String({ description: 'GST unit (UQC)' }),
  taxableAmount: Rupees,
  cgstRate: Type.Number(),
  sgstRate: Type.Number(),
  igstRate: Type.Number(),
  cessRate: Type.Number(),
  cessNonadvol: { ...Rupees, description: 'Compensation cess per unit of quantity (specific), in rupees' },
});

export const EWayBill = Named('EWayBill', Strict({
  supplyType: StringEnum(['O', 'I'] as const, 'O outward (an invoice), I inward (a bill)'),
  subSupplyType: StringEnum(SUB_SUPPLY_CODES, '1 supply, 2 import, 3 export, 4 job work, 5 for own use, 6 job work returns, 7 sales return, 8 others, 9 SKD/CKD/lots, 10 line sales, 11 recipient not known, 12 exhibition or fairs'),
  subSupplyDesc: NullableOf(Type.String({ maxLength: 20, description: 'What the movement is, for sub-supply type 8 (others)' })),
  docType: StringEnum(DOC_TYPES, 'INV tax invoice, BIL bill of supply (no tax on the goods), BOE the Bill of Entry of goods imported (docNo and docDate its own), CHL delivery challan, OTH other'),
  docNo: Type.String(),
  docDate: Type.String({ description: 'DD/MM/YYYY' }),
  transactionType: Type.Integer({ minimum: 1, maximum: 4, description: '1 regular, 2 bill to – ship to, 3 bill from – dispatch from, 4 both' }),
  fromGstin: Gstin, fromTrdName: Type.String(), fromStateCode: StateCode('the supplier (its registration)'),
  fromAddr1: Type.String(), fromAddr2: NullableOf(Type.String()), fromPlace: Type.String(), fromPincode: Pincode,
  actFromStateCode: StateCode('the place the goods leave from'),
  toGstin: Gstin, toTrdName: Type.String(), toStateCode: StateCode('the recipient (its registration, else the place of supply)'),
  toAddr1: Type.String(), toAddr2: NullableOf(Type.String()), toPlace: Type.String(), toPincode: Pincode,
  actToStateCode: StateCode('the place the goods go to'),
  totalValue: Rupees,
  cgstValue: Rupees,
  sgstValue: Rupees,
  igstValue: Rupees,
  cessValue: { ...Rupees, description: 'Compensation cess, ad valorem' },
  cessNonAdvolValue: { ...Rupees, description: 'Compensation cess per unit (specific)' },
  totInvValue: Rupees,
  transMode: NullableOf(StringEnum(['1', '2', '3', '4'] as const, '1 road, 2 rail, 3 air, 4 ship; null until known (Part B)')),
  transDistance: Type.String({ pattern: '^[0-9]{1,4}$', description: 'km, as NIC takes it, a string; 0 lets the portal work it out from the PINs' }),
  transporterId: NullableOf(Type.String()),
  vehicleNo: NullableOf(Type.String()),
  vehicleType: NullableOf(StringEnum(['R', 'O'] as const, 'R regular, O over-dimensional cargo; R when a vehicle is named without a type')),
  transDocNo: NullableOf(Type.String({ description: 'The transport document\'s number (LR, RR, airway bill, bill of lading)' })),
  transDocDate: NullableOf(Type.String({ description: 'The transport document\'s date, DD/MM/YYYY' })),
  transporterName: NullableOf(Type.String()),
  itemList: Type.Array(Item),
}, 'The NIC e-way bill JSON of the goods lines of an invoice (outward) or bill (inward).'));
export type EWayBill = Static<typeof EWayBill>;
