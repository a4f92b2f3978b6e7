import { describe, expect, it } from 'vitest';
import { FileReadError } from '../../kernel/file-error';
import { sheetUnits } from './sheet-units.rules';

const rows = (...lines: string[][]) => lines.map((cells, i) => ({ line: i + 1, cells }));

describe('sheetUnits', () => {
  it('groups the rows of a document key into one document, a blank key continuing the one above', () => {
    const units = sheetUnits(rows(
      ['invoice_number', 'customer', 'date', 'place_of_supply', 'line_name', 'rate', 'tax'],
      ['INV-1', 'Raman', '01/06/2025', '29', 'A', '100', '18'],
      ['', '', '', '', 'B', '200', '5'],
      ['INV-2', 'Raman', '02/06/2025', '29', 'C', '300', ''],
    ), 'invoices');
    expect(units.map((u) => [u.key, u.source, u.row])).toEqual([['INV-1', 'rows 2-3', 2], ['INV-2', 'row 4', 4]]);
    expect(units[0]!.body).toEqual({
      auto_approve: true, invoice_number: 'INV-1', customer_id: { $ref: 'contact', name: 'Raman' }, date: '2025-06-01', place_of_supply: '29',
      line_items: [{ name: 'A', rate: 100, tax_id: { $ref: 'tax', name: '18' } }, { name: 'B', rate: 200, tax_id: { $ref: 'tax', name: '5' } }],
    });
    expect(units[0]!.columns!['line_items[].rate']).toBe('rate');
  });

  it("keys a row by the file's own id column, else the record's natural name", () => {
    const units = sheetUnits(rows(['External ID', 'Contact Name', 'GST No'], ['C-9', 'Ravi', ''], ['', 'ravi traders', '29aaacr5055k1z3']), 'contacts');
    expect(units.map((u) => u.key)).toEqual(['id:C-9', 'RAVI TRADERS|29AAACR5055K1Z3']);
  });

  it('fills a blank state from the GSTIN', () => {
    const [unit] = sheetUnits(rows(['contact_name', 'gst_no', 'city', 'state'], ['Ravi', '29AAACR5055K1Z3', 'Bengaluru', '']), 'contacts');
    expect(unit!.body).toMatchObject({ billing_address: { city: 'Bengaluru', state_code: '29' } });
  });

  it('reads headers by the mapping', () => {
    const [unit] = sheetUnits(rows(['Party'], ['Ravi']), 'contacts', { contact_name: 'Party' });
    expect(unit!.body).toEqual({ contact_name: 'Ravi' });
    expect(unit!.columns).toEqual({ contact_name: 'Party' });
  });

  it('makes one opening balances body of the whole sheet', () => {
    const [unit, ...rest] = sheetUnits(rows(
      ['type', 'account', 'debit', 'credit', 'contact', 'number', 'date', 'place_of_supply', 'rate', 'taxable_value', 'cgst', 'sgst', 'open_amount', 'party_type', 'amount'],
      ['ACCOUNT', 'Bank', '50,000', '', '', '', '', '', '', '', '', '', '', '', ''],
      ['INVOICE', '', '', '', 'Raman', 'S/1', '31/03/2025', '29', '18', '1,000', '90', '90', '1,180', '', ''],
      ['INVOICE', '', '', '', 'Raman', 'S/1', '31/03/2025', '29', '5', '100', '2.50', '2.50', '1,180', '', ''],
      ['ADVANCE', '', '', '', 'Patel', '', '', '', '', '', '', '', '', 'VENDOR', '5,000'],
    ), 'opening_balances');
    expect(rest).toEqual([]);
    expect(unit!.key).toMatch(/^sha256:/);
    expect(unit!.body).toEqual({
      accounts: [{ account_id: { $ref: 'account', name: 'Bank' }, debit: 50000 }],
      open_items: [{
        type: 'INVOICE', contact_id: { $ref: 'contact', name: 'Raman' }, number: 'S/1', date: '2025-03-31', place_of_supply: '29', open_amount: 1180,
        taxes: [{ rate: 18, taxable_value: 1000, cgst: 90, sgst: 90 }, { rate: 5, taxable_value: 100, cgst: 2.5, sgst: 2.5 }],
      }],
      advances: [{ type: 'VENDOR', contact_id: { $ref: 'contact', name: 'Patel' }, amount: 5000 }],
    });
  });

  it('refuses a sheet it can make nothing of, naming the row', () => {
    expect(() => sheetUnits(rows([], ['Foo', 'Bar']), 'contacts')).toThrow(new FileReadError('row 2', "the header row has none of the contacts template's columns (GET /imports/templates/contacts), and no mapping names them"));
    expect(() => sheetUnits(rows(['contact_name']), 'contacts', { widget: 'X' })).toThrow(FileReadError);
  });
});
