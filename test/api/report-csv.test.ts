import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountId, expectBooksBalanced } from '../support/books';
import { gstCustomer, gstOrg, SUPPLIER_GSTIN } from '../support/gst-documents';
import { createInvoice, postedBill, taxId, vendor } from '../support/sales';
import { startTestApp, type OrgFixture, type TestApp } from '../support/test-app';

/*
 * Every report answers format=csv: one header row, amounts as plain numbers. The books, in rupees
 * (June 2026, Karnataka, every figure worked by hand):
 *  10 Jun  invoice to Raman Traders (GSTIN, Karnataka): a laptop 1,000 + CGST 90 + SGST 90 = 1,180.
 *  12 Jun  bill from Udyog (Karnataka): staff lunch 2,000 + CGST 50 + SGST 50 at 5%, its credit
 *          blocked by s.17(5)(b), so the 100 of tax is added to General Expenses: 2,100.
 */
let t: TestApp;
let org: OrgFixture;
let raman: string;
let udyog: string;
let invoice: { invoice_id: string; invoice_number: string };
let bill: { bill_id: string; bill_number: string; line_items: { line_item_id: string }[] };

beforeAll(async () => {
  t = await startTestApp();
  t.clock.set(new Date('2026-06-30T06:00:00Z'));
  org = await gstOrg(t);
  const api = org.api;
  const [gst18, gst5] = await Promise.all([taxId(api, 18), taxId(api, 5)]);
  raman = await gstCustomer(api);
  udyog = await vendor(api, { contact_name: 'Udyog Supplies', place_of_contact: 'IN-KA' });
  const created = await createInvoice(api, {
    customer_id: raman, date: '2026-06-10', place_of_supply: 'IN-KA', auto_approve: true,
    line_items: [{ name: 'Laptop', hsn_or_sac: '8471', quantity: 1, unit: 'NOS', rate: 1000, tax_id: gst18 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  invoice = created.body.invoice;
  bill = await postedBill(api, udyog, 0, {
    date: '2026-06-12', due_date: '2026-07-12',
    line_items: [{ name: 'Staff lunch', rate: 2000, tax_id: gst5, account_id: await accountId(api, 'General Expenses'), itc_blocked_reason: '17(5)(b)' }],
  });
});
afterAll(async () => { await t.close(); });

async function csv(path: string): Promise<string[]> {
  const res = await org.api.get(path);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(res.headers.get('content-type'), path).toBe('text/csv; charset=utf-8');
  return (res.body as string).split('\r\n');
}

describe('format=csv', () => {
  it('answers the trial balance through a date and over a period, a row per account and a Total row', async () => {
    expect(await csv('/reports/trial_balance?date=2026-06-30&format=csv')).toEqual([
      'account_code,account_name,account_type,debit,credit,balance,balance_side',
      '1100,Accounts Receivable,ACCOUNTS_RECEIVABLE,1180.00,0.00,1180.00,DEBIT',
      '2100,Accounts Payable,ACCOUNTS_PAYABLE,0.00,2100.00,2100.00,CREDIT',
      '2310,CGST Output,GST_LIABILITY,0.00,90.00,90.00,CREDIT',
      '2320,SGST Output,GST_LIABILITY,0.00,90.00,90.00,CREDIT',
      '4100,Sales,SALES,0.00,1000.00,1000.00,CREDIT',
      '6100,General Expenses,EXPENSE,2100.00,0.00,2100.00,DEBIT',
      ',Total,,3280.00,3280.00,,',
      '',
    ]);
    const period = await csv('/reports/trial_balance?from_date=2026-06-01&to_date=2026-06-30&format=csv');
    expect(period.slice(0, 2)).toEqual([
      'account_code,account_name,account_type,opening_balance,opening_balance_side,debit,credit,balance,balance_side',
      '1100,Accounts Receivable,ACCOUNTS_RECEIVABLE,0.00,DEBIT,1180.00,0.00,1180.00,DEBIT',
    ]);
    expect(period.at(-2)).toBe(',Total,,,,3280.00,3280.00,,');
  });

  it('answers the profit and loss and the balance sheet line by line, accounts before their total', async () => {
    expect(await csv('/reports/profit_and_loss?from_date=2026-04-01&to_date=2026-06-30&format=csv')).toEqual([
      'line,account_code,account_name,amount,previous_amount',
      'revenue_from_operations,4100,Sales,1000.00,', 'revenue_from_operations,,,1000.00,', 'other_income,,,0.00,', 'total_income,,,1000.00,',
      'expenses.cost_of_goods_sold,,,0.00,', 'expenses.expenses,6100,General Expenses,2100.00,', 'expenses.expenses,,,2100.00,',
      'expenses.other_expenses,,,0.00,', 'total_expenses,,,2100.00,', 'profit_before_tax,,,-1100.00,', 'tax_expense,,,0.00,',
      'net_profit,,,-1100.00,', 'gross_profit,,,1000.00,', '',
    ]);
    const compared = await csv('/reports/profit_and_loss?from_date=2026-04-01&to_date=2026-06-30&compare=previous_year&format=csv');
    expect(compared).toContain('net_profit,,,-1100.00,0.00');
    const bs = await csv('/reports/balance_sheet?date=2026-06-30&format=csv');
    expect(bs[0]).toBe('line,account_code,account_name,amount,previous_amount');
    expect(bs).toEqual(expect.arrayContaining([
      'equity.current_year_profit,,,-1100.00,',
      'liabilities.current_liabilities.other_current_liabilities,2310,CGST Output,90.00,',
      'liabilities.current_liabilities,,,2280.00,',
      'assets.current_assets.trade_receivables,1100,Accounts Receivable,1180.00,',
      'total_assets,,,1180.00,',
      'total_equity_and_liabilities,,,1180.00,',
    ]));
  });

  it('answers the customer and vendor ledgers: the opening balance, then each entry with its running balance', async () => {
    const [journal] = (await org.api.get(`/journals?source=INVOICE&source_id=${invoice.invoice_id}`)).body.journals;
    const customer = await csv(`/reports/customer_ledger?contact_id=${raman}&from_date=2026-06-01&format=csv`);
    expect(customer.slice(0, 2)).toEqual(['date,source,source_id,document_number,journal_id,kind,description,debit,credit,balance', '2026-06-01,,,,,,Opening balance,,,0.00']);
    expect(customer[2]).toMatch(new RegExp(`^2026-06-10,INVOICE,${invoice.invoice_id},${invoice.invoice_number},${journal.journal_id},POSTING,[^,]*,1180\\.00,0\\.00,1180\\.00$`));
    const vendor = await csv(`/reports/vendor_ledger?contact_id=${udyog}&format=csv`);
    expect(vendor[1]).toBe(',,,,,,Opening balance,,,0.00');
    expect(vendor[2]).toMatch(new RegExp(`^2026-06-12,BILL,${bill.bill_id},${bill.bill_number},jnl_\\w+,POSTING,[^,]*,0\\.00,2100\\.00,2100\\.00$`));
  });

  it('answers the blocked input tax credit, a row per line and a TOTAL row', async () => {
    const general = await accountId(org.api, 'General Expenses');
    expect(await csv('/reports/blocked_itc?from_date=2026-06-01&to_date=2026-06-30&format=csv')).toEqual([
      'document_type,document_id,document_number,date,vendor_id,vendor_name,line_item_id,account_id,itc_blocked_reason,is_rcm,taxable_value,cgst,sgst,igst,tax',
      `BILL,${bill.bill_id},${bill.bill_number},2026-06-12,${udyog},Udyog Supplies,${bill.line_items[0]!.line_item_id},${general},17(5)(b),false,2000.00,50.00,50.00,0.00,100.00`,
      'TOTAL,,,,,,,,,,2000.00,50.00,50.00,0.00,100.00',
      '',
    ]);
  });

  it("answers GSTR-3B a row per figure set, and GSTR-1's summary a row per section", async () => {
    const gstr3b = await csv(`/gst/gstr3b?gstin=${SUPPLIER_GSTIN}&period=062026&format=csv`);
    expect(gstr3b[0]).toBe('table,field,ty,pos,txval,iamt,camt,samt,csamt,inter,intra');
    // The blocked 50 + 50 is claimed in 4(A) and reversed in 4(B) under RUL.
    expect(gstr3b).toEqual(expect.arrayContaining(['3.1(a),osup_det,,,1000,0,90,90,0,,', '4(A),itc_avl,OTH,,,0,50,50,0,,', '4(B),itc_rev,RUL,,,0,50,50,0,,', '4(C),itc_net,,,,0,0,0,0,,', '5,isup_details,GST,,,,,,,0,0']));
    const summary = await csv(`/gst/gstr1/summary?gstin=${SUPPLIER_GSTIN}&period=062026&format=csv`);
    expect(summary.slice(0, 3)).toEqual(['section,documents,txval,iamt,camt,samt,csamt', 'b2b,1,1000,0,90,90,0', 'b2cl,0,0,0,0,0,0']);
  });

  it('answers every other report route as CSV too, each with its header row', async () => {
    const bank = await accountId(org.api, 'Bank');
    const sales = await accountId(org.api, 'Sales');
    const headers: Record<string, string> = {
      [`/reports/general_ledger?account_id=${sales}&format=csv`]: 'date,journal_id,source,source_id,document_number,kind,contact_name,description,debit,credit,balance,balance_side',
      [`/reports/cash_book?account_id=${bank}&format=csv`]: 'date,journal_id,source,source_id,document_number,kind,contact_name,description,debit,credit,balance,balance_side',
      '/reports/day_book?format=csv': 'date,journal_id,source,source_id,document_number,kind,memo,contact_name,account_code,account_name,description,debit,credit',
      '/reports/receivables_ageing?date=2026-06-30&format=csv': 'contact_id,contact_name,current,1-30,31-60,61-90,over 90,outstanding,open_credits,net',
      '/reports/payables_ageing?date=2026-06-30&format=csv': 'contact_id,contact_name,current,1-30,31-60,61-90,over 90,outstanding,open_credits,net',
      [`/reports/hsn_summary?gstin=${SUPPLIER_GSTIN}&from_date=2026-06-01&to_date=2026-06-30&format=csv`]: 'section,num,hsn_sc,desc,uqc,qty,rt,txval,iamt,camt,samt,csamt',
      [`/reports/documents_issued?gstin=${SUPPLIER_GSTIN}&from_date=2026-06-01&to_date=2026-06-30&format=csv`]: 'doc_num,doc_typ,num,series,from,to,totnum,cancel,net_issue',
      [`/gst/gstr1?gstin=${SUPPLIER_GSTIN}&period=062026&format=csv&section=b2b`]: 'ctin,inum,idt,val,pos,rchrg,inv_typ,num,rt,txval,iamt,camt,samt,csamt',
      '/exports/ledger?format=csv': 'date,journal_id,code,description,account,debit,credit',
    };
    for (const [path, header] of Object.entries(headers)) expect((await csv(path))[0], path).toBe(header);
    expect(await csv(`/reports/general_ledger?account_id=${sales}&from_date=2026-06-01&to_date=2026-06-30&format=csv`)).toContainEqual(
      expect.stringMatching(new RegExp(`^2026-06-10,jnl_\\w+,INVOICE,${invoice.invoice_id},${invoice.invoice_number},POSTING,Raman Traders,[^,]*,0\\.00,1000\\.00,1000\\.00,CREDIT$`)));
    await expectBooksBalanced(org.api);
  });
});
