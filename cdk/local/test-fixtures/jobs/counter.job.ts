import { jobProbe } from './job-probe';

/**
 * Test fixture: a job whose runs the test controls: each run counts itself, tracks how many runs
 * overlap, and waits until the test releases it (or fails when told to).
 */
export async function handler(event: { 'detail-type': string }): Promise<void> {
  const probe = jobProbe();
  probe.runs += 1;
  probe.active += 1;
  probe.maxActive = Math.max(probe.maxActive, probe.active);
  probe.lastDetailType = event['detail-type'];
  try {
    await probe.gate;
    if (probe.fail) throw new Error('job failed on purpose');
  } finally {
    probe.active -= 1;
  }
}
