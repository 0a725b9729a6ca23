import '../test-env';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../domain/vendor-refusals';
import { createStripeGateway } from './payments';

const secret = 'whsec_test_unit';
const gateway = createStripeGateway({
  apiUrl: 'http://127.0.0.1:1',
  secrets: async (name) => (name === 'STRIPE_WEBHOOK_SECRET' ? secret : 'sk_test_unit'),
});
const payload = JSON.stringify({
  id: 'evt_1',
  object: 'event',
  type: 'payment_method.detached',
  created: 1,
  data: { object: { id: 'pm_1', customer: null }, previous_attributes: { customer: 'cus_1' } },
});
const header = (body: string, timestamp = Math.floor(Date.now() / 1000), key = secret) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret: key, timestamp });

describe('verifyWebhook', () => {
  it('accepts a body signed with the webhook secret and returns the event parts', async () => {
    await expect(gateway.verifyWebhook(payload, header(payload))).resolves.toEqual({
      id: 'evt_1',
      type: 'payment_method.detached',
      object: { id: 'pm_1', customer: null },
      previousAttributes: { customer: 'cus_1' },
    });
  });

  it('refuses a tampered body, another secret, a stale timestamp and a missing header', async () => {
    const tampered = payload.replace('pm_1', 'pm_2');
    await expect(gateway.verifyWebhook(tampered, header(payload))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(gateway.verifyWebhook(payload, header(payload, undefined, 'whsec_other'))).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    const stale = Math.floor(Date.now() / 1000) - 301;
    await expect(gateway.verifyWebhook(payload, header(payload, stale))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(gateway.verifyWebhook(payload, undefined)).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});
