/**
 * /docs in a real browser: headless Chromium (playwright-core, which brings no browser of its
 * own) opens the Swagger UI and must render our spec, with no script error, CSP refusal or
 * failed asset; also over plain HTTP from a LAN host name, where it shows the recorded examples
 * and "Try it out" creates a contact with the example body, a token and the example Idempotency-Key. Skipped, with one line on stderr saying why, when there is no Chromium at
 * CHROMIUM_PATH, or (unset) no `chromium` on PATH; CI (.ci/run) installs Debian's chromium
 * (/usr/bin/chromium) and runs it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN } from '../../src/platform/idempotency/idempotency.store';
import { CHROMIUM, CHROMIUM_ARGS, hasChromium, noChromium } from '../support/chromium';
import { committedExamples } from '../support/example-scenario';
import { startTestApp, type TestApp } from '../support/test-app';

/** A name on the LAN, not localhost: the browser treats its plain-HTTP pages as insecure, as it would 192.168.x.y. */
const LAN_HOST = 'bahi.lan';
const ARGS = [`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`, ...CHROMIUM_ARGS];

const title = 'GET /docs in headless Chromium';
const skipped = noChromium(title);
// vitest's default reporter shows a skipped file as a count, never why: say it in one line.
if (!hasChromium) process.stderr.write(`${skipped}\n`);

/** Script errors, CSP refusals (reported as console errors), failed or refused requests. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`); });
  return problems;
}

describe.skipIf(!hasChromium)(hasChromium ? title : skipped, () => {
  let t: TestApp;
  let userDataDir: string;
  let browser: BrowserContext;

  beforeAll(async () => {
    t = await startTestApp();
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-chromium-'));
    browser = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
    await t?.close();
  });

  // Each test loads the whole spec into Swagger UI: on two shared cores that alone takes tens of seconds.
  it('renders the Swagger UI with the operations of our spec, without errors', { timeout: 90_000 }, async () => {
    const page = await browser.newPage();
    const problems = watch(page);

    const response = await page.goto(`${t.baseUrl}/docs`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);

    const heading = page.locator('.swagger-ui .info .title');
    await heading.waitFor({ timeout: 20_000 });
    expect(await heading.textContent()).toContain('Bahi public API');

    // Swagger UI gives each operation the id operations-<tag>-<operationId>.
    const createContact = page.locator('#operations-Contacts-createContact');
    await createContact.waitFor({ timeout: 20_000 });
    // Paths are relative to the document's server, /api/public/v1.
    expect(await createContact.textContent()).toContain('/contacts');
    expect(await page.locator('.opblock-tag[data-tag="Contacts"]').count()).toBe(1);

    // Every public operation the server lists is on the page, and each webhook event the document describes.
    const document = (await (await fetch(`${t.baseUrl}/openapi.json`)).json()) as { webhooks?: Record<string, object> };
    const shown = await page.locator('.opblock').count();
    expect(shown).toBe(t.app.routes.filter((r) => r.access !== 'admin').length + Object.keys(document.webhooks ?? {}).length);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('expands an operation and shows its parameters and required scope', { timeout: 90_000 }, async () => {
    const page = await browser.newPage();
    const problems = watch(page);
    await page.goto(`${t.baseUrl}/docs`, { waitUntil: 'load' });
    const getContact = page.locator('#operations-Contacts-getContact');
    await getContact.waitFor({ timeout: 20_000 });
    await getContact.locator('.opblock-summary').click();
    await getContact.locator('.parameters').waitFor({ timeout: 10_000 });
    expect(await getContact.textContent()).toContain('contact_id');
    expect(await getContact.textContent()).toContain('Svc.contacts.READ');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('over plain HTTP from a LAN name: shows the recorded example and "Try it out" creates a contact (201)', { timeout: 90_000 }, async () => {
    const org = await t.given.org();
    const example = committedExamples().createContact!.request as { contact_name: string; gst_no: string };
    const page = await browser.newPage();
    const problems = watch(page);
    const lanUrl = t.baseUrl.replace('127.0.0.1', LAN_HOST);
    await page.goto(`${lanUrl}/docs`, { waitUntil: 'load' });
    const createContact = page.locator('#operations-Contacts-createContact');
    await createContact.waitFor({ timeout: 20_000 });

    // Authorise with the organisation's token (the bearerAuth scheme).
    await page.locator('.auth-wrapper .authorize').click();
    const bearer = page.locator('.auth-container').filter({ hasText: 'bearerAuth' });
    await bearer.locator('input').fill(org.token);
    await bearer.locator('button.authorize').click();
    await bearer.locator('.btn-done').click();

    // The request body shown is the recorded one, not values made up from the schema.
    await createContact.locator('.opblock-summary').click();
    await createContact.locator('.opblock-section-request-body').waitFor({ timeout: 10_000 });
    expect(await createContact.locator('.opblock-section-request-body').textContent()).toContain(example.gst_no);

    await createContact.locator('.try-out__btn').click();
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/public/v1/contacts', { timeout: 20_000 }),
      createContact.locator('.execute').click(),
    ]);
    expect(answer.status()).toBe(201);
    // Sent to the server the page came from, with the token and the example key.
    expect(new URL(answer.url()).host).toBe(new URL(lanUrl).host);
    const sent = answer.request().headers();
    expect(sent.authorization).toBe(`Bearer ${org.token}`);
    // The key the document's example prefilled: valid, or the answer would have been 400.
    expect(sent['idempotency-key']).toMatch(new RegExp(IDEMPOTENCY_KEY_PATTERN));
    expect((await answer.json()).contact.contact_name).toBe(example.contact_name);
    await expect.poll(() => createContact.locator('.live-responses-table tbody .response-col_status').first().textContent()).toContain('201');
    expect(problems).toEqual([]);
    await page.close();
  });
});
