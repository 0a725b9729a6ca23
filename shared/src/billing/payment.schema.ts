import * as z from '../zod';
import { zId } from '../ids';
import { MAX_KEY_TEXT, ZEmail, ZRequestText } from '../common/common.schema';

/**
 * Payment save (000 §3, body of `POST /{card}/advertiser/card`): the payment-method id the provider's
 * client returned after confirming the card setup, plus the dialog's friendly name and billing email.
 * The card number never reaches us.
 */
export const ZPaymentSave = z.object({
  bgAdvertiserId: zId('advertiser'),
  billingEmail: ZEmail,
  friendlyName: ZRequestText,
  /** Stripe payment-method id (`pm_...`; older card objects are `card_...`). */
  method: z.string().check(z.maxLength(MAX_KEY_TEXT), z.regex(/^(pm|card)_[A-Za-z0-9_]+$/)),
});
export type TPaymentSave = z.infer<typeof ZPaymentSave>;

/**
 * The payload of `GET /{card}/intent`: the setup intent's client secret (000 §7), which the card
 * element confirms in the browser. It lets the browser attach one card, nothing else.
 */
export const ZCardSetupSecret = z.string().check(z.minLength(1));

/**
 * A Stripe webhook event as it arrives (`POST /public/stripe/webhook`). Only the envelope is checked
 * here; the handler verifies the `Stripe-Signature` over the raw body before trusting any of it.
 */
export const ZStripeEvent = z.object({
  id: z.string().check(z.maxLength(MAX_KEY_TEXT), z.startsWith('evt_')),
  type: z.string().check(z.minLength(1), z.maxLength(MAX_KEY_TEXT)),
  created: z.optional(z.number().check(z.int())),
  livemode: z.optional(z.boolean()),
  data: z.object({
    object: z.record(z.string().check(z.maxLength(MAX_KEY_TEXT)), z.unknown()),
    /** What an `*.updated` or `*.detached` event changed (the detach names the previous customer). */
    previous_attributes: z.optional(z.record(z.string().check(z.maxLength(MAX_KEY_TEXT)), z.unknown())),
  }),
});
export type TStripeEvent = z.infer<typeof ZStripeEvent>;
