import { describe, expect, it } from 'vitest';
import { isUpiVpa, upiPaymentUri } from './upi';

describe('UPI payment links', () => {
  it('builds the intent URI with two-decimal rupees, INR and encoded names', () => {
    expect(upiPaymentUri({ vpa: 'asha.traders@okhdfc', payeeName: 'Asha & Sons, Pune', amount: 118_050, note: 'INV-2026-27-001' }))
      .toBe('upi://pay?pa=asha.traders@okhdfc&pn=Asha%20%26%20Sons%2C%20Pune&am=1180.50&cu=INR&tn=INV-2026-27-001');
    expect(upiPaymentUri({ vpa: 'a1@ybl', payeeName: 'बही', amount: 5, note: 'X/1?#' }))
      .toBe('upi://pay?pa=a1@ybl&pn=%E0%A4%AC%E0%A4%B9%E0%A5%80&am=0.05&cu=INR&tn=X%2F1%3F%23');
    const parsed = new URL(upiPaymentUri({ vpa: 'shop-01_x@paytm', payeeName: 'A=B&c', amount: 100_000, note: 'N 1' }));
    expect(Object.fromEntries(parsed.searchParams)).toEqual({ pa: 'shop-01_x@paytm', pn: 'A=B&c', am: '1000.00', cu: 'INR', tn: 'N 1' });
  });

  it.each([
    ['asha@okhdfc', true], ['asha.traders-1_x@ybl', true], ['9876543210@upi', true],
    ['asha', false], ['@okhdfc', false], ['a@b', false], ['asha@ok hdfc', false], ['asha@1bank', false], ['as ha@ybl', false],
    ['asha@ybl&am=1', false], ['.asha@ybl', false], ['asha@@ybl', false],
  ])('%s is a VPA: %s', (vpa, ok) => {
    expect(isUpiVpa(vpa)).toBe(ok);
  });
});
