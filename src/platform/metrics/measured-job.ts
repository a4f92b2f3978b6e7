import type { Job } from '../jobs/jobs';
import type { Metrics } from './metrics';

/** The job, with each run counted and timed: from the worker loop and from POST /api/admin/v1/jobs/run alike. */
export function measuredJob(job: Job, metrics: Metrics): Job {
  return {
    name: job.name,
    async run() {
      const done = metrics.jobRun(job.name);
      try {
        const handled = await job.run();
        done('ok', handled);
        return handled;
      } catch (error) {
        done('failed', 0);
        throw error;
      }
    },
  };
}
