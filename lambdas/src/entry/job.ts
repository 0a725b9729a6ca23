import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { publishInvocationMetrics } from '../kernel/invocation-metrics';
import { logger } from '../kernel/logger';
import type { Logger } from '../kernel/logger';

/** What a job's run gets from `jobHandler`. */
export interface JobRun {
  /**
   * Names this run on every line: a scheduled job's EventBridge event id (the same across
   * EventBridge's retries of one schedule tick), otherwise the invocation's id.
   */
  runId: string;
  /** Bound to the job's name, `runId` and the invocation's `requestId`. */
  log: Logger;
}

/** The run id a scheduled event carries (EventBridge's event `id`), if it is one. */
export function scheduledRunId(event: unknown): string | undefined {
  const id = (event as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * The Lambda of a job (a schedule's or a worker's), the jobs' twin of `httpHandler`: every line of
 * the run carries the job's name (`operation`), `runId` and `requestId`; the run ends with one line
 * (`job completed` or `job failed`, with its duration); what it recorded as metrics is published
 * however it ended; and a failure is rethrown, so Lambda counts it (the jobs' `Errors` alarm) and
 * EventBridge or SQS retries it.
 */
export function jobHandler<E, R>(
  name: string,
  run: (event: E, job: JobRun) => Promise<R>,
  options: { runIdOf?: (event: E) => string | undefined } = {},
): (event: E, context?: Context) => Promise<R> {
  return async (event, context) => {
    const startedAt = performance.now();
    const runId = options.runIdOf?.(event) ?? context?.awsRequestId ?? randomUUID();
    const log = logger().child({ operation: name, runId, requestId: context?.awsRequestId ?? runId });
    try {
      const result = await run(event, { runId, log });
      log.info('job completed', { durationMs: Math.round(performance.now() - startedAt) });
      return result;
    } catch (error) {
      log.error('job failed', { durationMs: Math.round(performance.now() - startedAt), error });
      throw error;
    } finally {
      publishInvocationMetrics(log);
    }
  };
}
