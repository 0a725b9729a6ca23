import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { zId } from '../ids';
import { ZAdvertiser } from '../advertisers/advertiser.schema';
import { ZCardSetupSecret, ZPaymentSave, ZStripeEvent } from './payment.schema';

export const createCardSetupIntent = defineOperation({
  name: 'createCardSetupIntent',
  method: 'GET',
  path: '/api/stripe/intent',
  auth: 'user',
  // Ours: the spec sends no parameter, yet a setup intent belongs to one advertiser's payment customer.
  query: z.object({ advertiserId: zId('advertiser') }),
  response: ZCardSetupSecret,
  summary:
    "Creates a card setup intent for the payment customer of one of the caller's advertisers (`advertiserId` query, ours); the payload is its client secret for the card element.",
  specRef: '000 §7',
});

export const saveAdvertiserCard = defineOperation({
  name: 'saveAdvertiserCard',
  method: 'POST',
  path: '/api/stripe/advertiser/card',
  auth: 'user',
  body: ZPaymentSave,
  response: ZAdvertiser,
  summary:
    "Attaches the confirmed payment method to the advertiser's payment customer and saves the card summary, friendly name and billing email; answers the updated advertiser.",
  specRef: '000 §7',
});

export const handleStripeWebhook = defineOperation({
  name: 'handleStripeWebhook',
  method: 'POST',
  path: '/public/stripe/webhook',
  auth: 'stripe-signed',
  body: ZStripeEvent,
  response: z.object({ received: z.literal(true) }),
  summary:
    'Stripe webhook (ours): verifies the Stripe-Signature, records each event id once, and updates billing logs and saved cards from payment and payment-method events.',
  specRef: 'ours (billing; ARCHITECTURE: payments)',
});
