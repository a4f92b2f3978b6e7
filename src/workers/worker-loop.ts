import type { FastifyBaseLogger } from 'fastify';
import { runJobs, type Job } from '../platform/jobs/jobs';

/**
 * Polls the jobs every `pollMs`. A tick never overlaps the previous one; a failing job is
 * logged and retried on the next tick. Returns a function that stops the loop.
 */
export function startWorkerLoop(jobs: readonly Job[], pollMs: number, log: FastifyBaseLogger): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runJobs(jobs)
      .catch((err: unknown) => log.error({ err }, 'background job failed'))
      .finally(() => {
        running = false;
      });
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
