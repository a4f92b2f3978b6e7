import { describe, expect, it } from 'vitest';
import { ForegroundGate } from './foreground';

describe('ForegroundGate', () => {
  it('is idle at once with no request in flight', async () => {
    const gate = new ForegroundGate();
    let resolved = false;
    await gate.idle().then(() => { resolved = true; });
    expect(resolved).toBe(true);
  });

  it('waits for the last request in flight to end, counting each end once', async () => {
    const gate = new ForegroundGate();
    const a = gate.enter();
    const b = gate.enter();
    let resolved = false;
    const waiting = gate.idle(10_000).then(() => { resolved = true; });
    a();
    a(); // a second call for the same request changes nothing
    await Promise.resolve();
    expect(resolved).toBe(false);
    b();
    await waiting;
    expect(resolved).toBe(true);
  });

  it('a lull is a stretch of windowMs with no request in flight', async () => {
    const gate = new ForegroundGate();
    const started = performance.now();
    await gate.lull(50);
    expect(performance.now() - started).toBeLessThan(40); // nothing happened recently
    const leave = gate.enter();
    setTimeout(leave, 30);
    await gate.lull(50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(75); // the request, then 50 ms of quiet
  });

  it('never waits longer than maxWaitMs under continuous traffic', async () => {
    const gate = new ForegroundGate();
    gate.enter();
    const started = Date.now();
    await gate.idle(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
