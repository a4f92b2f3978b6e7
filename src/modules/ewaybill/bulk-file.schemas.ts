import { Type, type Static } from '@sinclair/typebox';
import { Named, NullableOf, Strict } from '../../http/response-schemas';

/*
 * The e-way bill portal's bulk-upload file (docs/rules/einvoice-ewaybill.md, "The bulk-upload
 * file"): the JSON NIC's offline bulk tool makes and the portal's "Generate Bulk" page takes. It
 * carries the API's e-way bill with some fields renamed (transType, actualFromStateCode,
 * actualToStateCode, TotNonAdvolVal, OthValue), plus userGstin, mainHsnCode and itemNo.
 */

const Rupees = Type.Number({ description: 'Rupees (INR), two decimals' });
export const BULK_FILE_VERSION = '1.0.0621';

const BulkItem = Strict({
  itemNo: Type.Integer({ minimum: 1, description: 'The line\'s position, from 1' }),
  productName: Type.String(),
  productDesc: NullableOf(Type.String()),
  hsnCode: Type.Integer(),
  quantity: Type.Number(),
  qtyUnit: Type.String(),
  taxableAmount: Rupees,
  sgstRate: Type.Number(),
  cgstRate: Type.Number(),
  igstRate: Type.Number(),
  cessRate: Type.Number(),
  cessNonAdvol: Rupees,
});

const BulkBill = Strict({
  userGstin: Type.String({ description: 'The GSTIN generating it: the branch\'s (the consignor outward, the recipient inward)' }),
  supplyType: Type.String(),
  subSupplyType: Type.String(),
  subSupplyDesc: Type.String({ description: 'What the movement is, for sub-supply type 8 (others); empty otherwise' }),
  docType: Type.String(),
  docNo: Type.String(),
  docDate: Type.String({ description: 'DD/MM/YYYY' }),
  transType: Type.Integer({ description: "The API's transactionType: 1 regular, 2 bill to – ship to, 3 bill from – dispatch from, 4 both" }),
  fromGstin: Type.String(), fromTrdName: Type.String(), fromAddr1: Type.String(), fromAddr2: NullableOf(Type.String()), fromPlace: Type.String(),
  fromPincode: Type.Integer(), fromStateCode: Type.Integer(), actualFromStateCode: Type.Integer({ description: "The API's actFromStateCode" }),
  toGstin: Type.String(), toTrdName: Type.String(), toAddr1: Type.String(), toAddr2: NullableOf(Type.String()), toPlace: Type.String(),
  toPincode: Type.Integer(), toStateCode: Type.Integer(), actualToStateCode: Type.Integer({ description: "The API's actToStateCode" }),
  totalValue: Rupees, cgstValue: Rupees, sgstValue: Rupees, igstValue: Rupees, cessValue: Rupees,
  TotNonAdvolVal: { ...Rupees, description: "The API's cessNonAdvolValue" },
  OthValue: { ...Rupees, description: 'Other charges in the invoice value: none, as Bahi\'s value is the goods\' with their tax' },
  totInvValue: Rupees,
  transMode: NullableOf(Type.String()),
  transDistance: Type.String(),
  transporterName: NullableOf(Type.String()),
  transporterId: NullableOf(Type.String()),
  transDocNo: NullableOf(Type.String()),
  transDocDate: NullableOf(Type.String()),
  vehicleNo: NullableOf(Type.String()),
  vehicleType: NullableOf(Type.String({ description: 'R regular, O over-dimensional cargo' })),
  mainHsnCode: Type.Integer({ description: 'The HSN code of the first goods line' }),
  itemList: Type.Array(BulkItem),
});
export type BulkBill = Static<typeof BulkBill>;

export const EWayBillBulkFile = Named('EWayBillBulkFile', Strict({
  version: Type.Literal(BULK_FILE_VERSION),
  billLists: Type.Array(BulkBill),
}, "The e-way bill portal's bulk-upload file of the documents asked for, in the order asked: upload it on the portal's Generate Bulk page"));
export type EWayBillBulkFile = Static<typeof EWayBillBulkFile>;
