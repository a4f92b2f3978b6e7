import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../kernel/errors';
import type { SourceLine } from '../einvoice';
import { buildEWayBill, type EWayBillSource, type Transport } from './ewaybill.builder';
import { checkedEWayBill } from './ewaybill.checks';

const branch = { gstin: '29AABCB1234F1Z4', legalName: 'Seller Pvt. Ltd.', tradeName: null, address: '1, MG Road', city: 'Bengaluru', zip: '560001', stcd: '29' };
const foreign = { gstin: null, legalName: 'Acme Inc.', tradeName: 'Acme', address: '500 Market Street', city: 'San Francisco', zip: '94105', stcd: '96' };
const line: SourceLine = { name: 'Keyboard', description: null, hsnOrSac: '84716060', quantityMilli: 1000, unit: null, isService: false, rate: 10_000, discount: 0, taxRateCenti: 1800, itemTotal: 10_000, cgst: 900, sgst: 900, igst: 0 };
const sale: EWayBillSource = {
  supplyType: 'O', subSupplyType: '1', number: 'INV-1', date: '2026-06-10', rateMicro: 1_000_000, gstTreatment: 'REGISTERED',
  from: branch, to: { ...branch, gstin: '29AAACR5055K1Z3', zip: '560038' }, dispatchFrom: null, shipTo: null, lines: [line],
};
const ROAD: Transport = { mode: '1', distanceKm: 12, vehicleNo: 'KA01AB1234', transporterId: null };
const problemsOf = (src: EWayBillSource, transport: Transport) => {
  try {
    checkedEWayBill(buildEWayBill(src, transport)!.ewaybill);
    return [];
  } catch (error) {
    return ((error as DomainError).errors ?? []).map((e) => e.field);
  }
};

describe('what the e-way bill system would reject', () => {
  it('takes a sale by road with its vehicle', () => expect(problemsOf(sale, ROAD)).toEqual([]));
  it('refuses a transport document dated before the invoice (10 June), not one of the same day', () => {
    expect(problemsOf(sale, { ...ROAD, transDocNo: 'LR-1', transDocDate: '2026-06-09' })).toEqual(['transDocDate']);
    expect(problemsOf(sale, { ...ROAD, transDocNo: 'LR-1', transDocDate: '2026-06-10' })).toEqual([]);
  });
  it('refuses a distance above 4000 km', () => expect(problemsOf(sale, { ...ROAD, distanceKm: 4001 })).toEqual(['transDistance']));
  it('refuses distance 0 when a PIN is abroad: NIC works it out from two PINs in India only', () => {
    expect(problemsOf({ ...sale, subSupplyType: '3', to: foreign }, { ...ROAD, distanceKm: 0 })).toEqual(['transDistance']);
    expect(problemsOf(sale, { ...ROAD, distanceKm: 0 })).toEqual([]);
  });
  it('refuses rail, air or ship without the transport document', () => {
    expect(problemsOf(sale, { ...ROAD, mode: '3', vehicleNo: null })).toEqual(['transDocNo', 'transDocDate']);
    expect(problemsOf(sale, { ...ROAD, mode: '3', vehicleNo: null, transDocNo: 'AWB-1', transDocDate: '2026-06-11' })).toEqual([]);
  });
  it('refuses a document type its supply type does not move on', () => {
    expect(problemsOf({ ...sale, docType: 'CHL' }, ROAD)).toEqual(['docType']);
    expect(problemsOf({ ...sale, subSupplyType: '8', docType: 'OTH' }, ROAD)).toEqual(['subSupplyDesc']);
    expect(problemsOf({ ...sale, subSupplyType: '8', docType: 'OTH', subSupplyDesc: 'Testing' }, ROAD)).toEqual([]);
  });
  it('names the cause the caller gives for a place it cannot state', () => {
    const draft = buildEWayBill({ ...sale, subSupplyType: '3', to: foreign, borderState: null }, { ...ROAD, distanceKm: 20 })!.ewaybill;
    expect(() => checkedEWayBill(draft, { actToStateCode: 'give port_state' })).toThrow(/actToStateCode: give port_state/);
  });
});
