/**
 * The console (/app) in a real Chromium, end to end, on a server that has lived the example
 * scenario's month (test/support/console-browser.ts): a person signs in with a token, reads the
 * dashboard, drills from a figure to its entry, works through the lists, matches a bank line,
 * links a GSTR-2B document and files. Each page is checked by axe-core and at 1280 and 390 px;
 * a request to another origin, a script error or a 5xx fails the test, and every API call the
 * console made must be one the OpenAPI documents describe. Skipped, with one line saying why,
 * without Chromium (CI installs Debian's).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, noChromium } from '../support/chromium';
import { startTour, type TourRun } from '../support/console-browser';
import { ADMIN_TOKEN } from '../support/test-app';
import { dashboardFlow } from './console/dashboard.flow';
import { documentsFlow } from './console/documents.flow';
import { filingFlow } from './console/filing.flow';
import { reconcileFlow } from './console/reconcile.flow';
import { reportsFlow } from './console/reports.flow';

const title = 'the console in headless Chromium';
if (!hasChromium) process.stderr.write(`${noChromium(title)}\n`);

describe.skipIf(!hasChromium)(hasChromium ? title : noChromium(title), () => {
  let run: TourRun;

  beforeAll(async () => { run = await startTour(); }, 240_000);
  afterAll(async () => { await run?.close(); });
  afterEach(() => { expect(run.problems).toEqual([]); });

  it('signs a person in with a personal access token kept in this tab only', { timeout: 60_000 }, async () => {
    await run.signIn();
    const { page } = run.tour;
    const stored = await page.evaluate<{ session: string | null; local: number }>("({ session: sessionStorage.getItem('bahi.session'), local: localStorage.length })");
    expect(JSON.parse(stored.session!)).toMatchObject({ token: run.tour.server.token, orgId: run.tour.server.orgId });
    expect(stored.local).toBe(0);
    await run.tour.check('Dashboard, signed in');
  });

  it('shows the month at a glance', { timeout: 60_000 }, () => dashboardFlow(run.tour));
  it('drills from the profit and loss to a bill\'s journal entry', { timeout: 120_000 }, () => reportsFlow(run.tour));
  it('lists, searches and opens documents, with CSV and PDF', { timeout: 120_000 }, () => documentsFlow(run.tour));
  it('matches a bank line and links a GSTR-2B document', { timeout: 120_000 }, () => reconcileFlow(run.tour));
  it('files: GSTR-1 by section and its JSON as the API answers it, GSTR-3B, HSN, documents issued, filed, locked', { timeout: 180_000 }, () => filingFlow(run.tour));

  it('signs out and forgets the token', { timeout: 30_000 }, async () => {
    const { page } = run.tour;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to Bahi' }).waitFor();
    expect(await page.evaluate<string | null>("sessionStorage.getItem('bahi.session')")).toBeNull();
    await run.tour.check('Sign in');
  });

  it('opens every page of the menu cleanly: axe-core, both widths, no error', { timeout: 240_000 }, async () => {
    const { page } = run.tour;
    await run.signIn();
    const menu = page.getByRole('navigation', { name: 'Console' }).getByRole('link');
    const pages = await menu.evaluateAll((links) => links.map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']));
    expect(pages.length).toBeGreaterThan(20);
    for (const [name, href] of pages) {
      await run.tour.open(`${href}${href.includes('?') ? '&' : '?'}from=2026-06-01&to=2026-06-30`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await run.tour.check(`menu: ${name}`);
    }
    // The pages of the scenario's bank account, reached from its row.
    // The account's name leads to its lines to match; its other pages are links of their own.
    const ACCOUNT = 'HDFC Bank Current Account';
    for (const name of [ACCOUNT, 'All lines', 'Statements', 'Reconciliations']) {
      await run.tour.open('/app/bank');
      await page.getByRole('link', { name: name === ACCOUNT ? ACCOUNT : `${name} of ${ACCOUNT}`, exact: true }).click();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await run.tour.check(`bank account: ${name}`);
    }
    await page.getByRole('button', { name: 'Sign out' }).click();
  });

  it('asks which organisation when a token reaches two, and switches between them', { timeout: 60_000 }, async () => {
    const { page, server } = run.tour;
    const admin = (path: string, body: object) => fetch(`${server.baseUrl}/api/admin/v1${path}`, {
      method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, Record<string, string>>>);
    const second = (await admin('/orgs', { name: 'Cauvery Traders', state_code: 'IN-KA' })).org!;
    const { token } = await admin('/tokens', { org_ids: [server.orgId, second.org_id], scopes: ['Svc.fullaccess.all'], kind: 'PAT' });
    await run.signIn(token!.access_token, 'Choose an organisation');
    await run.tour.check('Choose an organisation');
    await page.getByRole('button', { name: /^Kaveri Office Supplies/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Switch organisation' }).click();
    await page.getByRole('button', { name: /^Cauvery Traders/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.locator('.org-name').textContent()).toBe('Cauvery Traders');
    expect(JSON.parse((await page.evaluate<string>("sessionStorage.getItem('bahi.session')")))).toMatchObject({ orgId: second.org_id });
    await page.getByRole('button', { name: 'Sign out' }).click();
  });

  it('shows a token only what its scopes allow', { timeout: 60_000 }, async () => {
    const { page, server } = run.tour;
    const minted = await fetch(`${server.baseUrl}/api/admin/v1/tokens`, {
      method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ org_ids: [server.orgId], scopes: ['Svc.invoices.READ'], kind: 'PAT' }),
    });
    const { token } = (await minted.json()) as { token: { access_token: string } };
    // Without Svc.accounts.READ there is no dashboard: the console lists what the token may open.
    await run.signIn(token.access_token, 'Welcome');
    const menu = page.getByRole('navigation', { name: 'Console' }).getByRole('link');
    // Delivery challans are read with the invoices' scope (docs/rules/documents-and-notes.md).
    expect(await menu.allTextContents()).toEqual(['Invoices', 'Delivery challans']);
    await run.tour.check('Welcome, a token that reads invoices only');
    await run.tour.open('/app/reports/profit-and-loss');
    await page.getByRole('heading', { level: 1, name: 'Not here' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sign in to Bahi' }).waitFor();
  });

  it('made only requests the public and admin OpenAPI documents describe', async () => {
    expect(run.checked.length).toBeGreaterThan(0);
    expect(await run.undescribedCalls()).toEqual([]);
  });
});
