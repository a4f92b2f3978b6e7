import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateBody } from '../../http/validation';
import { CreateBillBody } from '../bills/bills.schemas';
import { CreateItemBody } from '../catalog/catalog.schemas';
import { CreateContactBody } from '../contacts/contacts.schemas';
import { CreateCreditNoteBody } from '../credit-notes/credit-notes.schemas';
import { CreateDebitNoteBody } from '../debit-notes/debit-notes.schemas';
import { CreateInvoiceBody } from '../invoices/invoices.schemas';
import { CreateJournalBody } from '../ledger/ledger.schemas';
import { OpeningBalancesBody } from '../opening-balances/opening-balances.schemas';
import { CreatePaymentBody } from '../payments/payments.schemas';
import { CreateAccountBody } from '../admin/admin.schemas';
import type { ImportUnit } from '../imports';
import { readTallyExport } from './tally-read-export.rules';

const sample = (name: string) => readFileSync(new URL(`../../../test/fixtures/tally/samples/${name}`, import.meta.url));
const masters = readTallyExport(sample('masters.xml'));
const vouchers = readTallyExport(sample('vouchers.xml'), masters);

const SCHEMAS: Record<string, object> = {
  contacts: CreateContactBody, accounts: CreateAccountBody, items: CreateItemBody, opening_balances: OpeningBalancesBody,
  invoices: CreateInvoiceBody, bills: CreateBillBody, credit_notes: CreateCreditNoteBody, debit_notes: CreateDebitNoteBody,
  payments: CreatePaymentBody, journals: CreateJournalBody,
};

/** A body as the run sends it once each NameRef is resolved: every { $ref, name } an id. */
function resolved(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolved);
  if (value !== null && typeof value === 'object') {
    if ('$ref' in value) return (value as { $ref: string }).$ref === 'tax' ? 'tax_01J0000000000000000000000' : 'con_01J0000000000000000000000';
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolved(v)]));
  }
  return value;
}

const byKey = (units: readonly ImportUnit[], key: string) => units.find((u) => u.key === key)!;

