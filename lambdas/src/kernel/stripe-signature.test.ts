import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { STRIPE_SIGNATURE_TOLERANCE_SECONDS, stripeSignatureProblem, stripeSignatureV1 } from './stripe-signature';

const SECRET = 'whsec_test_unit';
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_method.detached', data: { object: {} } });
const NOW = Date.parse('2026-11-25T12:00:00Z');
const nowSeconds = NOW / 1000;
const header = (body: string, timestamp = nowSeconds, key = SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret: key, timestamp });
const check = (signature: string | undefined, body = payload) =>
  stripeSignatureProblem({ secret: SECRET, header: signature, payload: body, now: NOW });

describe('stripeSignatureProblem', () => {
  it("accepts what the Stripe SDK signs, and a header with the old and the new secret's signatures", () => {
    expect(check(header(payload))).toBeNull();
    const rotated = `t=${nowSeconds},v1=${stripeSignatureV1('whsec_old', nowSeconds, payload)},v1=${stripeSignatureV1(SECRET, nowSeconds, payload)}`;
    expect(check(rotated)).toBeNull();
  });

  it('refuses a tampered body, another secret, a missing or malformed header', () => {
    expect(check(header(payload), payload.replace('evt_1', 'evt_2'))).toBe('mismatch');
    expect(check(header(payload, nowSeconds, 'whsec_other'))).toBe('mismatch');
    expect(check(undefined)).toBe('missing');
    expect(check('')).toBe('missing');
    expect(check(`v1=${stripeSignatureV1(SECRET, nowSeconds, payload)}`)).toBe('malformed');
    expect(check(`t=${nowSeconds}`)).toBe('malformed');
    expect(check(`t=soon,v1=${stripeSignatureV1(SECRET, nowSeconds, payload)}`)).toBe('malformed');
  });

  it('refuses a timestamp beyond the tolerance either way, and accepts one within it', () => {
    const t = STRIPE_SIGNATURE_TOLERANCE_SECONDS;
    expect(check(header(payload, nowSeconds - t - 1))).toBe('stale');
    expect(check(header(payload, nowSeconds + t + 1))).toBe('future');
    expect(check(header(payload, nowSeconds + 86_400))).toBe('future');
    expect(check(header(payload, nowSeconds - t))).toBeNull();
    expect(check(header(payload, nowSeconds + t))).toBeNull();
  });
});
