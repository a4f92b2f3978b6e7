import fs from 'node:fs';
import { expect } from 'vitest';
import type { ConsoleTour } from '../../support/console-browser';
import { ADMIN_TOKEN } from '../../support/test-app';
import { rupees } from './dashboard.flow';

const GSTIN = '29AABCB1234F1Z4';
const JUNE = { gstin: GSTIN, period: '062026' };
const JUNE_DATES = { gstin: GSTIN, from_date: '2026-06-01', to_date: '2026-06-30' };
const AMOUNTS = ['txval', 'iamt', 'camt', 'samt', 'csamt'] as const;
type Taxes = Record<(typeof AMOUNTS)[number], number>;

interface Gstr1Summary {
  sections: ({ section: string; documents: number } & Taxes)[];
  reconciliation: { return_tax: number; books_tax: number; difference: number; differences: unknown[] };
}

/** A table, once the page has loaded it: its scrolling region is named by its caption. */
async function table(tour: ConsoleTour, caption: string) {
  const region = tour.page.getByRole('region', { name: caption, exact: true });
  await region.waitFor();
  return region;
}

/** The text of each cell of a table's rows. */
async function rowsOf(tour: ConsoleTour, caption: string): Promise<string[][]> {
  const rows = (await table(tour, caption)).locator('tbody tr');
  return Promise.all((await rows.all()).map(async (row) => (await row.locator('td').allTextContents()).map((t) => t.trim())));
}

/** Clicks a button that downloads a file, and gives the file's text. */
async function downloaded(tour: ConsoleTour, button: string): Promise<string> {
  const [file] = await Promise.all([tour.page.waitForEvent('download'), tour.page.getByRole('button', { name: button, exact: true }).click()]);
  return fs.readFileSync((await file.path())!, 'utf8');
}

/** The filing pages' own links, which keep the GSTIN and month (the menu's do not). */
const openTab = (tour: ConsoleTour, name: string) =>
  tour.page.getByRole('navigation', { name: 'Returns of this GSTIN and month' }).getByRole('link', { name, exact: true }).click();

const heading = (tour: ConsoleTour, name: string) => tour.page.getByRole('heading', { level: 1, name, exact: true }).waitFor();

async function gstr1(tour: ConsoleTour) {
  const { page } = tour;
  await tour.open(`/app/filing/gstr1?${new URLSearchParams(JUNE)}`);
  await heading(tour, 'GSTR-1');
  const { gstr1_summary: summary } = await tour.api<{ gstr1_summary: Gstr1Summary }>('/gst/gstr1/summary', JUNE);
  expect(summary.sections.length).toBeGreaterThan(0);
  // Every section's totals as the API's summary gives them.
  expect(await rowsOf(tour, 'Section totals')).toEqual(
    summary.sections.map((s) => [s.section, String(s.documents), ...AMOUNTS.map((a) => rupees(s[a]))]),
  );
  // The books-against-return figures, and the documents that differ (none in June).
  const figures = await page.locator('.figures dd').allTextContents();
  expect(figures).toEqual([rupees(summary.reconciliation.return_tax), rupees(summary.reconciliation.books_tax), rupees(summary.reconciliation.difference)]);
  expect(summary.reconciliation.differences).toEqual([]);
  // The portal's JSON and a section's CSV, byte for byte as the API answers them.
  expect(await downloaded(tour, 'Download JSON')).toBe(await tour.apiText('/gst/gstr1', JUNE));
  await page.locator('details.return-table summary', { hasText: 'b2b' }).first().click();
  expect(await downloaded(tour, 'Download b2b CSV')).toBe(await tour.apiText('/gst/gstr1', { ...JUNE, format: 'csv', section: 'b2b' }));
  await tour.check('GSTR-1');
}

async function gstr3b(tour: ConsoleTour) {
  await openTab(tour, 'GSTR-3B');
  await heading(tour, 'GSTR-3B');
  const { gstr3b: answer } = await tour.api<{ gstr3b: { sup_details: Record<string, Taxes> } }>('/gst/gstr3b', JUNE);
  const outward = (await rowsOf(tour, '3.1 Outward and reverse-charge inward supplies'))[0];
  expect(outward).toEqual(['3.1(a)', 'Outward taxable supplies (not zero-rated, nil-rated or exempt)', ...AMOUNTS.map((a) => rupees(answer.sup_details['osup_det']![a]))]);
  expect(await downloaded(tour, 'Download CSV')).toBe(await tour.apiText('/gst/gstr3b', { ...JUNE, format: 'csv' }));
  await tour.check('GSTR-3B');
  // Table 4 from June's GSTR-2B: the documents whose credit differs are listed, and the JSON is that answer's.
  await tour.page.getByLabel('Table 4 (input tax credit) from').selectOption('gstr2b');
  const fromGstr2b = await tour.api<{ itc_differences: unknown[] }>('/gst/gstr3b', { ...JUNE, itc_basis: 'gstr2b' });
  expect(fromGstr2b.itc_differences.length).toBeGreaterThan(0);
  expect((await rowsOf(tour, 'Documents whose credit differs between GSTR-2B and the books')).length).toBe(fromGstr2b.itc_differences.length);
  expect(await downloaded(tour, 'Download JSON')).toBe(await tour.apiText('/gst/gstr3b', { ...JUNE, itc_basis: 'gstr2b' }));
  await tour.check('GSTR-3B, Table 4 from GSTR-2B');
}