describe('readTallyExport: masters', () => {
  it('reads the company and writes contacts, then accounts, then items, then the opening balances', () => {
    expect(masters.company).toBe('Asha & Sons');
    expect(masters.units.map((u) => `${u.kind} ${u.key}`)).toEqual([
      'contacts Asha Traders', 'contacts Bharat Supplies',
      'accounts Owner Capital', 'accounts HDFC Bank', 'accounts Cash', 'accounts Local Sales', 'accounts Freight Charges',
      'items Steel Bolt',
      'opening_balances tally opening balances',
    ]);
    expect(masters.skipped).toEqual([]);
  });

  it('reads a UTF-16LE file holding &#4; as its UTF-8 twin', () => {
    expect(readTallyExport(sample('masters-utf16.xml'))).toEqual(masters);
  });

  it('makes a debtor under a user group a customer, its GSTIN upper-cased, its state a place', () => {
    expect(byKey(masters.units, 'Asha Traders')).toEqual({
      kind: 'contacts', key: 'Asha Traders', source: 'LEDGER Asha Traders', row: null,
      body: {
        contact_name: 'Asha Traders', contact_type: 'CUSTOMER', gst_no: '27AANPP7315C1ZN', gst_treatment: 'REGISTERED',
        place_of_contact: 'IN-MH', billing_address: { address: '12 Laxmi Road, Pune', zip: '411001' },
      },
    });
    expect(byKey(masters.units, 'Bharat Supplies').body).toEqual({
      contact_name: 'Bharat Supplies', contact_type: 'VENDOR', gst_no: '29AAECK5532N1Z2', gst_treatment: 'REGISTERED', place_of_contact: 'IN-KA',
    });
  });

  it('maps GST and round-off ledgers onto system accounts and creates no account for them', () => {
    const targets = Object.fromEntries(masters.ledgers.map((l) => [l.name, l.target]));
    expect(targets['Output CGST']).toEqual({ to: 'system_account', keys: ['cgst_output'] });
    expect(targets['Output SGST']).toEqual({ to: 'system_account', keys: ['sgst_output'] });
    expect(targets['IGST']).toEqual({ to: 'system_account', keys: ['igst_input', 'igst_output'] });
    expect(targets['Rounding Off']).toEqual({ to: 'system_account', keys: ['round_off'] });
    expect(byKey(masters.units, 'HDFC Bank').body).toEqual({ account_name: 'HDFC Bank', account_type: 'BANK' });
    expect(byKey(masters.units, 'Freight Charges').body).toEqual({ account_name: 'Freight Charges', account_type: 'COST_OF_GOODS_SOLD' });
  });

  it('takes a stock item\'s latest GST details: HSN, central + state rate, unit as a UQC', () => {
    expect(byKey(masters.units, 'Steel Bolt').body).toEqual({
      name: 'Steel Bolt', type: 'GOODS', rate: 0, hsn_sac: '73181500', tax_id: { $ref: 'tax', name: '18' }, unit: 'NOS',
    });
  });

  it('writes the openings: accounts, and the debtor\'s bill-wise opening as an open item on the receivable', () => {
    // Capital 1,00,000 Cr = HDFC 60,000 Dr + Cash 28,200 Dr + Asha Traders 11,800 Dr (bill INV 7).
    expect(byKey(masters.units, 'tally opening balances').body).toEqual({
      accounts: [
        { account_id: { $ref: 'account', name: 'Owner Capital' }, credit: 100000 },
        { account_id: { $ref: 'account', name: 'HDFC Bank' }, debit: 60000 },
        { account_id: { $ref: 'account', name: 'Cash' }, debit: 28200 },
        { account_id: { $ref: 'system_account', name: 'accounts_receivable' }, debit: 11800 },
      ],
      open_items: [{
        type: 'INVOICE', contact_id: { $ref: 'contact', name: 'Asha Traders' }, number: 'INV-7', date: '2025-03-15', place_of_supply: 'IN-MH', open_amount: 11800,
      }],
    });
  });
});

