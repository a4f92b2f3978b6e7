import { describe, expect, it } from 'vitest';
import { groupedByKey } from './grouped-calls';

/** A run whose batches finish when the test says so, recording what each batch held. */
function controlledRun() {
  const batches: Array<{ key: string; items: number[]; finish(error?: Error): void }> = [];
  const run = (key: string, items: number[]) => new Promise<string[]>((resolve, reject) => {
    batches.push({ key, items, finish: (error) => (error ? reject(error) : resolve(items.map((n) => `${key}:${n}`))) });
  });
  return { batches, call: groupedByKey(run) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('groupedByKey', () => {
  it('runs a lone call at once, alone', async () => {
    const { batches, call } = controlledRun();
    const answer = call('a', 1);
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0]!.finish();
    expect(await answer).toBe('a:1');
  });

  it('makes the calls that arrive while one runs wait, then run together after it, each with its own answer', async () => {
    const { batches, call } = controlledRun();
    const first = call('a', 1);
    const waiting = [call('a', 2), call('a', 3)];
    expect(batches).toHaveLength(1); // 2 and 3 wait: they arrived after the first batch started
    batches[0]!.finish();
    await settle();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3]]);
    batches[1]!.finish();
    expect(await first).toBe('a:1');
    expect(await Promise.all(waiting)).toEqual(['a:2', 'a:3']);
  });

  it('never makes calls with different keys wait for each other', () => {
    const { batches, call } = controlledRun();
    void call('a', 1);
    void call('b', 2);
    expect(batches.map((b) => [b.key, b.items])).toEqual([['a', [1]], ['b', [2]]]);
  });

  it('fails every call of a failed batch, and the next batch still runs', async () => {
    const { batches, call } = controlledRun();
    const first = call('a', 1);
    const second = call('a', 2);
    batches[0]!.finish(new Error('gone'));
    await expect(first).rejects.toThrow('gone');
    await settle();
    batches[1]!.finish();
    expect(await second).toBe('a:2');
    // The queue is empty again: a new call starts a batch of its own at once.
    void call('a', 4);
    expect(batches.map((b) => b.items)).toEqual([[1], [2], [4]]);
  });
});
