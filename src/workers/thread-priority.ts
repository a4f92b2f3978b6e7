import fs from 'node:fs';
import os from 'node:os';

/**
 * Lowers the calling thread's CPU priority by `steps` nice levels, as `nice -n steps` would a
 * process, so that when the cores are busy the kernel runs the API's thread first. Linux gives
 * each thread a nice value of its own (setpriority on the thread's id); elsewhere there is no
 * such thing and nothing changes. Lowering needs no privilege. Returns the thread's nice value
 * afterwards, or undefined where threads have none of their own.
 */
export function lowerThreadPriority(steps: number): number | undefined {
  const threadId = linuxThreadId();
  if (threadId === undefined) return undefined;
  const nice = Math.min(19, os.getPriority(threadId) + steps);
  os.setPriority(threadId, nice);
  return os.getPriority(threadId);
}

/** The kernel's id of the calling thread: /proc/thread-self links to `<pid>/task/<tid>`. */
function linuxThreadId(): number | undefined {
  try {
    return Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  } catch {
    return undefined;
  }
}