describe('readTallyExport: vouchers', () => {
  it('writes the vouchers by date, and lists the cancelled, optional and order vouchers as skipped', () => {
    expect(vouchers.units.map((u) => `${u.kind} ${u.source}`)).toEqual([
      'invoices VOUCHER Sales S/1 (20250405)', 'payments VOUCHER Receipt 1 (20250406)', 'bills VOUCHER Purchase 1 (20250407)',
      'payments VOUCHER Payment 1 (20250408)', 'journals VOUCHER Contra 1 (20250409)', 'journals VOUCHER Journal 1 (20250410)',
      'invoices VOUCHER GST Sale S/3 (20250412)',
    ]);
    expect(vouchers.skipped.map((s) => `${s.code} ${s.source}`)).toEqual([
      'tally.cancelled VOUCHER Sales S/2 (20250411)', 'tally.optional VOUCHER Journal 2 (20250411)', 'tally.not_accounting VOUCHER Sales Order SO/1 (20250411)',
    ]);
  });

  it('makes an invoice-mode sale an approved invoice of its items, expecting the party\'s amount, a journal its fallback', () => {
    const sale = byKey(vouchers.units, 'g-sales-1');
    expect(sale.body).toEqual({
      customer_id: { $ref: 'contact', name: 'Asha Traders' }, date: '2025-04-05', invoice_number: 'S/1', auto_approve: true, place_of_supply: 'IN-MH',
      line_items: [{
        item_id: { $ref: 'item', name: 'Steel Bolt' }, quantity: 10, rate: 100, hsn_or_sac: '73181500', account_id: { $ref: 'account', name: 'Local Sales' }, tax_id: { $ref: 'tax', name: '18' },
      }],
    });
    expect(sale.expectedTotal).toBe(118000); // 1,000 + 9% CGST 90 + 9% SGST 90
    expect(sale.fallback?.body).toEqual({
      date: '2025-04-05', contact_id: { $ref: 'contact', name: 'Asha Traders' },
      lines: [
        { account_id: { $ref: 'system_account', name: 'accounts_receivable' }, debit: 1180 },
        { account_id: { $ref: 'system_account', name: 'cgst_output' }, credit: 90 },
        { account_id: { $ref: 'system_account', name: 'sgst_output' }, credit: 90 },
        { account_id: { $ref: 'account', name: 'Local Sales' }, credit: 1000 },
      ],
    });
  });

  it('keeps a rate finer than the quantity gives, and expects the rounded total', () => {
    const sale = byKey(vouchers.units, 'g-sales-3');
    expect((sale.body as { line_items: unknown[] }).line_items).toEqual([{
      item_id: { $ref: 'item', name: 'Steel Bolt' }, quantity: 3, rate: 33.33, hsn_or_sac: '73181500', account_id: { $ref: 'account', name: 'Local Sales' }, tax_id: { $ref: 'tax', name: '18' },
    }]);
    expect(sale.expectedTotal).toBe(11800); // 99.99 + 9.00 + 9.00 = 117.99, rounded off by 0.01 to 118.00
  });

  it('makes an accounting-mode purchase a bill of its ledger lines at the ledger\'s rate and HSN, numbered by the supplier', () => {
    const bill = vouchers.units.find((u) => u.kind === 'bills')!;
    expect(bill.key).toBe('Purchase/1/2025-04-07'); // no GUID: type, number and date
    expect(bill.body).toEqual({
      vendor_id: { $ref: 'contact', name: 'Bharat Supplies' }, date: '2025-04-07', bill_number: 'BS-99', reference_number: '1', auto_approve: true, place_of_supply: 'IN-MH',
      line_items: [{ name: 'Freight Charges', quantity: 1, rate: 2000, hsn_or_sac: '996511', account_id: { $ref: 'account', name: 'Freight Charges' }, tax_id: { $ref: 'tax', name: '12' } }],
    });
    expect(bill.expectedTotal).toBe(224000);
  });

  it('makes receipts and payments payments allocated by Agst Ref, the rest unallocated', () => {
    expect(byKey(vouchers.units, 'g-receipt-1').body).toEqual({
      flow: 'INCOMING', contact_id: { $ref: 'contact', name: 'Asha Traders' }, date: '2025-04-06', amount: 12980, mode: 'BANK_TRANSFER',
      bank_account_id: { $ref: 'account', name: 'HDFC Bank' }, reference_number: '1', description: 'NEFT from Asha Traders',
      allocations: [{ invoice_id: { $ref: 'invoice', name: 'S/1' }, amount: 1180 }, { invoice_id: { $ref: 'invoice', name: 'INV-7' }, amount: 11800 }],
    });
    expect(byKey(vouchers.units, 'g-payment-1').body).toEqual({
      flow: 'OUTGOING', contact_id: { $ref: 'contact', name: 'Bharat Supplies' }, date: '2025-04-08', amount: 3000, mode: 'BANK_TRANSFER',
      bank_account_id: { $ref: 'account', name: 'HDFC Bank' }, reference_number: '1', allocations: [{ bill_id: { $ref: 'bill', name: 'BS-99' }, amount: 2240 }],
    });
  });

  it('makes contras and journals journals', () => {
    expect(byKey(vouchers.units, 'g-contra-1').body).toEqual({
      date: '2025-04-09', memo: 'Cash deposited',
      lines: [{ account_id: { $ref: 'account', name: 'HDFC Bank' }, debit: 5000 }, { account_id: { $ref: 'account', name: 'Cash' }, credit: 5000 }],
    });
  });

  it('reads a vouchers file alone by the ledgers\' names: a GST ledger by its head, the party by PARTYLEDGERNAME', () => {
    const alone = readTallyExport(sample('vouchers.xml'));
    const sale = byKey(alone.units, 'g-sales-1');
    expect((sale.body as { customer_id: unknown }).customer_id).toEqual({ $ref: 'contact', name: 'Asha Traders' });
    expect((sale.fallback?.body as { lines: unknown[] }).lines[1]).toEqual({ account_id: { $ref: 'system_account', name: 'cgst_output' }, credit: 90 });
  });

  it('writes every body as its kind\'s create path takes it, once its references are resolved', () => {
    const units = [...masters.units, ...vouchers.units, ...vouchers.units.flatMap((u) => (u.fallback ? [u.fallback] : []))];
    for (const unit of units) expect(validateBody(SCHEMAS[unit.kind]!, resolved(unit.body)), `${unit.kind} ${unit.source}`).toBeNull();
  });
});

