import { describe, expect, it } from 'vitest';
import type { SourceLine } from '../einvoice';
import { buildEWayBill, type EWayBillSource } from './ewaybill.builder';

const branch = { gstin: '29AABCB1234F1Z4', legalName: 'Seller Pvt. Ltd.', tradeName: null, address: '1, MG Road', city: 'Bengaluru', zip: '560001', stcd: '29' };
const foreign = { gstin: null, legalName: 'Acme Inc.', tradeName: 'Acme', address: '500 Market Street', city: 'San Francisco', zip: '94105', stcd: '96' };
const line: SourceLine = { name: 'Keyboard', description: null, hsnOrSac: '84716060', quantityMilli: 1000, unit: null, isService: false, rate: 10_000, discount: 0, taxRateCenti: 1800, itemTotal: 10_000, cgst: 0, sgst: 0, igst: 1_800 };
const NO_TRANSPORT = { mode: null, distanceKm: 0, vehicleNo: null, transporterId: null };
const source = (extra: Partial<EWayBillSource>): EWayBillSource => ({
  supplyType: 'O', subSupplyType: '1', number: 'INV-1', date: '2026-06-10', rateMicro: 1_000_000, gstTreatment: 'REGISTERED',
  from: branch, to: { ...branch, gstin: '29AAACR5055K1Z3' }, dispatchFrom: null, shipTo: null, lines: [line], ...extra,
});
const MUMBAI_PORT = { address: 'Jawaharlal Nehru Port', city: 'Navi Mumbai', zip: '400707', stcd: '27' };