async function reports(tour: ConsoleTour) {
  await openTab(tour, 'HSN summary');
  await heading(tour, 'HSN summary');
  const { hsn_summary: hsn } = await tour.api<{ hsn_summary: { hsn_b2b: { data: unknown[]; totals: Taxes } } }>('/reports/hsn_summary', JUNE_DATES);
  expect(hsn.hsn_b2b.data.length).toBeGreaterThan(0);
  const b2b = await table(tour, 'To registered recipients (B2B)');
  expect(await b2b.locator('tbody tr').count()).toBe(hsn.hsn_b2b.data.length);
  const totals = (await b2b.locator('tfoot td').allTextContents()).filter((t) => t.startsWith('₹'));
  expect(totals).toEqual(AMOUNTS.map((a) => rupees(hsn.hsn_b2b.totals[a])));
  await tour.check('HSN summary');

  await openTab(tour, 'Documents issued');
  await heading(tour, 'Documents issued');
  const { documents_issued: issued } = await tour.api<{ documents_issued: { doc_det: { docs: { from: string }[] }[] } }>('/reports/documents_issued', JUNE_DATES);
  const firsts = (await rowsOf(tour, 'Documents issued, by kind and series')).map((cells) => cells[4]);
  expect(firsts).toEqual(issued.doc_det.flatMap((kind) => kind.docs.map((d) => d.from)));
  await tour.check('Documents issued');
}

/** Marks June's GSTR-1 filed (the scenario's clock stands on 15 June 2026), sees the API agree, and reopens it. */
async function markFiled(tour: ConsoleTour) {
  const { page } = tour;
  const filed = `/gst/returns/${GSTIN}/062026/filed`;
  await openTab(tour, 'GSTR-1');
  await page.getByText('GSTR-1 for June 2026 is not marked filed.').waitFor();
  await page.getByLabel('ARN').fill('AB290626007733Z');
  await page.getByLabel('Filed on').fill('15/06/2026');
  await page.getByRole('button', { name: 'Mark filed' }).click();
  await page.getByText('GSTR-1 for June 2026 is marked filed').waitFor();
  const { filed_return: marked } = await tour.api<{ filed_return: { arn: string; filed_on: string } }>(filed, { return: 'GSTR1' });
  expect(marked).toMatchObject({ arn: 'AB290626007733Z', filed_on: '2026-06-15' });
  await tour.check('GSTR-1, filed');

  await page.getByRole('button', { name: 'Reopen GSTR-1' }).click();
  await page.getByText('GSTR-1 for June 2026 is not marked filed.').waitFor();
  await expect(tour.apiText(filed, { return: 'GSTR1' })).rejects.toThrow(/404/);
}

/** A draft invoice dated in June, which a lock through June refuses: the public API's own word that the lock holds. */
async function postIntoJune(tour: ConsoleTour): Promise<{ status: number; code: string }> {
  const { contacts } = await tour.api<{ contacts: { contact_id: string }[] }>('/contacts', { contact_type: 'CUSTOMER', per_page: '1' });
  const { baseUrl, token, orgId } = tour.server;
  const response = await fetch(`${baseUrl}/api/public/v1/invoices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-svc-org': orgId, 'content-type': 'application/json', 'idempotency-key': 'filing-flow-locked-june' },
    body: JSON.stringify({ customer_id: contacts[0]!.contact_id, date: '2026-06-20', place_of_supply: 'IN-KA', line_items: [{ name: 'Into a locked month', rate: 1, quantity: 1 }] }),
  });
  return { status: response.status, code: ((await response.json()) as { code: string }).code };
}

/** Locks June with the admin token (a wrong one is refused and said so), sees a posting into it refused, and unlocks. */
async function lockJune(tour: ConsoleTour) {
  const { page } = tour;
  await tour.open('/app/filing/lock');
  await heading(tour, 'Lock a period');
  // The lock as it stands, as GET /whoami shows it with the organisation (the scenario ends with June locked).
  const lockNow = async () => (await tour.api<{ organisations: { is_current: boolean; lock_date: string | null }[] }>('/whoami'))
    .organisations.find((o) => o.is_current)!.lock_date;
  expect(await lockNow()).toBe('2026-06-30');
  await page.locator('.current-lock').filter({ hasText: 'Now locked through 30/06/2026.' }).waitFor();
  await page.getByLabel('Admin token').fill('bahi_adm_not-the-token');
  await page.getByLabel('Lock the books through').fill('30/06/2026');
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'authn.token_invalid' }).waitFor();

  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  await page.getByText('The books are locked through 30/06/2026.').waitFor();
  expect(await postIntoJune(tour)).toEqual({ status: 409, code: 'conflict.period_locked' });
  await tour.check('Lock a period');

  // Unlocked again, so that flows after this one post into June as before.
  await page.getByRole('button', { name: 'Unlock', exact: true }).click();
  await page.getByText('The books are unlocked.').waitFor();
  await page.locator('.current-lock').filter({ hasText: 'Now unlocked.' }).waitFor();
  expect(await lockNow()).toBeNull();
}

/** Filing June 2026: GSTR-1 and its books, GSTR-3B, the HSN summary and documents issued, marking filed, the lock. */
export async function filingFlow(tour: ConsoleTour): Promise<void> {
  await gstr1(tour);
  await gstr3b(tour);
  await reports(tour);
  await markFiled(tour);
  await lockJune(tour);
}
