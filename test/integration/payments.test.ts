import { nowMs } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { advertiser as advertiserOps, payments, type TAdvertiser } from '@bidgrid/shared';
import { MISSING_BODY_ERROR } from '@bidgrid/shared/api/envelope';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../support/api';
import { appItem, confirmCardSetup, postStripeWebhook, stripeSignature } from '../support/local-data';

const { createAdvertiser, getAdvertiser } = advertiserOps;
const { createCardSetupIntent, saveAdvertiserCard } = payments;

/** A fresh advertiser of the demo agency (each test its own, so cards never collide). */
async function freshAdvertiser(token: string): Promise<TAdvertiser> {
  const suffix = randomUUID().slice(0, 8);
  const reply = await callOperation(createAdvertiser, {
    token,
    body: {
      name: `Card test ${suffix}`,
      phone: '+1 512 555 0100',
      address_1: '1 Test St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      domain: `card-${suffix}.example`,
    },
  });
  if (reply.status !== 200 || !reply.body.payload) throw new Error(`advertiser not created: ${reply.status}`);
  return reply.body.payload;
}

const saveBody = (advertiserId: string, method: string) => ({
  bgAdvertiserId: advertiserId,
  billingEmail: 'billing@card-test.example',
  friendlyName: 'Ops Visa',
  method,
});

describe('payment card: GET /api/stripe/intent and POST /api/stripe/advertiser/card', () => {
  let token: string;
  beforeAll(async () => {
    token = await accessTokenFor('demo');
  });

  it('sets up a card with the test card 4242 and saves last 4, brand, name and billing e-mail', async () => {
    // Prepare
    const advertiser = await freshAdvertiser(token);

    // Act
    const intent = await callOperation(createCardSetupIntent, {
      token,
      query: { advertiserId: advertiser.bgAdvertiserId },
    });
    const confirmed = await confirmCardSetup(intent.body.payload as string, { number: '4242 4242 4242 4242' });
    const saved = await callOperation(saveAdvertiserCard, {
      token,
      body: saveBody(advertiser.bgAdvertiserId, confirmed.body.payment_method as string),
    });

    // Assess
    expect(intent.status).toBe(200);
    expect(intent.body.payload).toMatch(/^seti_\w+_secret_\w+$/);
    expect(confirmed.status).toBe(200);
    expect(saved.status).toBe(200);
    expect(saved.body.payload).toMatchObject({
      paymentMethod: { card: { last4: '4242', brand: 'visa' } },
      advertiser_card_name: 'Ops Visa',
      billingEmail: 'billing@card-test.example',
    });
    const again = await callOperation(getAdvertiser, { token, params: { id: advertiser.bgAdvertiserId } });
    expect(again.body.payload?.paymentMethod).toEqual({ card: { last4: '4242', brand: 'visa' } });
  });

  it('lets the provider decline 4000 0000 0000 0002 during setup: nothing is saved', async () => {
    const advertiser = await freshAdvertiser(token);
    const intent = await callOperation(createCardSetupIntent, {
      token,
      query: { advertiserId: advertiser.bgAdvertiserId },
    });
    const declined = await confirmCardSetup(intent.body.payload as string, { number: '4000000000000002' });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    const again = await callOperation(getAdvertiser, { token, params: { id: advertiser.bgAdvertiserId } });
    expect(again.body.payload?.paymentMethod).toBeNull();
  });

  it("refuses a card set up for another advertiser's customer", async () => {
    // Prepare: a card confirmed for advertiser A, offered for advertiser B.
    const a = await freshAdvertiser(token);
    const b = await freshAdvertiser(token);
    const intentA = await callOperation(createCardSetupIntent, {
      token,
      query: { advertiserId: a.bgAdvertiserId },
    });
    await callOperation(createCardSetupIntent, { token, query: { advertiserId: b.bgAdvertiserId } });
    const confirmed = await confirmCardSetup(intentA.body.payload as string, { paymentMethod: 'pm_card_visa' });

    // Act
    const reply = await callOperation(saveAdvertiserCard, {
      token,
      body: saveBody(b.bgAdvertiserId, confirmed.body.payment_method as string),
    });

    // Assess
    expect(reply.status).toBe(400);
    expect(reply.body.fieldErrors).toEqual({ method: ['This card was not set up for this advertiser.'] });
  });

  it('answers 400 for bad input and 404 for another agency', async () => {
    const rival = await accessTokenFor('rival');
    expect((await callOperationUnchecked(createCardSetupIntent, { token })).status).toBe(400);
    expect(
      (await callOperation(createCardSetupIntent, { token: rival, query: { advertiserId: 'bgAdvertiser-demo-acme' } }))
        .status,
    ).toBe(404);
    const badBody = await callOperation(saveAdvertiserCard, {
      token,
      body: {
        bgAdvertiserId: 'bgAdvertiser-demo-acme',
        billingEmail: 'not-an-email',
        friendlyName: '',
        method: 'tok_x',
      },
    });
    expect(badBody.status).toBe(400);
    expect(Object.keys(badBody.body.fieldErrors ?? {}).sort()).toEqual(['billingEmail', 'friendlyName', 'method']);
    const foreign = await callOperation(saveAdvertiserCard, {
      token: rival,
      body: saveBody('bgAdvertiser-demo-acme', 'pm_card_visa'),
    });
    expect(foreign.status).toBe(404);
  });
});

