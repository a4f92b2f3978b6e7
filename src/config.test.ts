import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('paces webhook sends at 1,000/s while serving API requests unless BAHI_WEBHOOK_BUSY_RATE says otherwise', () => {
    expect(loadConfig({}).webhookBusySendsPerSecond).toBe(1000);
    expect(loadConfig({ BAHI_WEBHOOK_BUSY_RATE: '250' }).webhookBusySendsPerSecond).toBe(250);
    expect(loadConfig({ BAHI_WEBHOOK_BUSY_RATE: '' }).webhookBusySendsPerSecond).toBe(1000);
  });

  it('refuses a busy rate that is not a positive number, naming the variable', () => {
    for (const bad of ['0', '-5', 'fast', 'Infinity']) {
      expect(() => loadConfig({ BAHI_WEBHOOK_BUSY_RATE: bad })).toThrow(/BAHI_WEBHOOK_BUSY_RATE must be a positive number/);
    }
  });
});
