/**
 * The console in a real browser: Debian's Chromium through playwright-core, on a server that has
 * lived the example scenario (example-scenario.ts). A tour is one signed-in page that records
 * what it saw: every request to another origin (refused, and a problem), script and console
 * errors, failed requests, server errors, and each call to the API, so a test can require that
 * the OpenAPI documents describe them all. `check` runs axe-core on the page and measures that it
 * does not scroll sideways at 1280 and at 390 px.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { startExampleServer, type ExampleServer } from './example-scenario';
import { describedBy } from './openapi-described';

export interface ConsoleTour {
  /** The browser page, 1280 px wide; signed in once signIn() has run. */
  page: Page;
  server: ExampleServer;
  /** The public API's JSON answer to a GET (expected values come from here, never from the console's code). */
  api<T = unknown>(path: string, query?: Record<string, string>): Promise<T>;
  /** The public API's answer to a GET as text, byte for byte. */
  apiText(path: string, query?: Record<string, string>): Promise<string>;
  /** Goes to a console address (/app/…) and waits for the page to settle. */
  open(path: string): Promise<void>;
  /** axe-core (no serious or critical violation) and no sideways scroll at 1280 and 390 px; records the page. */
  check(name: string): Promise<void>;
}

export interface TourRun {
  tour: ConsoleTour;
  /** Signs in through the sign-in page, with the scenario's full-access token unless given another, landing on a page of that title. */
  signIn(token?: string, landing?: string): Promise<void>;
  /** Pages check() has seen. */
  checked: string[];
  /** Everything that went wrong in the browser; a test requires it empty. */
  problems: string[];
  /** API calls the OpenAPI documents do not describe. */
  undescribedCalls(): Promise<string[]>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WIDTHS = [1280, 390];
const HEIGHT = 900;

/** An axe result, as much of it as a failure message needs. */
interface Violation { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }

async function axeViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol, not as a <script>: the console's CSP would refuse an inline one.
  // (In-page code is given as text: this project's TypeScript has no DOM types.)
  if (!(await page.evaluate<boolean>("'axe' in window"))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate<Violation[]>("axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations)");
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

async function sidewaysAt(page: Page, width: number): Promise<number> {
  await page.setViewportSize({ width, height: HEIGHT });
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

export async function startTour(options: { port?: number } = {}): Promise<TourRun> {
  const server = await startExampleServer(options.port ?? 0);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const context = await browser.newContext({
      viewport: { width: WIDTHS[0]!, height: HEIGHT }, acceptDownloads: true, locale: 'en-IN', timezoneId: 'Asia/Kolkata',
    });
    const origin = new URL(server.baseUrl).origin;
    const problems: string[] = [];
    const calls = new Set<string>();
    const checked: string[] = [];
    // Every request is seen here first: one to another origin is refused and counted.
    await context.route('**/*', async (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === origin) {
        if (url.pathname.startsWith('/api/')) calls.add(`${route.request().method()} ${url.pathname}`);
        return route.continue();
      }
      problems.push(`request to another origin: ${url.href}`);
      return route.abort('blockedbyclient');
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    // A 4xx the console shows the person is not a fault of the page (Chromium also logs each as a
    // console error, "Failed to load resource"); a 5xx is, and so is any other error.
    page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource: the server responded with a status of 4')) problems.push(`console error: ${m.text()}`); });
    page.on('requestfailed', (r) => { if (new URL(r.url()).origin === origin) problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`); });
    page.on('response', (r) => { if (r.status() >= 500) problems.push(`${r.status()} ${r.url()}`); });

    const headers = { authorization: `Bearer ${server.token}`, 'x-svc-org': server.orgId };
    const apiText = async (path: string, query: Record<string, string> = {}) => {
      const search = Object.keys(query).length > 0 ? `?${new URLSearchParams(query)}` : '';
      const response = await fetch(`${server.baseUrl}/api/public/v1${path}${search}`, { headers });
      const text = await response.text();
      if (!response.ok) throw new Error(`GET ${path}${search}: ${response.status} ${text}`);
      return text;
    };
    const tour: ConsoleTour = {
      page, server, apiText,
      api: async <T>(path: string, query?: Record<string, string>) => JSON.parse(await apiText(path, query)) as T,
      open: async (path) => {
        await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
      },
      check: async (name) => {
        await page.waitForLoadState('networkidle');
        const violations = await axeViolations(page);
        if (violations.length > 0) {
          throw new Error(`${name}: axe-core finds ${violations.map((v) => `${v.id} (${v.impact}: ${v.help}) at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`).join('; ')}`);
        }
        for (const width of WIDTHS) {
          const overflow = await sidewaysAt(page, width);
          if (overflow > 0) throw new Error(`${name}: the page scrolls sideways by ${overflow} px at ${width} px wide`);
        }
        await page.setViewportSize({ width: WIDTHS[0]!, height: HEIGHT });
        checked.push(name);
      },
    };
    const signIn = async (token = server.token, landing = 'Dashboard') => {
      await tour.open('/app');
      await page.getByLabel('Personal access token').fill(token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: landing }).waitFor();
    };
    const opened = browser;
    return {
      tour, signIn, checked, problems,
      undescribedCalls: async () => {
        const described = await describedBy([`${server.baseUrl}/openapi.json`, `${server.baseUrl}/api/admin/v1/openapi.json`]);
        return [...calls].filter((call) => {
          const [method, pathname] = call.split(' ');
          return !described(method!, pathname!);
        });
      },
      close: async () => {
        await opened.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.close();
    throw error;
  }
}
