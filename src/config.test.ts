import os from 'node:os';
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

  it('runs background job threads 10 nice levels below the API unless BAHI_WORKER_NICE says 0 to 19', () => {
    expect(loadConfig({}).workerThreadNice).toBe(10);
    expect(loadConfig({ BAHI_WORKER_NICE: '' }).workerThreadNice).toBe(10);
    expect(loadConfig({ BAHI_WORKER_NICE: '0' }).workerThreadNice).toBe(0);
    expect(loadConfig({ BAHI_WORKER_NICE: '19' }).workerThreadNice).toBe(19);
    for (const bad of ['-1', '20', '2.5', 'low']) {
      expect(() => loadConfig({ BAHI_WORKER_NICE: bad })).toThrow(/BAHI_WORKER_NICE must be a whole number from 0 to 19/);
    }
  });

  it('leaves the PostgreSQL pool size to its default unless BAHI_PG_POOL_SIZE names a whole number above 0', () => {
    expect(loadConfig({}).pgPoolSize).toBeUndefined();
    expect(loadConfig({ BAHI_PG_POOL_SIZE: '' }).pgPoolSize).toBeUndefined();
    expect(loadConfig({ BAHI_PG_POOL_SIZE: '24' }).pgPoolSize).toBe(24);
    for (const bad of ['0', '-1', 'many']) {
      expect(() => loadConfig({ BAHI_PG_POOL_SIZE: bad })).toThrow(/BAHI_PG_POOL_SIZE must be a positive number/);
    }
    expect(() => loadConfig({ BAHI_PG_POOL_SIZE: '2.5' })).toThrow(/BAHI_PG_POOL_SIZE must be a whole number/);
  });

  it('serves from one process unless BAHI_PROCESSES names a whole number above 0 or auto (one per core)', () => {
    expect(loadConfig({}).processes).toBe(1);
    expect(loadConfig({ BAHI_PROCESSES: '3' }).processes).toBe(3);
    expect(loadConfig({ BAHI_PROCESSES: 'auto' }).processes).toBe(os.availableParallelism());
    for (const bad of ['0', 'many', '1.5']) expect(() => loadConfig({ BAHI_PROCESSES: bad })).toThrow(/BAHI_PROCESSES must be a/);
  });

  it('refuses a settable clock in more than one process: each would keep its own', () => {
    expect(loadConfig({ BAHI_CLOCK: 'fake', BAHI_PROCESSES: '1' }).fakeClock).toBe(true);
    expect(() => loadConfig({ BAHI_CLOCK: 'fake', BAHI_PROCESSES: '2' })).toThrow(/BAHI_CLOCK=fake needs one process/);
  });
});
