import { parentPort, Worker, workerData } from 'node:worker_threads';
import type { Job } from '../platform/jobs/jobs';
import { lowerThreadPriority } from './thread-priority';

/** What the API thread asks the job's thread, and what it answers. */
type Request = { id: number };
type Answer = { id: number; count: number } | { id: number; error: { message: string; stack?: string } };

export interface ThreadJob extends Job {
  /** Stops the thread, as a crash would: what it had claimed and not recorded is retried when its lease runs out. */
  close(): Promise<void>;
}

/**
 * Starts a worker thread on `entry` (a module that calls `serveJob`), which it loads through
 * thread-boot.mjs: Node 20 does not hand the process's `--import tsx` hooks on to threads.
 */
function startThread(entry: URL, data: unknown, niceSteps: number): Worker {
  const boot: BootData = { entry: entry.href, data, niceSteps };
  return new Worker(new URL('./thread-boot.mjs', import.meta.url), { workerData: boot });
}

interface BootData {
  entry: string;
  data: unknown;
  /** How many nice levels below the API's thread the job's thread runs (thread-priority.ts). */
  niceSteps: number;
}

/** In the job's thread: the `data` its threadJob was given. */
export const threadData = <T>(): T => (workerData as BootData).data as T;

/**
 * A job that runs on a worker thread of its own, so its work never queues on the API's event
 * loop: each run() asks the thread to run the job once and resolves with its count (or
 * rejects with its error). A thread that dies fails the runs in progress, and the next run
 * starts a new one. The thread runs `niceSteps` nice levels below the API's (BAHI_WORKER_NICE).
 */
export function threadJob(name: string, entry: URL, data: unknown, { niceSteps }: { niceSteps: number }): ThreadJob {
  let thread: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (count: number) => void; reject: (error: Error) => void }>();

  const failAll = (error: Error) => {
    for (const run of pending.values()) run.reject(error);
    pending.clear();
  };
  const start = () => {
    const started = startThread(entry, data, niceSteps);
    started.on('message', (answer: Answer) => {
      const run = pending.get(answer.id);
      pending.delete(answer.id);
      if ('count' in answer) run?.resolve(answer.count);
      else run?.reject(Object.assign(new Error(answer.error.message), { stack: answer.error.stack }));
    });
    started.on('error', (error) => failAll(error));
    started.on('exit', (code) => {
      if (thread === started) thread = null;
      failAll(new Error(`the ${name} thread stopped (exit code ${code})`));
    });
    return started;
  };

  return {
    name,
    run() {
      const current = (thread ??= start());
      const id = nextId++;
      return new Promise<number>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        current.postMessage({ id } satisfies Request);
      });
    },
    async close() {
      const current = thread;
      thread = null;
      if (current) await current.terminate();
    },
  };
}

/**
 * In the job's thread: runs `job` whenever the API thread asks, and answers with its count or
 * error. The thread first lowers its own CPU priority: its work is background work, and the
 * API's requests should not wait for a core behind it.
 */
export function serveJob(job: Job): void {
  const port = parentPort;
  if (!port) throw new Error('serveJob runs in a worker thread');
  lowerThreadPriority((workerData as BootData).niceSteps);
  port.on('message', ({ id }: Request) => {
    job.run().then(
      (count) => port.postMessage({ id, count } satisfies Answer),
      (err: unknown) => {
        const error = err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };
        port.postMessage({ id, error } satisfies Answer);
      },
    );
  });
}
