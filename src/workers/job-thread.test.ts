import { afterEach, describe, expect, it } from 'vitest';
import { threadJob, type ThreadJob } from './job-thread';

const entry = new URL('../../test/support/job-thread-entry.ts', import.meta.url);
const started: ThreadJob[] = [];
const job = (failWith: 'nothing' | 'error' | 'exit') => {
  const j = threadJob('counting', entry, { failWith, exited: new SharedArrayBuffer(4) });
  started.push(j);
  return j;
};
afterEach(async () => {
  for (const j of started.splice(0)) await j.close();
});

describe('a job on a thread of its own', () => {
  it('answers each run with the count the thread\'s job returned, one thread across runs', async () => {
    const j = job('nothing');
    expect(j.name).toBe('counting');
    expect(await j.run()).toBe(1);
    expect(await Promise.all([j.run(), j.run()])).toEqual(expect.arrayContaining([2, 3]));
  });

  it('rejects a run with the thread\'s error, message and stack', async () => {
    const j = job('error');
    const error = await j.run().then(() => new Error('the run succeeded'), (e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('run 1 failed on purpose');
    expect(error.stack).toContain('job-thread-entry.ts');
  });

  it('fails the run in progress when the thread dies, and starts a new thread for the next', async () => {
    const j = job('exit');
    await expect(j.run()).rejects.toThrow('the counting thread stopped (exit code 3)');
    expect(await j.run()).toBe(1); // a fresh thread: its first run, which does not exit
  });
});
