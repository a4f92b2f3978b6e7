// A worker thread's first module, in plain JavaScript: Node 20 does not hand the process's
// `--import tsx` hooks on to worker threads, so this loads the thread's TypeScript entry
// (workerData.entry) through tsx itself (src/workers/job-thread.ts).
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);
