/** A background job: does whatever is due now and says how many things it handled. */
export interface Job {
  name: string;
  run(): Promise<number>;
}

/** Runs every job once, in order; used by the worker loop and by POST /jobs/run. */
export async function runJobs(jobs: readonly Job[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const job of jobs) counts[job.name] = await job.run();
  return counts;
}
