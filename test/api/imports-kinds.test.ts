import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalanced } from '../support/books';
import { gstOrg } from '../support/gst-documents';
import { importErrors, runImport } from '../support/imports';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/* Each spreadsheet kind through its create path (docs/rules/imports.md), in the order a business moves in. */

let t: TestApp;
let o: OrgFixture;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are inspected freely

async function imported(kind: string, csv: string, created: number): Promise<Json> {
  const run = await runImport(o.api, csv, `${kind}.csv`, { kind });
  expect({ run, errors: await importErrors(o.api, run.import_id) }).toMatchObject({ run: { status: 'COMPLETED', created, failed: 0 }, errors: [] });
  return run;
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2025-06-20T06:00:00Z'));
  o = await gstOrg(t);
});
afterAll(async () => { await t.close(); });

describe('every kind, in order', () => {
  it('accounts, contacts and items', async () => {
    await imported('accounts', 'account_name,account_type,account_code\nSecurity Deposits,other_current_asset,1450\n', 1);
    const account = ((await o.api.get('/accounts?per_page=200')).body.accounts as Json[]).find((a) => a.account_name === 'Security Deposits');
    expect(account).toMatchObject({ account_code: '1450', account_type: 'OTHER_CURRENT_ASSET' });
    // Purchases of that type is in the chart already: that account, not a second one no name could reach.
    await imported('accounts', 'account_name,account_type\npurchases,cost_of_goods_sold\n', 1);
    expect(((await o.api.get('/accounts?per_page=200')).body.accounts as Json[]).filter((a) => a.account_name.toLowerCase() === 'purchases')).toMatchObject([{ system_key: 'purchases' }]);
    await imported('contacts', 'contact_name,contact_type,gst_no\nRaman Traders,CUSTOMER,29AAACR5055K1Z3\nUdyog Supplies,VENDOR,27AAPFU0939F1ZV\n', 2);
    await imported('items', 'name,rate,hsn_sac,tax,account\nWireless mouse,799,8471,18,Sales\n', 1);
  });

  it('invoices, bills, payments with allocations, notes and expenses', async () => {
    // 5 × 799 = 3,995 at 18% within Karnataka (CGST 359.55 + SGST 359.55): 4,714.10.
    await imported('invoices', 'invoice_number,customer,date,place_of_supply,item,quantity\nK/1,Raman Traders,10/06/2025,29,Wireless mouse,5\n', 1);
    const invoice = ((await o.api.get('/invoices')).body.invoices as Json[]).find((i) => i.invoice_number === 'K/1')!;
    expect(invoice).toMatchObject({ sub_total: 3995, tax_total: 719.1, total: 4714.1 });
    // 10,000 of goods from Maharashtra at 18% IGST: 11,800.
    await imported('bills', 'document_key,bill_number,vendor,date,place_of_supply,line_name,hsn_or_sac,rate,tax,purchase_account\nU-77,U-77,Udyog Supplies,11-06-2025,29,Toner,8443,"10,000",18,Purchases\n', 1);
    // The customer pays 2,000 of K/1; we pay the bill in full.
    await imported('payments', [
      'payment_key,flow,contact,date,amount,mode,bank_account,invoice_number,bill_number,allocation_amount',
      'R-1,INCOMING,Raman Traders,12/06/2025,"2,000",UPI,Bank,K/1,,"2,000"',
      'P-1,OUTGOING,Udyog Supplies,12/06/2025,"11,800",BANK_TRANSFER,Bank,,U-77,"11,800"',
    ].join('\n'), 2);
    const paid = ((await o.api.get('/invoices')).body.invoices as Json[]).find((i) => i.invoice_number === 'K/1')!;
    // 4,714.10 − 2,000 = 2,714.10 still owed.
    expect(paid.balance).toBe(2714.1);
    // One mouse back: 799 + 143.82 = 942.82 credited.
    await imported('credit_notes', 'document_key,customer,date,invoice_number,line_name,hsn_or_sac,quantity,rate,tax\nCN-1,Raman Traders,13/06/2025,K/1,Wireless mouse,8471,1,799,18\n', 1);
    await imported('debit_notes', 'document_key,vendor,date,bill_number,line_name,hsn_or_sac,rate,tax\nDN-1,Udyog Supplies,14/06/2025,U-77,Short supply,8443,500,18\n', 1);
    await imported('expenses', 'expense_key,date,paid_through,account,amount\nE-1,15/06/2025,Petty Cash,General Expenses,₹590\n', 1);
    await expectBooksBalanced(o.api);
  });

  it('opening balances are read into one body; their creator comes with the opening balances module', async () => {
    const run = await runImport(o.api, 'type,account,debit,credit\nACCOUNT,Bank,"50,000",\nACCOUNT,Owner\'s Equity,,"50,000"\n', 'opening.csv', { kind: 'opening_balances' });
    expect(run).toMatchObject({ status: 'COMPLETED', total_rows: 1 });
  });
});
