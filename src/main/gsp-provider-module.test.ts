import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { systemClock } from '../kernel/clock';
import { loadGspAdapter } from './gsp-provider-module';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-gsp-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const adapter = (name: string, source: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, source);
  return file;
};

describe('BAHI_EINVOICE_PROVIDER', () => {
  it('is the outbox unless a module is named; anything else stops the start', () => {
    expect(loadConfig({}).einvoiceProvider).toBe('outbox');
    expect(loadConfig({ BAHI_EINVOICE_PROVIDER: 'outbox' }).einvoiceProvider).toBe('outbox');
    expect(loadConfig({ BAHI_EINVOICE_PROVIDER: 'module:/opt/gsp/adapter.mjs' }).einvoiceProvider).toEqual({ module: '/opt/gsp/adapter.mjs' });
    for (const value of ['sandbox', 'irp-sandbox-double', 'module:']) {
      expect(() => loadConfig({ BAHI_EINVOICE_PROVIDER: value })).toThrow('BAHI_EINVOICE_PROVIDER must be outbox or module:<path to an adapter>');
    }
  });
});

describe('loadGspAdapter', () => {
  it('makes the provider the module\'s default export returns, given the data directory', async () => {
    const file = adapter('good.mjs', `export default ({ dataDir }) => ({ name: 'my-gsp:' + dataDir,
      generateIrn: async () => ({ kind: 'queued', fileName: 'x' }), irnDetails: async () => null, cancelIrn: async () => null,
      generateEWayBill: async () => null, cancelEWayBill: async () => null });`);
    const provider = await loadGspAdapter(file, { dataDir: '/srv/bahi', clock: systemClock });
    expect(provider.name).toBe('my-gsp:/srv/bahi');
  });
  it('refuses a module without a default export, or one that makes no whole provider', async () => {
    await expect(loadGspAdapter(adapter('none.mjs', 'export const x = 1;'), { dataDir: dir, clock: systemClock })).rejects.toThrow('has no default export');
    await expect(loadGspAdapter(adapter('half.mjs', "export default () => ({ name: 'half', generateIrn() {} });"), { dataDir: dir, clock: systemClock }))
      .rejects.toThrow('missing: irnDetails, cancelIrn, generateEWayBill, cancelEWayBill');
  });
});
