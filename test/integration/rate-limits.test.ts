import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agency, health } from '@bidgrid/shared';
import { TOO_MANY_REQUESTS_ERROR } from '@bidgrid/shared/api/envelope';
import type { TRateLimits } from '@bidgrid/local/gateway/rate-limiter';
import { accessTokenFor } from '../support/api';
import { localRateLimits, setLocalRateLimits } from '../support/rate-limits';
import { stackInfo } from '../support/stack';

const { getPlaybooks } = agency;
const { getHealth } = health;

interface Reply {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

const get = async (path: string, token?: string): Promise<Reply> => {
  const res = await fetch(`${stackInfo().apiUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
};

const count = (replies: readonly Reply[], status: number): number => replies.filter((r) => r.status === status).length;

describe('rate limits of the local gateway', () => {
  let defaults: TRateLimits;

  beforeAll(async () => {
    defaults = await localRateLimits(stackInfo().apiUrl);
  });
  // The stack's other tests run with the defaults again, every budget full.
  afterAll(() => setLocalRateLimits(stackInfo().apiUrl, defaults));

  it('answers 429 with the envelope to a user hammering the API, while another user still gets 200', async () => {
    // Prepare: 20 requests an hour, so no request comes back while the test runs
    const demo = await accessTokenFor('demo');
    const rival = await accessTokenFor('rival');
    await setLocalRateLimits(stackInfo().apiUrl, { perUser: { requests: 20, windowSeconds: 3_600 } });

    // Act: 40 calls at once as demo, then one as rival
    const hammer = await Promise.all(Array.from({ length: 40 }, () => get(getPlaybooks.path, demo)));
    const other = await get(getPlaybooks.path, rival);

    // Assess
    expect(count(hammer, 200)).toBe(20);
    expect(count(hammer, 429)).toBe(20);
    const refused = hammer.find((r) => r.status === 429);
    expect(refused?.body).toEqual({ success: false, payload: null, error: TOO_MANY_REQUESTS_ERROR });
    expect(Number(refused?.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(other.status).toBe(200);
    expect(other.body).toMatchObject({ success: true });
  });

  it('limits the public routes per source IP', async () => {
    // Prepare
    await setLocalRateLimits(stackInfo().apiUrl, { perIp: { requests: 5, windowSeconds: 3_600 } });

    // Act
    const replies = await Promise.all(Array.from({ length: 8 }, () => get(getHealth.path)));

    // Assess
    expect(count(replies, 200)).toBe(5);
    expect(count(replies, 429)).toBe(3);
    expect(replies.find((r) => r.status === 429)?.body).toEqual({
      success: false,
      payload: null,
      error: TOO_MANY_REQUESTS_ERROR,
    });
  });
});
