/**
 * `npm run docs:screenshots`: the pictures in docs/guides/console.md, taken by the console's
 * browser harness (test/support/console-browser.ts) on a server that has lived the example
 * scenario's month, so they show the same books every time: the dashboard for June 2026, and the
 * drill-down from the profit and loss's expenses to one bill's journal entry. Needs Chromium
 * (CHROMIUM_PATH, or `chromium` on PATH).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { hasChromium, noChromium } from '../test/support/chromium';
import { startTour } from '../test/support/console-browser';

if (!hasChromium) {
  process.stderr.write(`${noChromium('docs:screenshots')}\n`);
  process.exit(1);
}

const GUIDES = new URL('../docs/guides/', import.meta.url).pathname;
const JUNE = 'from=2026-06-01&to=2026-06-30';

interface ProfitAndLoss { expenses: Record<string, { accounts: { account_id: string }[] }> }
interface GeneralLedger { lines: { source: string; kind: string; document_number: string | null }[] }

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // A page reached by a link loads after the click: wait until nothing is busy and no account shows as its bare id.
  // A function, not a string: a string would be eval'd in the page, which the console's CSP refuses.
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { querySelector(q: string): unknown; querySelectorAll(q: string): ArrayLike<{ textContent: string | null }> } }).document;
    return !doc.querySelector('[aria-busy="true"]') && !Array.from(doc.querySelectorAll('a')).some((a) => (a.textContent ?? '').startsWith('acc_'));
  });
  const file = path.join(GUIDES, `console-${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
}

const run = await startTour();
try {
  const { page } = run.tour;
  await run.signIn();
  await run.tour.open(`/app?${JUNE}`);
  await shoot(page, 'dashboard');
  await run.tour.open(`/app/reports/profit-and-loss?${JUNE}`);
  await shoot(page, 'profit-and-loss');

  // The first expense account whose June ledger holds a bill's posting: its ledger, then that bill's entry.
  const june = { from_date: '2026-06-01', to_date: '2026-06-30' };
  const { profit_and_loss: pl } = await run.tour.api<{ profit_and_loss: ProfitAndLoss }>('/reports/profit_and_loss', june);
  for (const accountId of Object.values(pl.expenses).flatMap((section) => section.accounts.map((a) => a.account_id))) {
    const { general_ledger: ledger } = await run.tour.api<{ general_ledger: GeneralLedger }>('/reports/general_ledger', { account_id: accountId, ...june });
    const bill = ledger.lines.find((l) => l.source === 'BILL' && l.kind === 'POSTING');
    if (!bill) continue;
    await run.tour.open(`/app/reports/general-ledger?account_id=${accountId}&${JUNE}`);
    await shoot(page, 'general-ledger');
    await page.getByRole('link', { name: `Bill ${bill.document_number}`, exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: /^Journal entry/ }).waitFor();
    await shoot(page, 'journal');
    break;
  }
} finally {
  await run.close();
}
