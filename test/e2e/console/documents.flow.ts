import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ConsoleTour } from '../../support/console-browser';
import { rupees } from './dashboard.flow';

interface Invoice { invoice_id: string; invoice_number: string; total: number }
interface Bill { bill_number: string }

/** The numbers a list shows, in its order (each row's first cell is the link to the document). */
const shownNumbers = (page: Page) => page.locator('table tbody tr td:first-child a').allTextContents();

/** Waits until the list says it shows `count` rows, i.e. the answer to the latest filters is in. */
const listed = (page: Page, count: number) => page.locator('.list-footer', { hasText: new RegExp(`^${count} shown`) }).waitFor();

/** What a click on `button` hands to the browser's downloads, as bytes. */
async function downloaded(page: Page, button: Locator): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  return readFile((await file.path())!);
}

/**
 * The invoices list searched by part of a customer's name and filtered by status shows what the
 * API answers for the same filters, and keeps them in the address; an invoice's page shows the
 * API's total and downloads its PDF; the list's CSV has its rows; the bills list shows the API's.
 */
export async function documentsFlow(tour: ConsoleTour): Promise<void> {
  const { page } = tour;
  await tour.open('/app/documents/invoices');
  await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
  const everything = await tour.api<{ invoices: Invoice[] }>('/invoices', { per_page: '50' });
  await listed(page, everything.invoices.length);
  await tour.check('Invoices');

  // Part of a customer's name, in another case than the contact's.
  const search = 'aMAN tR';
  await page.getByLabel('Number or customer').fill(search);
  await page.getByLabel('Number or customer').press('Enter');
  const found = await tour.api<{ invoices: Invoice[] }>('/invoices', { search, per_page: '50' });
  expect(found.invoices.length).toBeGreaterThan(0);
  expect(found.invoices.length).toBeLessThan(everything.invoices.length);
  await listed(page, found.invoices.length);
  expect(new URL(page.url()).searchParams.get('search')).toBe(search);
  expect(await shownNumbers(page)).toEqual(found.invoices.map((i) => i.invoice_number));

  await page.getByLabel('Status').selectOption('DRAFT');
  await page.getByRole('button', { name: 'Show' }).click();
  const drafts = await tour.api<{ invoices: Invoice[] }>('/invoices', { search, status: 'DRAFT', per_page: '50' });
  expect(drafts.invoices.length).toBeGreaterThan(0);
  await page.waitForURL(/status=DRAFT/);
  await listed(page, drafts.invoices.length);
  expect(await shownNumbers(page)).toEqual(drafts.invoices.map((i) => i.invoice_number));
  await tour.check('Invoices, searched and filtered');

  // The CSV holds a header and one line per invoice listed.
  const csv = (await downloaded(page, page.getByRole('button', { name: 'Download CSV' }))).toString('utf8');
  expect(csv.trimEnd().split('\r\n')).toHaveLength(drafts.invoices.length + 1);
  expect(csv).toContain(`"${drafts.invoices[0]!.invoice_number}"`);

  // An invoice of the searched ones that is not a draft: its total as the API has it, and its PDF.
  await page.getByLabel('Status').selectOption('');
  await page.getByRole('button', { name: 'Show' }).click();
  await listed(page, found.invoices.length);
  const invoice = found.invoices.find((i) => i.invoice_number === 'INV-26-27-00001')!;
  await page.getByRole('link', { name: invoice.invoice_number, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: `Invoice ${invoice.invoice_number}` }).waitFor();
  const { invoice: full } = await tour.api<{ invoice: Invoice }>(`/invoices/${invoice.invoice_id}`);
  expect(await page.locator('.document-totals dd.grand').textContent()).toBe(rupees(full.total));
  // Its journal entries are looked up once the page shows (GET /journals?source_id=…).
  await page.getByRole('link', { name: /^Journal of / }).first().waitFor();
  const pdf = await downloaded(page, page.getByRole('button', { name: 'Download PDF' }));
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
  await tour.check('Invoice');

  // Back returns to the list as it was searched.
  await page.goBack();
  await listed(page, found.invoices.length);
  expect(await page.getByLabel('Number or customer').inputValue()).toBe(search);

  await tour.open('/app/documents/bills');
  await page.getByRole('heading', { level: 1, name: 'Bills' }).waitFor();
  const bills = await tour.api<{ bills: Bill[] }>('/bills', { per_page: '50' });
  await listed(page, bills.bills.length);
  expect(await shownNumbers(page)).toEqual(bills.bills.map((b) => b.bill_number));
  await tour.check('Bills');
}
