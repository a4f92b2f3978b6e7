import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { niceOf } from '../../bench/cpu';
import { threadJob, type ThreadJob } from './job-thread';

const entry = new URL('../../test/support/job-thread-entry.ts', import.meta.url);
const started: ThreadJob[] = [];
const job = (failWith: 'nothing' | 'error' | 'exit' | 'nice', niceSteps = 0) => {
  const j = threadJob('counting', entry, { failWith, exited: new SharedArrayBuffer(4) }, { niceSteps });
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

  it.runIf(fs.existsSync('/proc/thread-self'))('runs the thread niceSteps nice levels below the thread that started it, as the kernel reports', async () => {
    const own = niceOf('/proc/thread-self/stat');
    expect(await job('nice', 5).run()).toBe(Math.min(19, own + 5));
    expect(await job('nice', 0).run()).toBe(own);
    expect(await job('nice', 40).run()).toBe(19); // no lower than the kernel allows
  });
});
