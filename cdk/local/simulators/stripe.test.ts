import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { createLogger } from '../support/logger';
import { createStripeSimulator, LOCAL_PUBLISHABLE_KEY, luhnValid } from './stripe';
import { serve } from './test-server';

describe('payments simulator with the stripe SDK', () => {
  let sim: Awaited<ReturnType<typeof serve>>;
  let stripe: Stripe;

  beforeAll(async () => {
    sim = await serve(createStripeSimulator({ logger: createLogger('silent') }).server);
    stripe = new Stripe(SIMULATOR_SECRETS.STRIPE_SECRET_KEY, {
      host: '127.0.0.1',
      port: sim.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
  });
  afterAll(() => sim.close());

  it('answers /health', async () => {
    expect(await (await fetch(`${sim.url}/health`)).json()).toEqual({ status: 'ok', vendor: 'stripe' });
  });

  it('creates a customer and a setup intent, confirms it with a test card and shows the card', async () => {
    // Act
    const customer = await stripe.customers.create({
      email: 'billing@acme.example',
      name: 'Acme',
      metadata: { a: '1' },
    });
    const intent = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    const confirmed = await stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    const card = await stripe.paymentMethods.retrieve(confirmed.payment_method as string);
    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: card.id },
    });
    // Assess
    expect(customer).toMatchObject({ object: 'customer', email: 'billing@acme.example', metadata: { a: '1' } });
    expect(intent).toMatchObject({ object: 'setup_intent', status: 'requires_payment_method', customer: customer.id });
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
    expect(confirmed.status).toBe('succeeded');
    expect(card).toMatchObject({ object: 'payment_method', type: 'card', customer: customer.id });
    expect(card.card).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(updated.invoice_settings.default_payment_method).toBe(card.id);
  });

  it("speaks Stripe's errors: missing objects, bad keys, declined cards", async () => {
    await expect(stripe.paymentMethods.retrieve('pm_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
    const wrongKey = new Stripe('sk_test_wrong', {
      host: '127.0.0.1',
      port: sim.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(wrongKey.customers.create({})).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
    const intent = await stripe.setupIntents.create({});
    await expect(
      stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
  });

  it('lets the browser confirm with the publishable key and the client secret (local card field)', async () => {
    // Prepare
    const intent = await stripe.setupIntents.create({});
    const confirm = (secret: string) =>
      fetch(`${sim.url}/v1/setup_intents/${intent.id}/confirm`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          client_secret: secret,
          'payment_method_data[type]': 'card',
          'payment_method_data[card][number]': '5555 5555 5555 4444',
          'payment_method_data[card][exp_month]': '12',
          'payment_method_data[card][exp_year]': '2031',
          'payment_method_data[billing_details][name]': 'Jane Doe',
        }).toString(),
      });
    // Act
    const wrongSecret = await confirm('seti_x_secret_y');
    const ok = await confirm(intent.client_secret as string);
    const body = (await ok.json()) as { status: string; payment_method: string };
    // Assess
    expect(wrongSecret.status).toBe(404);
    expect(ok.status).toBe(200);
    expect(body.status).toBe('succeeded');
    const card = await stripe.paymentMethods.retrieve(body.payment_method);
    expect(card.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(card.billing_details.name).toBe('Jane Doe');
    // The publishable key cannot do what only the server may.
    const denied = await fetch(`${sim.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LOCAL_PUBLISHABLE_KEY}` },
    });
    expect(denied.status).toBe(401);
  });

  it('checks card numbers with Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });
});
