import { handleStripeWebhook as operation } from '@bidgrid/shared/api/operations/payments.operations';
import { paymentsGateway } from '../adapters/payments';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { billingRepository } from '../adapters/repositories/billing.repository';
import { webhookEventRepository } from '../adapters/repositories/webhook-event.repository';
import { handleStripeWebhook } from '../domain/handle-stripe-webhook.use-case';
import { httpHandler } from '../lib/http';

/** `POST /public/stripe/webhook`: Stripe events, signature-checked over the raw body, each processed once. */
export const { handler, raw } = httpHandler(operation, ({ request, log }) =>
  handleStripeWebhook(
    // The header normalizer lower-cases names; the signature covers the raw body, not the parsed one.
    { rawBody: request.rawBody, signature: request.headers['stripe-signature'] },
    {
      payments: paymentsGateway(),
      events: webhookEventRepository,
      advertisers: advertiserRepository,
      billing: billingRepository,
      now: () => new Date(),
      log,
    },
  ),
);
