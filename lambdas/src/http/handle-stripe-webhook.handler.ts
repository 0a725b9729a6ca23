import { now } from '@bidgrid/shared/clock';
import { handleStripeWebhook as operation } from '@bidgrid/shared/billing/payments.operations';
import { paymentsGateway } from '../adapters/payments';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { billingRepository } from '../adapters/repositories/billing.repository';
import { webhookEventRepository } from '../adapters/repositories/webhook-event.repository';
import { handleStripeWebhook } from '../domain/billing/handle-stripe-webhook.use-case';
import { httpHandler } from '../entry/http';
import { signedRequests } from '../entry/signed-request-guard';

/**
 * `POST /public/stripe/webhook`: Stripe events, each processed once. `httpHandler` checks the
 * signature over the raw body before the body is validated (the operation is `stripe-signed`).
 */
export const { handler, raw } = httpHandler(
  operation,
  ({ body, log }) =>
    handleStripeWebhook(
      {
        event: {
          id: body.id,
          type: body.type,
          object: body.data.object,
          previousAttributes: body.data.previous_attributes ?? {},
        },
      },
      {
        payments: paymentsGateway(),
        events: webhookEventRepository,
        advertisers: advertiserRepository,
        billing: billingRepository,
        now,
        log,
      },
    ),
  { signed: signedRequests },
);
