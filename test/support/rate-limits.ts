import { LOCAL_RATE_LIMITS_PATH } from '@bidgrid/local/gateway/rest';
import type { TRateLimits } from '@bidgrid/local/gateway/rate-limiter';

/** The local gateway's rate limits now (`GET /__local/rate-limits`). */
export async function localRateLimits(apiUrl: string): Promise<TRateLimits> {
  const res = await fetch(`${apiUrl}${LOCAL_RATE_LIMITS_PATH}`);
  if (!res.ok) throw new Error(`GET ${LOCAL_RATE_LIMITS_PATH} answered ${res.status}`);
  return (await res.json()) as TRateLimits;
}

/**
 * Changes the local gateway's rate limits (`PUT /__local/rate-limits`); every budget starts full
 * again. Answers the limits in force afterwards.
 */
export async function setLocalRateLimits(apiUrl: string, change: Partial<TRateLimits>): Promise<TRateLimits> {
  const res = await fetch(`${apiUrl}${LOCAL_RATE_LIMITS_PATH}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(change),
  });
  if (!res.ok) throw new Error(`PUT ${LOCAL_RATE_LIMITS_PATH} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as TRateLimits;
}