describe('POST /public/stripe/webhook', () => {
  /** An advertiser with a saved card, and what the webhook events refer to. */
  async function advertiserWithCard(): Promise<{ advertiser: TAdvertiser; customer: string; paymentMethod: string }> {
    const token = await accessTokenFor('demo');
    const advertiser = await freshAdvertiser(token);
    const intent = await callOperation(createCardSetupIntent, {
      token,
      query: { advertiserId: advertiser.bgAdvertiserId },
    });
    const confirmed = await confirmCardSetup(intent.body.payload as string, { number: '4242424242424242' });
    const paymentMethod = confirmed.body.payment_method as string;
    await callOperation(saveAdvertiserCard, { token, body: saveBody(advertiser.bgAdvertiserId, paymentMethod) });
    const stored = await appItem('AGENCY#bgAgency-demo', `ADV#${advertiser.bgAdvertiserId}`);
    return { advertiser, customer: stored?.['stripeCustomerId'] as string, paymentMethod };
  }

  const cardUpdated = (eventId: string, paymentMethod: string, customer: string, last4: string) =>
    JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'payment_method.updated',
      created: Math.floor(nowMs() / 1000),
      livemode: false,
      data: {
        object: { id: paymentMethod, object: 'payment_method', customer, type: 'card', card: { last4, brand: 'visa' } },
      },
    });

  const cardOf = async (advertiserId: string) =>
    (
      await callOperation(getAdvertiser, {
        token: await accessTokenFor('demo'),
        params: { id: advertiserId },
      })
    ).body.payload?.paymentMethod?.card.last4;

  it('applies a signed event and ignores its replay', async () => {
    // Prepare
    const { advertiser, customer, paymentMethod } = await advertiserWithCard();
    const first = cardUpdated(`evt_${randomUUID().replace(/-/g, '')}`, paymentMethod, customer, '1111');
    const second = cardUpdated(`evt_${randomUUID().replace(/-/g, '')}`, paymentMethod, customer, '2222');

    // Act
    const a = await postStripeWebhook(first, stripeSignature(first));
    const b = await postStripeWebhook(second, stripeSignature(second));
    const replay = await postStripeWebhook(first, stripeSignature(first));

    // Assess
    expect([a.status, b.status, replay.status]).toEqual([200, 200, 200]);
    expect(replay.body).toEqual({ success: true, payload: { received: true }, error: null });
    expect(await cardOf(advertiser.bgAdvertiserId)).toBe('2222');
  });

  it('refuses a tampered body, a stale signature, another secret and no signature', async () => {
    // Prepare
    const { advertiser, customer, paymentMethod } = await advertiserWithCard();
    const event = cardUpdated(`evt_${randomUUID().replace(/-/g, '')}`, paymentMethod, customer, '3333');
    const tampered = event.replace('3333', '9999');

    // Act
    const replies = [
      await postStripeWebhook(tampered, stripeSignature(event)),
      await postStripeWebhook(event, stripeSignature(event, { timestamp: Math.floor(nowMs() / 1000) - 301 })),
      await postStripeWebhook(event, stripeSignature(event, { secret: 'whsec_somebody_else' })),
      await postStripeWebhook(event, null),
    ];

    // Assess
    for (const reply of replies) {
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ success: false, error: 'Invalid webhook signature.' });
    }
    expect(await cardOf(advertiser.bgAdvertiserId)).toBe('4242');
    // The refused attempts recorded nothing: the genuine event still applies.
    expect((await postStripeWebhook(event, stripeSignature(event))).status).toBe(200);
    expect(await cardOf(advertiser.bgAdvertiserId)).toBe('3333');
  });

  it('checks the signature before the body: a bad signature on a bad body answers 401, not 400', async () => {
    const badBody = JSON.stringify({ id: 'not-an-event', data: 'x' });
    const unsigned = await postStripeWebhook(badBody, null);
    const forged = await postStripeWebhook(badBody, stripeSignature(badBody, { secret: 'whsec_somebody_else' }));
    const signed = await postStripeWebhook(badBody, stripeSignature(badBody));
    expect([unsigned.status, forged.status, signed.status]).toEqual([401, 401, 400]);
    expect(forged.body).toMatchObject({ success: false, error: 'Invalid webhook signature.' });
  });

  it('checks the signature before it parses: unsigned invalid JSON answers 401, signed invalid JSON 400', async () => {
    // Prepare
    const notJson = '{"id": "evt_1", "type": ';

    // Act
    const unsigned = await postStripeWebhook(notJson, null);
    const forged = await postStripeWebhook(notJson, stripeSignature(notJson, { secret: 'whsec_somebody_else' }));
    const signed = await postStripeWebhook(notJson, stripeSignature(notJson));

    // Assess
    expect([unsigned.status, forged.status, signed.status]).toEqual([401, 401, 400]);
    expect(unsigned.body).toMatchObject({ success: false, error: 'Invalid webhook signature.' });
    expect(signed.body).toMatchObject({ success: false, error: MISSING_BODY_ERROR });
  });

  it('refuses a signature dated beyond the tolerance in the future', async () => {
    // Prepare
    const { advertiser, customer, paymentMethod } = await advertiserWithCard();
    const event = cardUpdated(`evt_${randomUUID().replace(/-/g, '')}`, paymentMethod, customer, '5555');
    const now = Math.floor(nowMs() / 1000);
    // Act
    const future = await postStripeWebhook(event, stripeSignature(event, { timestamp: now + 301 }));
    const farFuture = await postStripeWebhook(event, stripeSignature(event, { timestamp: now + 86_400 }));
    // Assess
    expect([future.status, farFuture.status]).toEqual([401, 401]);
    expect(await cardOf(advertiser.bgAdvertiserId)).toBe('4242');
  });
});
