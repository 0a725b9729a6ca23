import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import type { TPlaybook } from '@bidgrid/shared/agency/playbook.schema';
import { playbookRepository } from '../adapters/repositories/playbook.repository';
import type { PlaybookRepository } from '../domain/ports/playbook.port';
import { PLAYBOOKS_SEED } from '../domain/agency/playbooks.seed';
import { logger } from '../kernel/logger';
import type { Logger } from '../kernel/logger';

/** Stable id: an update re-seeds in place instead of replacing (and "deleting") the resource. */
export const SEED_RESOURCE_ID = 'bidgrid-playbooks-seed';

/** The reply CloudFormation waits for at the event's presigned `ResponseURL`. */
export interface CustomResourceResponse {
  Status: 'SUCCESS' | 'FAILED';
  Reason: string;
  PhysicalResourceId: string;
  StackId: string;
  RequestId: string;
  LogicalResourceId: string;
  Data?: Record<string, string>;
}

/** What the seed needs: where to store, what to store, how to answer CloudFormation. */
export interface SeedPlaybooksDeps {
  playbooks: Pick<PlaybookRepository, 'putPlaybooks'>;
  seed: readonly TPlaybook[];
  respond: (url: string, response: CustomResourceResponse) => Promise<void>;
  log: () => Logger;
}

/** PUTs the reply to CloudFormation's presigned S3 URL (its signature covers no content type). */
export async function respondToCloudFormation(url: string, response: CustomResourceResponse): Promise<void> {
  const body = JSON.stringify(response);
  const result = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': '', 'content-length': String(Buffer.byteLength(body)) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!result.ok) throw new Error(`CloudFormation response refused: ${result.status}`);
}

/**
 * The deploy-time seed of the cloud: a CloudFormation custom resource (JobsStack) calls this on
 * create and on every update whose seed hash changed, and it stores the dashboard's playbook
 * cards (`PLAYBOOKS_SEED`, the same data the local stack seeds). Delete leaves the items: they
 * are shared data, and a table being torn down takes them with it. Always answers CloudFormation,
 * FAILED with the reason when the write fails, so a deploy never hangs for an hour.
 */
export function seedPlaybooksJob(deps: SeedPlaybooksDeps) {
  return async (event: CloudFormationCustomResourceEvent, context?: Context): Promise<void> => {
    // CloudFormation's RequestId names the run (the same on its retries), as a schedule's event id does.
    const log = deps.log().child({
      operation: 'seed-playbooks',
      runId: event.RequestId,
      requestId: context?.awsRequestId ?? event.RequestId,
    });
    const reply = (Status: CustomResourceResponse['Status'], Reason: string): CustomResourceResponse => ({
      Status,
      Reason,
      PhysicalResourceId: SEED_RESOURCE_ID,
      StackId: event.StackId,
      RequestId: event.RequestId,
      LogicalResourceId: event.LogicalResourceId,
      ...(Status === 'SUCCESS' ? { Data: { count: String(deps.seed.length) } } : {}),
    });
    let response: CustomResourceResponse;
    if (event.RequestType === 'Delete') {
      response = reply('SUCCESS', 'Playbooks are kept on delete');
    } else {
      try {
        await deps.playbooks.putPlaybooks(deps.seed);
        log.info('playbooks seeded', { count: deps.seed.length, requestType: event.RequestType });
        response = reply('SUCCESS', `Seeded ${deps.seed.length} playbooks`);
      } catch (error) {
        log.error('playbook seed failed', { error });
        response = reply('FAILED', error instanceof Error ? error.message : 'Playbook seed failed');
      }
    }
    await deps.respond(event.ResponseURL, response);
  };
}

export const handler = seedPlaybooksJob({
  playbooks: playbookRepository,
  seed: PLAYBOOKS_SEED,
  respond: respondToCloudFormation,
  log: logger,
});
