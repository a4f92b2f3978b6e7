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

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
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
} finally {
  await run.close();
}
