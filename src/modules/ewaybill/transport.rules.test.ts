import { describe, expect, it } from 'vitest';
import { transModeOf, transporterId, transportFieldsOf, vehicleNumber } from './transport.rules';

describe('e-way bill transport rules', () => {
  it('takes a transport mode by name or by NIC code', () => {
    expect(['road', 'rail', 'air', 'ship', '1', '4'].map((m) => transModeOf(m as 'road'))).toEqual(['1', '2', '3', '4', '1', '4']);
  });

  it('writes a vehicle number without spaces or hyphens, in capitals', () => {
    expect(vehicleNumber('ka 01 ab-1234')).toBe('KA01AB1234');
    expect(vehicleNumber('DL 1C AB 123')).toBe('DL1CAB123');
    expect(vehicleNumber('22 BH 1234 AB')).toBe('22BH1234AB');
    expect(vehicleNumber('TR1234567')).toBe('TR1234567');
  });

  it('refuses what is no registration mark', () => {
    for (const bad of ['1234567', 'KAAB1234', 'KA01AB12345', 'ABCDEFG']) expect(() => vehicleNumber(bad), bad).toThrow(/vehicle_no/);
  });

  it("takes a transporter's GSTIN or TRANSIN only with its check character", () => {
    expect(transporterId('29aabcu9603r1zj')).toBe('29AABCU9603R1ZJ');
    expect(() => transporterId('29AABCU9603R1ZK')).toThrow(/transporter_id/);
    expect(() => transporterId('AB12345678901Z5')).toThrow(/transporter_id/);
  });

  it('leaves out what is not sent and clears what is sent as null', () => {
    expect(transportFieldsOf({ transport_mode: '2', vehicle_no: null })).toEqual({ transport_mode: 'rail', vehicle_no: null });
    expect(transportFieldsOf({})).toEqual({});
    expect(transportFieldsOf({ trans_doc_no: 'lr/4417', trans_doc_date: '2026-06-11', vehicle_type: 'over_dimensional', transporter_name: '  VRL Logistics ' }))
      .toEqual({ trans_doc_no: 'LR/4417', trans_doc_date: '2026-06-11', vehicle_type: 'over_dimensional', transporter_name: 'VRL Logistics' });
    expect(transportFieldsOf({ transporter_name: '  ', trans_doc_no: null })).toEqual({ transporter_name: null, trans_doc_no: null });
  });
});
