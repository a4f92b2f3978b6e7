import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { startWorkerLoop } from './worker-loop';

function logger() {
  return { error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger & { error: ReturnType<typeof vi.fn>; info: ReturnType<typeof vi.fn> };
}

/** A job whose run fails when `fail` is called, as a job on a thread does when the thread stops. */
function failingLater() {
  let fail!: (error: Error) => void;
  const job = { name: 'deliveries', run: vi.fn(() => new Promise<number>((_resolve, reject) => (fail = reject))) };
  return { job, fail: (error: Error) => fail(error) };
}

describe('startWorkerLoop', () => {
  it('logs a failing job as an error, and runs it again on a later tick', async () => {
    const log = logger();
    const { job, fail } = failingLater();
    const stop = startWorkerLoop([job], 5, log);
    await vi.waitFor(() => expect(job.run).toHaveBeenCalledTimes(1));
    fail(new Error('database unreachable'));
    await vi.waitFor(() => expect(job.run).toHaveBeenCalledTimes(2));
    stop();
    expect(log.error).toHaveBeenCalledWith({ err: new Error('database unreachable') }, 'background job failed');
    expect(log.info).not.toHaveBeenCalled();
  });

  it('logs a tick that the shutdown interrupts as information, not as an error', async () => {
    const log = logger();
    const { job, fail } = failingLater();
    const stop = startWorkerLoop([job], 5, log);
    await vi.waitFor(() => expect(job.run).toHaveBeenCalledTimes(1));
    stop();
    fail(new Error('the webhook_deliveries thread stopped (exit code 1)'));
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(1));
    expect(log.error).not.toHaveBeenCalled();
    expect(job.run).toHaveBeenCalledTimes(1);
  });
});
