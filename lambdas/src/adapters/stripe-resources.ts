import type Stripe from 'stripe';

/**
 * The Stripe API resources the payments gateway calls. The SDK builds all of its ~150 resources in its
 * constructor (165 KB of the 240 KB it adds to a bundle), so the Lambda bundles keep only these and
 * stub the rest (`cdk/src/lambda/stripe-trim.ts`); the gateway sees the client as `StripeClient`, so a
 * call to any other resource does not compile. Calling a new resource: add it here.
 */
export const STRIPE_RESOURCES = ['customers', 'setupIntents', 'paymentMethods', 'paymentIntents'] as const;

/** The part of the Stripe client the bundles carry. */
export type StripeClient = Pick<Stripe, (typeof STRIPE_RESOURCES)[number]>;
