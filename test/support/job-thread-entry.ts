import { niceOf } from '../../bench/cpu';
import { serveJob, threadData } from '../../src/workers/job-thread';

/**
 * A job thread for src/workers/job-thread.test.ts: each run answers the next count, or fails
 * in the way workerData asks: a thrown error, or the first thread exiting mid-run (`exited`,
 * shared by every thread started on the same workerData, says whether one has), or answers
 * the thread's own nice value as the kernel reports it (`nice`).
 */
const { failWith, exited } = threadData<{ failWith: 'nothing' | 'error' | 'exit' | 'nice'; exited: SharedArrayBuffer }>();
let runs = 0;
serveJob({
  name: 'counting',
  async run() {
    runs += 1;
    if (failWith === 'error') throw new Error(`run ${runs} failed on purpose`);
    if (failWith === 'exit' && Atomics.exchange(new Int32Array(exited), 0, 1) === 0) process.exit(3);
    if (failWith === 'nice') return niceOf('/proc/thread-self/stat'); // read from the kernel, not through the code under test
    return runs;
  },
});