describe('buildEWayBill', () => {
  it('gives an export in USD: subSupplyType 3, the buyer URP, 999999, state 99, leaving India from the seller\'s state, INR values', () => {
    // USD 100 × 83.5 = ₹8,350; IGST USD 18 × 83.5 = ₹1,503; ₹9,853.
    const built = buildEWayBill(source({ subSupplyType: '3', gstTreatment: 'UNREGISTERED', rateMicro: 83_500_000, to: foreign }), NO_TRANSPORT)!;
    expect(built.ewaybill).toMatchObject({ subSupplyType: '3', docType: 'INV', transactionType: 1, toGstin: 'URP', toPincode: 999999, toStateCode: 99, actToStateCode: 29,
      toTrdName: 'Acme', totalValue: 8350, igstValue: 1503, totInvValue: 9853, transDistance: '0' });
    expect(built.ewaybill.itemList[0]).toMatchObject({ hsnCode: 84716060, qtyUnit: 'OTH', taxableAmount: 8350, igstRate: 18 });
    expect(built.required).toBe(false);
  });
  it('sends an export shipped to a port in India there: bill to abroad, ship to the port', () => {
    const built = buildEWayBill(source({ subSupplyType: '3', to: foreign, shipTo: MUMBAI_PORT }), NO_TRANSPORT)!;
    expect(built.ewaybill).toMatchObject({ transactionType: 2, toGstin: 'URP', toStateCode: 99, toAddr1: 'Jawaharlal Nehru Port', toPincode: 400707, actToStateCode: 27 });
  });
  it('gives an import on a bill: subSupplyType 2, the vendor URP and abroad, arriving in the branch\'s state', () => {
    const built = buildEWayBill(source({ supplyType: 'I', subSupplyType: '2', gstTreatment: 'OVERSEAS', from: foreign, to: branch }), NO_TRANSPORT)!;
    expect(built.ewaybill).toMatchObject({ supplyType: 'I', subSupplyType: '2', fromGstin: 'URP', fromPincode: 999999, fromStateCode: 99, actFromStateCode: 29,
      toGstin: '29AABCB1234F1Z4', toStateCode: 29, actToStateCode: 29 });
  });
  it('moves imported goods on their Bill of Entry once recorded: docType BOE with its number and date', () => {
    const imported = source({ supplyType: 'I', subSupplyType: '2', gstTreatment: 'OVERSEAS', from: foreign, to: branch, lines: [{ ...line, igst: 0 }] });
    expect(buildEWayBill(imported, NO_TRANSPORT)!.ewaybill).toMatchObject({ docType: 'BIL', docNo: 'INV-1', docDate: '10/06/2026' });
    expect(buildEWayBill({ ...imported, billOfEntry: { number: '4417391', date: '2026-06-14' } }, NO_TRANSPORT)!.ewaybill).toMatchObject({ docType: 'BOE', docNo: '4417391', docDate: '14/06/2026' });
  });
  it('bills the vendor at its own address and moves the goods from its other one: transaction type 3', () => {
    const built = buildEWayBill(source({ supplyType: 'I', from: { ...branch, gstin: '27AAPFU0939F1ZV', stcd: '27' }, dispatchFrom: MUMBAI_PORT, to: branch }), NO_TRANSPORT)!;
    expect(built.ewaybill).toMatchObject({ transactionType: 3, fromStateCode: 27, fromAddr1: 'Jawaharlal Nehru Port', fromPincode: 400707, actFromStateCode: 27 });
  });
  it('calls untaxed goods a bill of supply (BIL), and an unregistered buyer URP', () => {
    const built = buildEWayBill(source({ gstTreatment: 'UNREGISTERED', to: { ...branch, gstin: null }, lines: [{ ...line, igst: 0, taxRateCenti: 0 }] }), NO_TRANSPORT)!;
    expect(built.ewaybill).toMatchObject({ docType: 'BIL', toGstin: 'URP', totInvValue: 100 });
  });
  it('has none for services only', () => expect(buildEWayBill(source({ lines: [{ ...line, isService: true }] }), NO_TRANSPORT)).toBeNull());
  it('carries the transport document, the vehicle type (R when only a vehicle is named) and the transporter\'s name', () => {
    const built = buildEWayBill(source({}), { mode: '2', distanceKm: 300, vehicleNo: null, transporterId: null, transDocNo: 'RR/4471', transDocDate: '2026-06-11', transporterName: 'Indian Railways' })!;
    expect(built.ewaybill).toMatchObject({ transDocNo: 'RR/4471', transDocDate: '11/06/2026', vehicleType: null, transporterName: 'Indian Railways' });
    expect(buildEWayBill(source({}), { ...NO_TRANSPORT, mode: '1', vehicleNo: 'KA01AB1234' })!.ewaybill.vehicleType).toBe('R');
    expect(buildEWayBill(source({}), { ...NO_TRANSPORT, mode: '1', vehicleNo: 'KA01AB1234', vehicleType: 'O' })!.ewaybill.vehicleType).toBe('O');
  });
  it("takes the document type and the sub-supply type from its caller (a challan's CHL for job work)", () => {
    const built = buildEWayBill(source({ subSupplyType: '4', docType: 'CHL', subSupplyDesc: null }), NO_TRANSPORT)!;
    expect(built.ewaybill).toMatchObject({ subSupplyType: '4', docType: 'CHL' });
  });
  it("sends an export to its customs port's state, and leaves it null for a port nobody placed", () => {
    const exported = source({ subSupplyType: '3', to: foreign });
    expect(buildEWayBill({ ...exported, borderState: '27' }, NO_TRANSPORT)!.ewaybill.actToStateCode).toBe(27);
    expect(buildEWayBill({ ...exported, borderState: null }, NO_TRANSPORT)!.ewaybill.actToStateCode).toBeNull();
  });
  it('needs none for exempt goods worth more than ₹50,000, and one for goods sent to a job worker in another state whatever their value', () => {
    // 10 × ₹10,000 = ₹1,00,000 of exempt goods (rate 0, no tax, a domestic buyer): none of it counts.
    const exempt = { ...line, quantityMilli: 10_000, itemTotal: 10_000_000, taxRateCenti: 0, igst: 0 };
    expect(buildEWayBill(source({ lines: [exempt], to: { ...branch, gstin: '27AAPFU0939F1ZV', stcd: '27' } }), NO_TRANSPORT)!.required).toBe(false);
    // ₹100 + 18% = ₹118, to Maharashtra for job work.
    expect(buildEWayBill(source({ subSupplyType: '4', docType: 'CHL', to: { ...branch, stcd: '27' } }), NO_TRANSPORT)!.required).toBe(true);
    expect(buildEWayBill(source({ subSupplyType: '4', docType: 'CHL' }), NO_TRANSPORT)!.required).toBe(false);
  });
  it("holds a movement within the state to the organisation's threshold", () => {
    // ₹60,000 + 18% = ₹70,800 within Karnataka: above ₹50,000, not above a threshold of ₹1,00,000.
    const big = { ...line, quantityMilli: 6_000, itemTotal: 6_000_000, cgst: 540_000, sgst: 540_000, igst: 0 };
    expect(buildEWayBill(source({ lines: [big] }), NO_TRANSPORT)!.required).toBe(true);
    expect(buildEWayBill(source({ lines: [big], intraStateThreshold: 10_000_000 }), NO_TRANSPORT)!.required).toBe(false);
  });
});
