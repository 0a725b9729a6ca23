import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/**
 * Test fixture: a worker that fails every message whose body has `fail: true` (a partial batch
 * failure) and records the bodies it saw (kept on the global object for the test).
 */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const seen = ((globalThis as { flakyWorkerSeen?: string[] }).flakyWorkerSeen ??= []);
  const failures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    seen.push(record.body);
    if ((JSON.parse(record.body) as { fail?: boolean }).fail) failures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures: failures };
}
