import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the calling thread's CPU priority by `steps` nice levels, as `nice -n steps` would a
 * process, so that when the cores are busy the kernel runs the API's thread first. Linux gives
 * each thread a nice value of its own (setpriority on the thread's id); elsewhere there is no
 * such thing and nothing changes. Lowering needs no privilege, but a sandbox may still refuse
 * it: the thread then runs at the API's priority, as it would with 0 steps, because background
 * work must not stop over its priority.
 */
export function lowerThreadPriority(steps: number): void {
  const threadId = linuxThreadId();
  if (threadId === undefined) return;
  try {
    os.setPriority(threadId, Math.min(19, os.getPriority(threadId) + steps));
  } catch {
    // refused: the thread keeps the API's priority
  }
}

/** The kernel's id of the calling thread: /proc/thread-self links to `<pid>/task/<tid>`. */
function linuxThreadId(): number | undefined {
  try {
    return Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return undefined;
  }
}
