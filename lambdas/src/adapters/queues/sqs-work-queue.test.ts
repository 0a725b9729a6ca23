import '../../test-env';
import { SQSClient, SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_SEND_ATTEMPTS, SQS_BATCH_SIZE, sqsWorkQueue } from './sqs-work-queue';

const sqsMock = mockClient(SQSClient);
const URL = 'https://sqs.us-east-1.amazonaws.com/123456789012/bidgrid-dev-report-sync-work';
const noWait = async (): Promise<void> => undefined;

describe('sqsWorkQueue', () => {
  beforeEach(() => sqsMock.reset());

  it('sends each message as JSON, ten to a request', async () => {
    // Prepare
    sqsMock.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    const messages = Array.from({ length: 23 }, (_, i) => ({
      agencyId: 'bgAgency-a',
      bgCampaignId: `bg-campaign-${i}`,
    }));
    // Act
    await sqsWorkQueue(URL, { client: new SQSClient({}), sleep: noWait }).send(messages);
    // Assess
    const calls = sqsMock.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input);
    expect(calls.map((c) => c.Entries?.length).sort()).toEqual([3, SQS_BATCH_SIZE, SQS_BATCH_SIZE].sort());
    expect(calls.every((c) => c.QueueUrl === URL)).toBe(true);
    const bodies = calls.flatMap((c) => c.Entries ?? []).map((e) => JSON.parse(e.MessageBody ?? ''));
    expect(bodies.sort((a, b) => a.bgCampaignId.localeCompare(b.bgCampaignId))).toEqual(
      [...messages].sort((a, b) => a.bgCampaignId.localeCompare(b.bgCampaignId)),
    );
  });

  it('sends the entries SQS failed on its side again, and only those', async () => {
    // Prepare: the first request fails its second entry (throttled).
    let calls = 0;
    sqsMock.on(SendMessageBatchCommand).callsFake((input: { Entries: Array<{ Id: string }> }) =>
      calls++ === 0
        ? {
            Successful: [{ Id: input.Entries[0]?.Id }],
            Failed: [{ Id: input.Entries[1]?.Id, SenderFault: false, Code: 'ThrottlingException' }],
          }
        : { Successful: input.Entries.map((e) => ({ Id: e.Id })), Failed: [] },
    );
    // Act
    await sqsWorkQueue(URL, { client: new SQSClient({}), sleep: noWait }).send([{ n: 1 }, { n: 2 }]);
    // Assess
    const sent = sqsMock.commandCalls(SendMessageBatchCommand).map((c) => c.args[0].input.Entries ?? []);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.map((e) => JSON.parse(e.MessageBody ?? ''))).toEqual([{ n: 2 }]);
  });

  it('fails on an entry SQS refuses as malformed, and after the last try', async () => {
    sqsMock.on(SendMessageBatchCommand).callsFake((input: { Entries: Array<{ Id: string }> }) => ({
      Failed: [{ Id: input.Entries[0]?.Id, SenderFault: true, Code: 'InvalidMessageContents', Message: 'bad' }],
    }));
    const queue = sqsWorkQueue(URL, { client: new SQSClient({}), sleep: noWait });
    await expect(queue.send([{ n: 1 }])).rejects.toThrow('SQS refused 1 message(s): InvalidMessageContents bad');

    sqsMock.reset();
    sqsMock.on(SendMessageBatchCommand).callsFake((input: { Entries: Array<{ Id: string }> }) => ({
      Failed: [{ Id: input.Entries[0]?.Id, SenderFault: false, Code: 'ServiceUnavailable' }],
    }));
    await expect(queue.send([{ n: 1 }])).rejects.toThrow(
      `SQS did not take 1 message(s) after ${MAX_SEND_ATTEMPTS} tries`,
    );
    expect(sqsMock.commandCalls(SendMessageBatchCommand)).toHaveLength(MAX_SEND_ATTEMPTS);
  });
});
