import type { FastifyBaseLogger } from 'fastify';
import { runJobs, type Job } from '../platform/jobs/jobs';

/**
 * Polls the jobs every `pollMs`. A tick never overlaps the previous one; a failing job is
 * logged and retried on the next tick. Returns a function that stops the loop.
 *
 * A tick still running when the loop stops ends when the process closes its jobs (a job on
 * a thread fails as the thread stops). That is a shutdown, not a failure: what the job had
 * claimed and not recorded is retried after a restart, so it is logged as information.
 */
export function startWorkerLoop(jobs: readonly Job[], pollMs: number, log: FastifyBaseLogger): () => void {
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runJobs(jobs)
      .catch((err: unknown) => {
        if (stopped) log.info({ err }, 'background job interrupted by shutdown; what it had claimed is retried after a restart');
        else log.error({ err }, 'background job failed');
      })
      .finally(() => {
        running = false;
      });
  }, pollMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
