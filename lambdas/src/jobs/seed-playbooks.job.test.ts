import '../test-env';
import type { CloudFormationCustomResourceEvent, Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { TPlaybook } from '@bidgrid/shared/agency/playbook.schema';
import { PLAYBOOKS_SEED } from '../domain/agency/playbooks.seed';
import { memoryLogger } from '../domain/test-fakes';
import { SEED_RESOURCE_ID, seedPlaybooksJob } from './seed-playbooks.job';
import type { CustomResourceResponse } from './seed-playbooks.job';

function cfnEvent(requestType: 'Create' | 'Update' | 'Delete'): CloudFormationCustomResourceEvent {
  const base = {
    ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:seed',
    ResponseURL: 'https://cloudformation-custom-resource-response.s3.amazonaws.com/signed',
    StackId: 'arn:aws:cloudformation:us-east-1:123456789012:stack/BidGrid-dev-Jobs/1',
    RequestId: 'request-1',
    LogicalResourceId: 'PlaybooksSeed',
    ResourceType: 'Custom::PlaybooksSeed',
    ResourceProperties: { ServiceToken: 'arn:aws:lambda:us-east-1:123456789012:function:seed', seedHash: 'abc' },
  };
  if (requestType === 'Create') return { ...base, RequestType: 'Create' };
  if (requestType === 'Update') {
    return {
      ...base,
      RequestType: 'Update',
      PhysicalResourceId: SEED_RESOURCE_ID,
      OldResourceProperties: base.ResourceProperties,
    };
  }
  return { ...base, RequestType: 'Delete', PhysicalResourceId: SEED_RESOURCE_ID };
}

function harness(putPlaybooks: (playbooks: readonly TPlaybook[]) => Promise<void>, log = memoryLogger()) {
  const stored: Array<readonly TPlaybook[]> = [];
  const responses: Array<{ url: string; response: CustomResourceResponse }> = [];
  const job = seedPlaybooksJob({
    playbooks: {
      putPlaybooks: async (playbooks) => {
        stored.push(playbooks);
        await putPlaybooks(playbooks);
      },
    },
    seed: PLAYBOOKS_SEED,
    respond: async (url, response) => {
      responses.push({ url, response });
    },
    log: () => log,
  });
  return { job, stored, responses, log };
}

describe('seed-playbooks job (CloudFormation custom resource)', () => {
  it.each(['Create', 'Update'] as const)('stores every playbook on %s and answers SUCCESS', async (type) => {
    // Prepare
    const { job, stored, responses } = harness(async () => {});

    // Act
    await job(cfnEvent(type));

    // Assess
    expect(stored).toEqual([PLAYBOOKS_SEED]);
    expect(responses).toHaveLength(1);
    expect(responses[0]?.url).toBe(cfnEvent(type).ResponseURL);
    expect(responses[0]?.response).toMatchObject({
      Status: 'SUCCESS',
      PhysicalResourceId: SEED_RESOURCE_ID,
      RequestId: 'request-1',
      LogicalResourceId: 'PlaybooksSeed',
      StackId: cfnEvent(type).StackId,
      Data: { count: String(PLAYBOOKS_SEED.length) },
    });
  });

  it("names CloudFormation's request as the run on its lines", async () => {
    // Prepare
    const { job, log } = harness(async () => {});

    // Act
    await job(cfnEvent('Create'), { awsRequestId: 'lambda-1' } as Context);

    // Assess
    expect(log.lines).toEqual([
      expect.objectContaining({ message: 'playbooks seeded', runId: 'request-1', requestId: 'lambda-1' }),
    ]);
  });

  it('keeps the playbooks on Delete and still answers SUCCESS', async () => {
    // Prepare
    const { job, stored, responses } = harness(async () => {});

    // Act
    await job(cfnEvent('Delete'));

    // Assess
    expect(stored).toEqual([]);
    expect(responses[0]?.response.Status).toBe('SUCCESS');
  });

  it('answers FAILED with the reason when the write fails, so the deploy does not hang', async () => {
    // Prepare
    const { job, responses } = harness(async () => {
      throw new Error('AccessDeniedException: not allowed');
    });

    // Act
    await job(cfnEvent('Create'));

    // Assess
    expect(responses[0]?.response).toMatchObject({
      Status: 'FAILED',
      Reason: 'AccessDeniedException: not allowed',
      PhysicalResourceId: SEED_RESOURCE_ID,
    });
  });
});
