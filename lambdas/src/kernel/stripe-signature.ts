import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNATURE_HEADERS } from '@bidgrid/shared/api/operation';

/**
 * Stripe's webhook signature ("Check the webhook signatures"): `Stripe-Signature: t=<unix seconds>,
 * v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret>[,v1=...]`. The SDK's own
 * check refuses a timestamp only when it is too old; this one also refuses one dated too far in the
 * future, so a request signed ahead of time (or by a skewed clock) cannot be replayed later.
 */

/** How far a signature's timestamp may be from our clock, either way (Stripe's default tolerance). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The header name as the normalised request holds it (lower case). */
export const STRIPE_SIGNATURE_HEADER = SIGNATURE_HEADERS.stripeSignature.toLowerCase();

/** Why a request was refused (logged, never sent). */
export type TStripeSignatureProblem = 'missing' | 'malformed' | 'stale' | 'future' | 'mismatch';

/** The v1 signature of a payload at a timestamp (what Stripe sends, and what tests sign with). */
export function stripeSignatureV1(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

/** Checks a `Stripe-Signature` header over the raw body; null when it is good. */
export function stripeSignatureProblem(input: {
  secret: string;
  header: string | undefined;
  payload: string;
  /** Now, in milliseconds. */
  now: number;
  toleranceSeconds?: number;
}): TStripeSignatureProblem | null {
  if (!input.header) return 'missing';
  const parts = input.header.split(',').map((part) => part.trim().split('='));
  const timestamps = parts.filter(([name]) => name === 't').map(([, value]) => value ?? '');
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  const timestamp = Number(timestamps[0]);
  if (timestamps.length !== 1 || !/^\d+$/.test(timestamps[0] ?? '') || signatures.length === 0) return 'malformed';
  const tolerance = input.toleranceSeconds ?? STRIPE_SIGNATURE_TOLERANCE_SECONDS;
  const age = input.now / 1000 - timestamp;
  if (age > tolerance) return 'stale';
  if (age < -tolerance) return 'future';
  const expected = Buffer.from(stripeSignatureV1(input.secret, timestamp, input.payload), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? null : 'mismatch';
}
