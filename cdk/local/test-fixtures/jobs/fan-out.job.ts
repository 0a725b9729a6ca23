import { jobWorkQueue } from '@bidgrid/lambdas/jobs/work-queues';

/** Test fixture: a schedule's job that sends three messages (one that always fails) to its queue. */
export async function handler(): Promise<{ enqueued: number }> {
  await jobWorkQueue('fan-out').send([{ n: 1 }, { n: 2, fail: true }, { n: 3 }]);
  return { enqueued: 3 };
}
