import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ConsoleTour } from '../../support/console-browser';

/* Answers are read freely here, as in the API tests: the figures asserted are literals or the API's own. */
type Answer = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const GSTIN = '29AABCB1234F1Z4';
const PERIOD = '062026';
const UDYOG = '27AAPFU0939F1ZV';
const NEFT = 'NEFT CR-HDFCN52026070600451212-RAMAN TRADERS';

/** Waits for the status line a write leaves: the API's own message. */
const said = (page: Page, message: string) => page.getByRole('status').filter({ hasText: message }).waitFor();

/**
 * The example scenario's books reconciled: Raman's NEFT of ₹23,600.00 on 6 July matched by keyboard
 * to the receipt the API suggests for it, and Udyog's June invoice in 2B, which the scenario
 * unlinked from its bill, linked to that bill again; each page of the bank and GST areas checked.
 */
export async function reconcileFlow(tour: ConsoleTour): Promise<void> {
  const { page } = tour;
  const { accounts } = await tour.api<Answer>('/accounts', { account_type: 'BANK' });
  const hdfc = accounts.find((a: { account_name: string }) => a.account_name === 'HDFC Bank Current Account');

  await tour.open('/app/bank');
  await tour.check('Bank accounts');
  await page.getByRole('link', { name: 'HDFC Bank Current Account', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Match lines: HDFC Bank Current Account' }).waitFor();
  await tour.check('Match lines');

  // The line and the entry the API suggests for it: the receipt booked that day with the UTR (score 100).
  const suggested = await tour.api<Answer>(`/bank_accounts/${hdfc.account_id}/suggestions`);
  const line = suggested.bank_transactions.find((l: { narration: string }) => l.narration === NEFT);
  expect(line.suggestions[0]).toMatchObject({ source: 'PAYMENT', reference: 'HDFCN52026070600451212', amount: 23600, score: 100 });

  // By keyboard alone: the suggestion's button takes the focus, Enter matches.
  await page.getByRole('button', { name: /^Match ₹23,600\.00 to payment HDFCN52026070600451212/ }).focus();
  await page.keyboard.press('Enter');
  await said(page, 'The bank line has been matched.');
  // The page reads its lines again after the match: the line leaves it.
  await page.getByRole('heading', { level: 2, name: /^Money in ₹23,600\.00/ }).waitFor({ state: 'detached' });
  const matched = (await tour.api<Answer>(`/bank_transactions/${line.bank_transaction_id}`)).bank_transaction;
  expect(matched.status).toBe('MATCHED');
  expect(matched.matches).toEqual([expect.objectContaining({ source: 'PAYMENT', source_id: line.suggestions[0].source_id, amount: 23600 })]);

  for (const [view, title] of [['lines', 'All lines'], ['statements', 'Statements'], ['reconciliations', 'Reconciliations']]) {
    await tour.open(`/app/bank/${hdfc.account_id}/${view}`);
    await page.getByRole('heading', { level: 1, name: `${title}: HDFC Bank Current Account` }).waitFor();
    await tour.check(title!);
  }
  await tour.open('/app/bank/rules');
  await page.getByRole('heading', { level: 1, name: 'Bank rules' }).waitFor();
  await tour.check('Bank rules');

  // June's 2B: Udyog's invoice UPM/0412/2026-27 stands alone, its bill (missing in 2B) refused by the scenario.
  const before = await tour.api<Answer>('/gst/reconciliation', { gstin: GSTIN, period: PERIOD, supplier_gstin: UDYOG });
  const invoiceRow = (rows: { gstr2b: { document_number: string } | null }[]) => rows.find((r) => r.gstr2b?.document_number === 'UPM/0412/2026-27') as Answer;
  expect(invoiceRow(before.reconciliation).status).toBe('missing_in_books');
  const bill = before.reconciliation.find((r: { status: string }) => r.status === 'missing_in_2b').books;

  await tour.open(`/app/gst/reconciliation?gstin=${GSTIN}&period=${PERIOD}`);
  await page.getByRole('heading', { level: 1, name: 'GSTR-2B reconciliation, June 2026' }).waitFor();
  await tour.check('GSTR-2B reconciliation');
  await page.getByRole('button', { name: 'Review UPM/0412/2026-27' }).click();
  await page.getByRole('combobox', { name: /^Document of the books/ }).selectOption(bill.document_id);
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await said(page, 'The documents are paired.');
  // The page reads its rows again: the row under review is now matched.
  await page.getByRole('heading', { level: 2, name: 'UPM/0412/2026-27 of Udyog Paper Mills: Matched' }).waitFor();
  await tour.check('GSTR-2B reconciliation, a row reviewed');
  const after = await tour.api<Answer>('/gst/reconciliation', { gstin: GSTIN, period: PERIOD, supplier_gstin: UDYOG });
  expect(invoiceRow(after.reconciliation)).toMatchObject({ status: 'matched', basis: 'manual', books: { document_id: bill.document_id } });

  await tour.open(`/app/gst/suppliers?gstin=${GSTIN}&period=${PERIOD}`);
  await page.getByRole('heading', { level: 1, name: "Suppliers' filings, June 2026" }).waitFor();
  await tour.check("Suppliers' filings");
  await tour.open(`/app/gst/ims?gstin=${GSTIN}&period=${PERIOD}`);
  await page.getByRole('heading', { level: 1, name: 'IMS actions, June 2026' }).waitFor();
  await tour.check('IMS actions');
}
