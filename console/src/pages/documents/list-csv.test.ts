import { describe, expect, it } from 'vitest';
import { KINDS } from './kinds';
import { listCsv } from './list-csv';

describe('the CSV of a list', () => {
  it('has a row per document shown: number, party, ISO day, status, total as the API gave it, currency', () => {
    const rows = [
      { bill_id: 'bill_1', bill_number: 'BILL-000006', vendor_name: 'Shenzhen Parts Co.', date: '2026-07-01T00:00:00', status: 'OPEN', total: 600, currency_code: 'USD' },
      { bill_id: 'bill_2', bill_number: 'BILL-"2"', vendor_name: 'Udyog Paper Mills', date: '2026-06-18T00:00:00', status: 'PAID', total: 28320.5, currency_code: 'INR' },
    ];
    expect(listCsv(KINDS.bills, rows)).toBe(
      '"Number","Vendor","Date","Status","Total","Currency"\r\n'
      + '"BILL-000006","Shenzhen Parts Co.","2026-07-01","OPEN","600","USD"\r\n'
      + '"BILL-""2""","Udyog Paper Mills","2026-06-18","PAID","28320.5","INR"\r\n',
    );
  });

  it('leaves out the party for journals, which have none, and heads the status by what it is', () => {
    const rows = [{ journal_id: 'jnl_1', source_ref: null, memo: 'Opening balances', date: '2026-03-31', source: 'OPENING_BALANCE', total: 111800 }];
    expect(listCsv(KINDS.journals, rows)).toBe('"Number","Date","Source","Total"\r\n"Opening balances","2026-03-31","OPENING_BALANCE","111800"\r\n');
  });

  it('is only the header for an empty list', () => {
    expect(listCsv(KINDS.invoices, [])).toBe('"Number","Customer","Date","Status","Total","Currency"\r\n');
  });
});