describe('readTallyExport: notes (the trading month)', () => {
  const month = (name: string) => readFileSync(new URL(`../../../test/fixtures/tally/trading-month/${name}`, import.meta.url));
  const monthMasters = readTallyExport(month('masters.xml'));
  const units = readTallyExport(month('vouchers.xml'), monthMasters).units;
  const note = (number: string) => units.find((u) => u.kind === 'credit_notes' && (u.body as { reference_number?: string }).reference_number === number)!;

  it('credits back the sales ledger of each inventory entry, and settles the invoice of its Agst Ref', () => {
    // CN/25-26/001: Padlock 50mm 20 Nos × 240.00 → Sales Interstate, Agst Ref SGT/25-26/003.
    expect(note('CN/25-26/001')).toMatchObject({
      body: { invoice_id: { $ref: 'invoice', name: 'SGT/25-26/003' }, line_items: [{ item_id: { $ref: 'item', name: 'Padlock 50mm' }, quantity: 20, rate: 240, account_id: { $ref: 'account', name: 'Sales Interstate' } }] },
      settlesParent: true,
    });
    expect(note('CN/25-26/002')).toMatchObject({ body: { line_items: [{ account_id: { $ref: 'account', name: 'Sales Local' } }] }, settlesParent: true });
    // A sale's New Ref makes a bill; it settles nothing.
    expect(units.filter((u) => u.kind === 'invoices').every((u) => u.settlesParent === undefined)).toBe(true);
  });
});

describe('readTallyExport: refusals', () => {
  it('names the line and column of a malformed file', () => {
    expect(() => readTallyExport(sample('malformed.xml'))).toThrow(expect.objectContaining({ code: 'validation.invalid_value', field: 'file', message: expect.stringMatching(/^line 8, column/) }));
  });

  it('refuses a file that is not a Tally export, a declaration and a bad amount', () => {
    const refuse = (xml: string, message: RegExp) => expect(() => readTallyExport(Buffer.from(xml))).toThrow(expect.objectContaining({ field: 'file', message: expect.stringMatching(message) }));
    refuse('<Document/>', /root element is <Document>/);
    refuse('<ENVELOPE><HEADER/></ENVELOPE>', /BODY/);
    refuse('<!DOCTYPE x [<!ENTITY a "b">]><ENVELOPE/>', /declarations/);
    refuse('<ENVELOPE><BODY><DATA><TALLYMESSAGE><LEDGER NAME="Cash"><PARENT>Cash-in-Hand</PARENT><OPENINGBALANCE>12.345</OPENINGBALANCE></LEDGER></TALLYMESSAGE></DATA></BODY></ENVELOPE>', /LEDGER Cash OPENINGBALANCE: "12.345"/);
    refuse('<ENVELOPE><BODY><DATA><TALLYMESSAGE><VOUCHER><DATE>2025-04-01</DATE></VOUCHER></TALLYMESSAGE></DATA></BODY></ENVELOPE>', /not a date/);
  });
});
