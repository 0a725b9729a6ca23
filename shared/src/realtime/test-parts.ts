import type { TCompanyRow } from '../targeting/company.schema';
import { messageBytes, REALTIME_LIMITS } from './wire';

// Helpers of the parts tests (imported by tests only): the frame check the client's sender applies,
// and a matched company row.

/**
 * Whether `request`, sent as `action` with the longest request id and chunk numbers up to
 * `maxChunks`, fits the client's message budget: the `fits` a parts' `splitRequest` is given.
 */
export const fitsFrameOf =
  (action: string, maxChunks: number) =>
  (request: unknown): boolean =>
    messageBytes({
      action,
      reqID: 'r'.repeat(64),
      chunk: { index: maxChunks, count: maxChunks },
      ...(request as object),
    }) <= REALTIME_LIMITS.clientMessageBudgetBytes;

/** A company row matched to two IP ranges and included. */
export const matchedCompany = (domain: string): TCompanyRow => ({
  domain,
  include: true,
  domainInfo: { domain, companyName: `${domain} Inc.`, ipSegments: ['198.18.0.0/24', '198.19.0.0/24'] },
});
