import { describe, expect, it } from 'vitest';
import { KINDS } from './kinds';
import { filterParams, filtersFromForm, listAddress, listQuery } from './list-query';

describe('a list’s filters, between the address and the API', () => {
  it('knows which filters each kind’s list takes', () => {
    expect(filterParams(KINDS.invoices)).toEqual(['search', 'status', 'einvoice_status', 'customer_id', 'date_from', 'date_to']);
    expect(filterParams(KINDS.bills)).toEqual(['search', 'status', 'vendor_id', 'date_from', 'date_to']);
    expect(filterParams(KINDS.credit_notes)).toEqual(['search', 'status', 'type', 'einvoice_status', 'customer_id']);
    expect(filterParams(KINDS.bills_of_entry)).toEqual(['search']);
  });

  it('sends only the filters the kind takes, trimmed, and none left empty', () => {
    const address = { search: '  raman ', status: 'DRAFT', flow: 'INCOMING', date_from: '', einvoice_status: 'ACTIVE' };
    expect(listQuery(KINDS.invoices, address)).toEqual({ search: 'raman', status: 'DRAFT', einvoice_status: 'ACTIVE' });
    expect(listQuery(KINDS.bills, address)).toEqual({ search: 'raman', status: 'DRAFT' });
    expect(listQuery(KINDS.payments, address)).toEqual({ search: 'raman', flow: 'INCOMING' });
  });

  it('puts the filters in the address, leaving out empty ones', () => {
    expect(listAddress('/app/documents/invoices', { search: 'ram an', status: '' })).toBe('/app/documents/invoices?search=ram+an');
    expect(listAddress('/app/documents/invoices', { status: ' ' })).toBe('/app/documents/invoices');
  });

  it('reads the form: typed dates become ISO days, a date that is not a day is named', () => {
    const dates = ['date_from', 'date_to'];
    expect(filtersFromForm([['search', ' INV-26 '], ['status', ''], ['date_from', '1/6/2026'], ['date_to', '30-06-2026']], dates))
      .toEqual({ filters: { search: 'INV-26', date_from: '2026-06-01', date_to: '2026-06-30' }, invalid: [] });
    expect(filtersFromForm([['date_from', '31/06/2026'], ['date_to', '']], dates))
      .toEqual({ filters: {}, invalid: ['date_from'] });
  });
});
