import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { createLogger } from '../support/logger';
import { createStripeSimulator, LOCAL_PUBLISHABLE_KEY, luhnValid } from './stripe';
import { checkRecordedReplies, vendorValidator } from './openapi/vendor-descriptions';
import { serve } from './test-server';

describe('payments simulator with the stripe SDK', () => {
  let sim: Awaited<ReturnType<typeof serve>>;
  let stripe: Stripe;
  const recordDir = mkdtempSync(join(tmpdir(), 'stripe-replies-'));
  const simulator = createStripeSimulator({ logger: createLogger('silent'), recordDir });

  beforeAll(async () => {
    sim = await serve(simulator.server);
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

  /** A customer with a card attached as the card dialog leaves it. */
  const customerWithCard = async (paymentMethod: string) => {
    const customer = await stripe.customers.create({ name: 'Acme' });
    const intent = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
    const pm = await stripe.paymentMethods.create({
      type: 'card',
      card: { number: paymentMethod, exp_month: 12, exp_year: 2034 },
    } as Stripe.PaymentMethodCreateParams);
    await stripe.paymentMethods.attach(pm.id, { customer: customer.id });
    return { customer: customer.id, pm: pm.id, intent };
  };
  const charge = (customer: string, pm: string, key?: string) =>
    stripe.paymentIntents.create(
      {
        amount: 5000,
        currency: 'usd',
        customer,
        payment_method: pm,
        off_session: true,
        confirm: true,
        statement_descriptor_suffix: 'ACME CORP',
      },
      key ? { idempotencyKey: key } : undefined,
    );

  it('charges a saved card off-session, and declines or asks for authentication with the test cards', async () => {
    // Prepare
    const good = await customerWithCard('4242424242424242');
    const declined = await customerWithCard('4000000000000002');
    const chargeFails = await customerWithCard('4000000000000341');
    const needsAuth = await customerWithCard('4000002760003184');

    // Act
    const paid = await charge(good.customer, good.pm);

    // Assess
    expect(paid).toMatchObject({ status: 'succeeded', amount: 5000, amount_received: 5000, customer: good.customer });
    await expect(charge(declined.customer, declined.pm)).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      message: 'Your card was declined.',
      payment_intent: { status: 'requires_payment_method' },
    });
    await expect(charge(chargeFails.customer, chargeFails.pm)).rejects.toMatchObject({ code: 'card_declined' });
    await expect(charge(needsAuth.customer, needsAuth.pm)).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'authentication_required',
    });
    const listed = await stripe.paymentIntents.list({ customer: good.customer });
    expect(listed.data.map((pi) => pi.id)).toEqual([paid.id]);
  });

  it('pages lists as Stripe does: limit, has_more, starting_after and ending_before, newest first', async () => {
    // Prepare
    const good = await customerWithCard('4242424242424242');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await charge(good.customer, good.pm)).id);
    const newestFirst = [...made].reverse();

    // Act
    const first = await stripe.paymentIntents.list({ customer: good.customer, limit: 2 });
    const second = await stripe.paymentIntents.list({
      customer: good.customer,
      limit: 2,
      starting_after: first.data[1]?.id as string,
    });
    const last = await stripe.paymentIntents.list({
      customer: good.customer,
      limit: 2,
      starting_after: second.data[1]?.id as string,
    });
    const back = await stripe.paymentIntents.list({
      customer: good.customer,
      limit: 2,
      ending_before: last.data[0]?.id as string,
    });
    const everything = await stripe.paymentIntents
      .list({ customer: good.customer, limit: 2 })
      .autoPagingToArray({ limit: 100 });
    const tooMany = stripe.paymentIntents.list({ limit: 101 });
    const unknownCursor = stripe.paymentIntents.list({ starting_after: 'pi_nope' });

    // Assess
    expect(first.data.map((pi) => pi.id)).toEqual(newestFirst.slice(0, 2));
    expect(first.has_more).toBe(true);
    expect(second.data.map((pi) => pi.id)).toEqual(newestFirst.slice(2, 4));
    expect(last.data.map((pi) => pi.id)).toEqual(newestFirst.slice(4));
    expect(last.has_more).toBe(false);
    expect(back.data.map((pi) => pi.id)).toEqual(newestFirst.slice(2, 4));
    expect(back.has_more).toBe(true);
    expect(everything.map((pi) => pi.id)).toEqual(newestFirst);
    await expect(tooMany).rejects.toMatchObject({ type: 'StripeInvalidRequestError', param: 'limit' });
    await expect(unknownCursor).rejects.toMatchObject({ code: 'resource_missing', param: 'starting_after' });
  });

  it("renders events in the API version the SDK pins, and answers unknown routes in Stripe's error shape", async () => {
    // Prepare
    const good = await customerWithCard('4242424242424242');
    await charge(good.customer, good.pm);

    // Act
    const events = await stripe.events.list({ limit: 3 });
    const unknown = await fetch(`${sim.url}/v1/nothing`, {
      headers: { authorization: `Bearer ${SIMULATOR_SECRETS.STRIPE_SECRET_KEY}` },
    });

    // Assess
    expect(events.data).toHaveLength(3);
    expect(new Set(events.data.map((e) => e.api_version))).toEqual(new Set([Stripe.API_VERSION]));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      error: { type: 'invalid_request_error', message: 'Unrecognized request URL. No route for GET /v1/nothing' },
    });
  });

  it('retrieves customers, setup intents and payment intents by id', async () => {
    // Prepare
    const good = await customerWithCard('4242424242424242');
    const paid = await charge(good.customer, good.pm);
    const setup = await stripe.setupIntents.create({ customer: good.customer, allowed_payment_method_types: ['card'] });

    // Act
    const customer = await stripe.customers.retrieve(good.customer);
    const intent = await stripe.setupIntents.retrieve(setup.id);
    const payment = await stripe.paymentIntents.retrieve(paid.id);

    // Assess
    expect(customer).toMatchObject({ id: good.customer, object: 'customer' });
    expect(intent).toMatchObject({
      id: setup.id,
      status: 'requires_payment_method',
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
    });
    expect(payment).toMatchObject({ id: paid.id, status: 'succeeded' });
  });

  it('honours Idempotency-Key: the same request gets the first reply, other parameters are refused', async () => {
    // Prepare
    const good = await customerWithCard('4242424242424242');
    const declined = await customerWithCard('4000000000000002');

    // Act
    const first = await charge(good.customer, good.pm, 'bill-acme-2026-11');
    const again = await charge(good.customer, good.pm, 'bill-acme-2026-11');
    const refusedFirst = await charge(declined.customer, declined.pm, 'bill-declined').catch((e: unknown) => e);
    const refusedAgain = await charge(declined.customer, declined.pm, 'bill-declined').catch((e: unknown) => e);

    // Assess
    expect(again.id).toBe(first.id);
    expect((await stripe.paymentIntents.list({ customer: good.customer })).data).toHaveLength(1);
    expect((refusedAgain as { payment_intent?: { id: string } }).payment_intent?.id).toBe(
      (refusedFirst as { payment_intent?: { id: string } }).payment_intent?.id,
    );
    await expect(
      stripe.paymentIntents.create(
        {
          amount: 9999,
          currency: 'usd',
          customer: good.customer,
          payment_method: good.pm,
          confirm: true,
          off_session: true,
        },
        { idempotencyKey: 'bill-acme-2026-11' },
      ),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('refuses statement descriptors outside the card networks rules', async () => {
    const good = await customerWithCard('4242424242424242');
    await expect(
      stripe.paymentIntents.create({
        amount: 5000,
        currency: 'usd',
        customer: good.customer,
        payment_method: good.pm,
        confirm: true,
        off_session: true,
        statement_descriptor_suffix: 'ACME "CORP"',
      }),
    ).rejects.toMatchObject({ param: 'statement_descriptor_suffix' });
  });

  it('delivers events signed with the webhook secret, which the SDK verifies', async () => {
    // Prepare: an endpoint that keeps what it receives.
    const received: Array<{ body: string; signature: string }> = [];
    const endpoint = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: String(req.headers['stripe-signature']),
        });
        res.writeHead(200).end('{}');
      });
    });
    const hook = await serve(endpoint);
    simulator.setWebhookEndpoint(`${hook.url}/webhook`);
    try {
      const good = await customerWithCard('4242424242424242');

      // Act
      const paid = await charge(good.customer, good.pm);
      await stripe.paymentMethods.detach(good.pm);
      await waitFor(() => received.length >= 3);

      // Assess
      const events = received.map((r) =>
        Stripe.webhooks.constructEvent(r.body, r.signature, SIMULATOR_SECRETS.STRIPE_WEBHOOK_SECRET, 300),
      );
      expect(events.map((e) => e.type)).toEqual([
        'payment_method.attached',
        'payment_intent.succeeded',
        'payment_method.detached',
      ]);
      expect(events[1]?.data.object).toMatchObject({ id: paid.id });
      expect(events[2]?.data.previous_attributes).toEqual({ customer: good.customer });
      const listed = await stripe.events.list({ type: 'payment_intent.succeeded' });
      expect(listed.data[0]?.data.object).toMatchObject({ id: paid.id });
    } finally {
      simulator.setWebhookEndpoint(undefined);
      await hook.close();
    }
  });

  // Runs last: every reply the tests above got, held against Stripe's description of the pinned API version.
  it("gave only replies that match Stripe's description of the API version the SDK pins", () => {
    const result = checkRecordedReplies(recordDir);
    expect(result.failures).toEqual([]);
    // Every route the simulator serves answered at least once, so each one was held against its description.
    expect(result.operations).toEqual(vendorValidator('stripe').describedOperations());
    expect(result.checked['stripe']).toBeGreaterThan(20);
  });
});

/** Polls until `done` (deliveries are asynchronous); fails after 5 s. */
async function waitFor(done: () => boolean): Promise<void> {
  const deadline = performance.now() + 5_000;
  while (!done()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
