import { afterAll, describe, expect, it } from 'vitest';
import { databaseBefore, insertRow, type DatabaseBefore } from '../support/migration-fixture';

/*
 * Migration 034 on documents made before it: each invoice, bill, note and expense with a vendor
 * takes its contact as it is now as the party it keeps (the legal name, else the company name,
 * else the name); an expense without a vendor keeps none.
 */
describe('migration 034 on documents made before it', () => {
  let before: DatabaseBefore;
  afterAll(async () => { await before?.close(); });

  it('copies each document\'s contact onto it, as the service copies one', async () => {
    before = await databaseBefore('034-party-copy');
    const ORG = 'org_OLD';
    const pune = { address: 'Plot 7, MIDC Bhosari', city: 'Pune', state_code: 'IN-MH', zip: '411026', country: 'India' };
    await insertRow(before, 'contacts', {
      org_id: ORG, contact_id: 'con_BUYER', contact_name: 'Udyog', company_name: 'Udyog Supplies Pvt. Ltd.', gst_no: '27AAPFU0939F1ZV',
      gst_treatment: 'REGISTERED', place_of_contact: 'IN-MH', billing_address: JSON.stringify(pune), shipping_address: null,
    });
    await insertRow(before, 'contacts', {
      org_id: ORG, contact_id: 'con_SELLER', contact_name: 'Corner Shop', gst_no: null, gst_treatment: 'UNREGISTERED', place_of_contact: 'IN-KA',
      billing_address: null, shipping_address: JSON.stringify({ address: 'MG Road', city: 'Bengaluru', state_code: null, zip: null, country: null }),
    });
    await insertRow(before, 'invoices', { org_id: ORG, invoice_id: 'inv_SENT', invoice_number: 'INV-1', customer_id: 'con_BUYER', status: 'SENT' });
    await insertRow(before, 'invoices', { org_id: ORG, invoice_id: 'inv_DRAFT', invoice_number: 'INV-2', customer_id: 'con_BUYER', status: 'DRAFT' });
    await insertRow(before, 'credit_notes', { org_id: ORG, credit_note_id: 'cn_1', credit_note_number: 'CN-1', contact_id: 'con_BUYER', status: 'ISSUED' });
    await insertRow(before, 'bills', { org_id: ORG, bill_id: 'bill_1', bill_number: 'B-1', vendor_id: 'con_SELLER', status: 'OPEN' });
    await insertRow(before, 'debit_notes', { org_id: ORG, debit_note_id: 'dn_1', debit_note_number: 'DN-1', contact_id: 'con_SELLER', status: 'ISSUED' });
    await insertRow(before, 'expenses', { org_id: ORG, expense_id: 'exp_VENDOR', vendor_id: 'con_SELLER', status: 'RECORDED' });
    await insertRow(before, 'expenses', { org_id: ORG, expense_id: 'exp_NONE', vendor_id: null, status: 'RECORDED' });
    await before.database.migrate();

    const parties = async (table: string, id: string) => (await before.raw.selectFrom(table).select([id, 'party']).orderBy(id).execute())
      .map((r) => [r[id], r.party === null ? null : JSON.parse(String(r.party))]);
    const BUYER = { gstin: '27AAPFU0939F1ZV', legal_name: 'Udyog Supplies Pvt. Ltd.', billing_address: pune, shipping_address: null, state_code: 'IN-MH', gst_treatment: 'REGISTERED' };
    const SELLER = {
      gstin: null, legal_name: 'Corner Shop', billing_address: null,
      shipping_address: { address: 'MG Road', city: 'Bengaluru', state_code: null, zip: null, country: null }, state_code: 'IN-KA', gst_treatment: 'UNREGISTERED',
    };
    expect(await parties('invoices', 'invoice_id')).toEqual([['inv_DRAFT', BUYER], ['inv_SENT', BUYER]]);
    expect(await parties('credit_notes', 'credit_note_id')).toEqual([['cn_1', BUYER]]);
    expect(await parties('bills', 'bill_id')).toEqual([['bill_1', SELLER]]);
    expect(await parties('debit_notes', 'debit_note_id')).toEqual([['dn_1', SELLER]]);
    expect(await parties('expenses', 'expense_id')).toEqual([['exp_NONE', null], ['exp_VENDOR', SELLER]]);
  }, 60_000);
});
