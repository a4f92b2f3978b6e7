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

  it('is busy while a request is in flight and for the window after it', async () => {
    const gate = new ForegroundGate();
    expect(gate.busy()).toBe(false);
    const leave = gate.enter();
    expect(gate.busy(0)).toBe(true);
    leave();
    expect(gate.busy(10_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(gate.busy(20)).toBe(false);
  });

  it('paces steps while busy: every caller shares the rate', async () => {
    const gate = new ForegroundGate();
    gate.enter(); // a request stays in flight: busy throughout
    const started = performance.now();
    // Two callers, three steps each, at 50 steps/s: the sixth step starts 5 slots (100 ms) after the first.
    const caller = async () => { for (let i = 0; i < 3; i++) await gate.pace(50); };
    await Promise.all([caller(), caller()]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
  });

  it('does not pace while the API is quiet, nor save up slots for later', async () => {
    const gate = new ForegroundGate();
    const started = performance.now();
    for (let i = 0; i < 5; i++) await gate.pace(1); // one a second, if it paced
    expect(performance.now() - started).toBeLessThan(500);
    gate.enter();
    const busyFrom = performance.now();
    await gate.pace(1); // the first busy step starts at once: the quiet steps took no slots
    expect(performance.now() - busyFrom).toBeLessThan(500);
  });

  it('never waits longer than maxWaitMs under continuous traffic', async () => {
    const gate = new ForegroundGate();
    gate.enter();
    const started = performance.now();
    await gate.idle(30);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('shares its state with a gate made on the same memory (a worker thread\'s)', async () => {
    const api = new ForegroundGate();
    const worker = new ForegroundGate(api.memory);
    expect(worker.busy()).toBe(false);
    const leave = api.enter();
    expect(worker.busy(0)).toBe(true);
    let idle = false;
    const waiting = worker.idle(10_000).then(() => { idle = true; });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idle).toBe(false);
    leave();
    await waiting; // woken by the other gate's request ending, long before 10 s
    expect(worker.busy(10_000)).toBe(true); // and the end counts as recent there too
  });
});
