import { describe, expect, it } from 'vitest';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createInProcessWorkQueue } from './in-process-work-queue';
import type { InProcessWorkQueueOptions } from './in-process-work-queue';

/** A queue whose worker fails the messages `failing` says, and records every call. */
function queueWith(
  failing: (body: { n: number }, receiveCount: number) => boolean,
  options: Partial<InProcessWorkQueueOptions> = {},
) {
  const calls: Array<Array<{ n: number; receiveCount: number }>> = [];
  const errors: string[] = [];
  let inFlight = 0;
  let most = 0;
  const queue = createInProcessWorkQueue<{ n: number }>({
    name: 'test-work',
    batchSize: 3,
    concurrency: 2,
    maxReceiveCount: 3,
    retryDelayMs: 0,
    log: { warn: () => undefined, error: (message) => errors.push(message) },
    async deliver(event: SQSEvent): Promise<SQSBatchResponse> {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight--;
      const records = event.Records.map((r) => ({
        id: r.messageId,
        n: (JSON.parse(r.body) as { n: number }).n,
        receiveCount: Number(r.attributes.ApproximateReceiveCount),
      }));
      calls.push(records.map(({ n, receiveCount }) => ({ n, receiveCount })));
      return {
        batchItemFailures: records
          .filter((r) => failing({ n: r.n }, r.receiveCount))
          .map((r) => ({ itemIdentifier: r.id })),
      };
    },
    ...options,
  });
  return { queue, calls, errors, most: () => most };
}

describe('in-process work queue', () => {
  it('delivers in batches, a bounded number at once, and is idle when all succeeded', async () => {
    // Prepare
    const q = queueWith(() => false);
    // Act
    await q.queue.send(Array.from({ length: 10 }, (_, n) => ({ n })));
    await q.queue.idle();
    // Assess
    expect(q.calls.map((c) => c.length).sort()).toEqual([1, 3, 3, 3]);
    expect(q.most()).toBe(2);
    expect(q.queue.stats()).toEqual({ sent: 10, succeeded: 10, failedDeliveries: 0, deadLettered: 0 });
  });

  it('delivers again only the records the worker named, with their receive count', async () => {
    // Prepare: message 1 fails its first delivery only.
    const q = queueWith((body, receiveCount) => body.n === 1 && receiveCount === 1);
    // Act
    await q.queue.send([{ n: 0 }, { n: 1 }, { n: 2 }]);
    await q.queue.idle();
    // Assess
    expect(q.calls).toEqual([
      [
        { n: 0, receiveCount: 1 },
        { n: 1, receiveCount: 1 },
        { n: 2, receiveCount: 1 },
      ],
      [{ n: 1, receiveCount: 2 }],
    ]);
    expect(q.queue.deadLetters()).toEqual([]);
  });

  it('moves a message that fails every delivery to the dead letters, and logs it', async () => {
    const q = queueWith((body) => body.n === 7);
    await q.queue.send([{ n: 6 }, { n: 7 }]);
    await q.queue.idle();
    expect(q.queue.deadLetters()).toMatchObject([{ body: '{"n":7}', receiveCount: 3 }]);
    expect(q.queue.stats()).toEqual({ sent: 2, succeeded: 1, failedDeliveries: 3, deadLettered: 1 });
    expect(q.errors).toEqual(['queue test-work: message moved to the dead letters']);
  });

  it('takes a thrown worker, or an answer naming an id it was not given, as the whole batch failing', async () => {
    // Prepare
    let answer: 'throw' | 'unknown id' | 'ok' = 'throw';
    const calls: number[] = [];
    const queue = createInProcessWorkQueue<{ n: number }>({
      name: 'test-work',
      batchSize: 10,
      concurrency: 1,
      maxReceiveCount: 5,
      retryDelayMs: 0,
      log: { warn: () => undefined, error: () => undefined },
      async deliver(event) {
        calls.push(event.Records.length);
        const now = answer;
        answer = now === 'throw' ? 'unknown id' : 'ok';
        if (now === 'throw') throw new Error('worker crashed');
        return { batchItemFailures: now === 'unknown id' ? [{ itemIdentifier: 'not-in-this-batch' }] : [] };
      },
    });
    // Act
    await queue.send([{ n: 1 }, { n: 2 }]);
    await queue.idle();
    // Assess: the crash failed both, the unknown id failed every record of its batch, then both succeeded.
    expect(calls[0]).toBe(2);
    expect(queue.stats()).toEqual({ sent: 2, succeeded: 2, failedDeliveries: 2 + (calls[1] ?? 0), deadLettered: 0 });
  });
});
