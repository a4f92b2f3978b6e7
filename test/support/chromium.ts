import fs from 'node:fs';
import path from 'node:path';

/**
 * Debian's Chromium, driven by playwright-core (which brings no browser of its own): CHROMIUM_PATH
 * if set, else the first `chromium` on PATH, as a shell would find it. CI (.ci/run) installs it.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH
  ?? (process.env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, 'chromium')).find((file) => fs.existsSync(file));
export const hasChromium = CHROMIUM !== undefined && fs.existsSync(CHROMIUM);

/** Headless, and without the background connections this machine's closed network refuses. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The one line a browser test prints when it cannot run here. */
export const noChromium = (title: string) =>
  `${title}: skipped, no Chromium ${CHROMIUM ? `at CHROMIUM_PATH=${CHROMIUM}` : 'on PATH'} (apt-get install chromium, or set CHROMIUM_PATH)`;
