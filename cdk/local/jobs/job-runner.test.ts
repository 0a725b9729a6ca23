import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobSchedule } from '@bidgrid/lambdas/jobs/schedules';
import { jobProbe } from '../test-fixtures/jobs/job-probe';
import { createLogger } from '../support/logger';
import { scheduledEvent, startJobRunner, type JobRunner } from './job-runner';

const jobsDir = fileURLToPath(new URL('../test-fixtures/jobs', import.meta.url));
const counter: JobSchedule = {
  name: 'counter',
  handlerFile: 'counter.job.ts',
  cloudSchedule: 'rate(1 hour)',
  localIntervalMs: 10,
};

describe('job runner', () => {
  let runner: JobRunner | undefined;
  let release: () => void = () => undefined;
  const errors: string[] = [];
  const skipped: string[] = [];
  const logger = {
    ...createLogger('silent'),
    error: (m: string) => errors.push(m),
    debug: (m: string) => skipped.push(m),
  };

  beforeEach(() => {
    const probe = jobProbe();
    Object.assign(probe, { runs: 0, active: 0, maxActive: 0, fail: false, lastDetailType: undefined });
    probe.gate = new Promise<void>((r) => {
      release = r;
    });
    errors.length = 0;
    skipped.length = 0;
  });
  afterEach(async () => {
    release();
    await runner?.stop();
  });

  it('runs with an EventBridge scheduled event and never overlaps a run of the same job', async () => {
    // Prepare
    runner = startJobRunner({ schedules: [counter], jobsDir, logger, logRuns: false });
    // Act: the first run is held open while several ticks pass (and are skipped).
    await vi.waitFor(() => expect(jobProbe().runs).toBe(1));
    await vi.waitFor(() => expect(skipped.length).toBeGreaterThanOrEqual(5));
    // Assess
    expect(jobProbe().runs).toBe(1);
    expect(jobProbe().lastDetailType).toBe('Scheduled Event');
    release();
    await vi.waitFor(() => expect(jobProbe().runs).toBeGreaterThanOrEqual(3));
    expect(jobProbe().maxActive).toBe(1);
  });

  it('logs a failing run and keeps the schedule going', async () => {
    // Prepare
    jobProbe().fail = true;
    release();
    // Act
    runner = startJobRunner({ schedules: [counter], jobsDir, logger, logRuns: false });
    // Assess
    await vi.waitFor(() => expect(jobProbe().runs).toBeGreaterThanOrEqual(2));
    expect(errors[0]).toMatch(/job counter failed/);
  });

  it('runs a job on demand and refuses unknown names', async () => {
    release();
    runner = startJobRunner({ schedules: [{ ...counter, localIntervalMs: 60_000 }], jobsDir, logger, logRuns: false });
    await runner.runNow('counter');
    expect(jobProbe().runs).toBe(1);
    await expect(runner.runNow('nope')).rejects.toThrow(/No job named nope/);
  });

  it('runs nothing for an empty schedule list', async () => {
    runner = startJobRunner({ schedules: [], jobsDir, logger, logRuns: false });
    await runner.stop();
    expect(jobProbe().runs).toBe(0);
  });

  it('builds the event EventBridge sends', () => {
    const event = scheduledEvent(counter, new Date('2026-11-25T10:00:00.123Z'));
    expect(event).toMatchObject({
      source: 'aws.events',
      'detail-type': 'Scheduled Event',
      time: '2026-11-25T10:00:00Z',
      detail: {},
    });
  });
});
