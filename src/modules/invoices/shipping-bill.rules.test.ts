import { describe, expect, it } from 'vitest';
import { ON_ITS_OWN, presentShippingBill, shippingBillColumns } from './shipping-bill.rules';

const BILL = { port_code: 'INNSA1', number: '1234567', date: '2026-06-12' };
const EXPORT = { placeOfSupply: 'IN-96', date: '2026-06-10' };
const NOW = '2026-07-06T06:00:00.000Z';

describe('shippingBillColumns', () => {
  it('an export takes its shipping bill, dated on or after the invoice, with when it was set', () => {
    const columns = shippingBillColumns(BILL, EXPORT, NOW);
    expect(columns).toEqual({ shipping_bill_port: 'INNSA1', shipping_bill_number: '1234567', shipping_bill_date: '2026-06-12', shipping_bill_time: NOW });
    expect(presentShippingBill(columns)).toEqual(BILL);
    expect(shippingBillColumns({ ...BILL, date: '2026-06-10' }, EXPORT, NOW).shipping_bill_date).toBe('2026-06-10');
  });

  it('refuses a domestic invoice and a bill dated before the invoice, naming the create\'s or the endpoint\'s fields', () => {
    const domestic = { placeOfSupply: 'IN-KA', date: '2026-06-10' };
    expect(() => shippingBillColumns(BILL, domestic, NOW)).toThrow(expect.objectContaining({ code: 'validation.invalid_value', field: 'shipping_bill' }));
    expect(() => shippingBillColumns(BILL, domestic, NOW, ON_ITS_OWN)).toThrow(expect.objectContaining({ field: 'invoice_id' }));
    const early = { ...BILL, date: '2026-06-09' };
    expect(() => shippingBillColumns(early, EXPORT, NOW)).toThrow(expect.objectContaining({ field: 'shipping_bill.date' }));
    expect(() => shippingBillColumns(early, EXPORT, NOW, ON_ITS_OWN)).toThrow(expect.objectContaining({ field: 'date' }));
  });

  it('shows none until all three are given', () => {
    expect(presentShippingBill({ shipping_bill_port: null, shipping_bill_number: null, shipping_bill_date: null, shipping_bill_time: null })).toBeNull();
  });
});
