import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  advertiser as advertiserOps,
  billing,
  payments,
  segmentsLog,
  type TAdvertiser,
  type TInvoice,
  type TSegmentsLogEntry,
} from '@bidgrid/shared';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../support/api';
import {
  appItem,
  confirmCardSetup,
  daysAgo,
  outbox,
  putCampaignWithDelivery,
  runJob,
  stripeApi,
} from '../support/local-data';

const { createAdvertiser, listAdvertiserBillingLogs } = advertiserOps;
const { listSentInvoices, listAllBillingLogs, listBillingLogsByUsername, getSentInvoice } = billing;
const { createCardSetupIntent, saveAdvertiserCard } = payments;

interface Billed {
  advertiser: TAdvertiser;
  customer: string;
  billingEmail: string;
  campaignId: string;
}

/**
 * A demo-agency advertiser with a saved card and a campaign that delivered $123.45 over the last two
 * days (before today: billing stops at yesterday). `card` picks the test card saved; a card number
 * is confirmed through the setup intent, `attach` puts a test card on the customer server-side (a
 * card that passed setup and declines later).
 */
async function billedAdvertiser(card: { number: string } | { attach: string }): Promise<Billed> {
  const token = await accessTokenFor('demo');
  const suffix = randomUUID().slice(0, 8);
  const created = await callOperation(createAdvertiser, {
    token,
    body: {
      name: `Billing ${suffix}`,
      phone: '+1 512 555 0100',
      address_1: 'a',
      city: 'c',
      state: 's',
      zip: 'z',
      domain: `bill-${suffix}.example`,
    },
  });
  const advertiser = created.body.payload as TAdvertiser;
  const intent = await callOperation(createCardSetupIntent, {
    token,
    query: { advertiserId: advertiser.bgAdvertiserId },
  });
  const stored = await appItem('AGENCY#bgAgency-demo', `ADV#${advertiser.bgAdvertiserId}`);
  const customer = stored?.['stripeCustomerId'] as string;
  let paymentMethod: string;
  if ('number' in card) {
    const confirmed = await confirmCardSetup(intent.body.payload as string, { number: card.number });
    paymentMethod = confirmed.body.payment_method as string;
  } else {
    const pm = await stripeApi<{ id: string }>('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': card.attach,
      'card[exp_month]': '12',
      'card[exp_year]': '2034',
    });
    await stripeApi('POST', `/v1/payment_methods/${pm.body.id}/attach`, { customer });
    paymentMethod = pm.body.id;
  }
  const billingEmail = `ap-${suffix}@billing-test.example`;
  const saved = await callOperation(saveAdvertiserCard, {
    token,
    body: { bgAdvertiserId: advertiser.bgAdvertiserId, billingEmail, friendlyName: 'AP card', method: paymentMethod },
  });
  if (saved.status !== 200) throw new Error(`card not saved: ${JSON.stringify(saved.body)}`);
  const campaignId = `bg-campaign-it-${suffix}`;
  await putCampaignWithDelivery({
    agencyId: 'bgAgency-demo',
    advertiserId: advertiser.bgAdvertiserId,
    campaignId,
    name: `Campaign ${suffix}`,
    createdBy: 'demo',
    // Today's row is still growing and waits for tomorrow's run.
    spendMicrosByDay: { [daysAgo(2)]: 100_000_000, [daysAgo(1)]: 23_450_000, [daysAgo(0)]: 77_000_000 },
  });
  return { advertiser, customer, billingEmail, campaignId };
}

const chargesOf = async (customer: string) =>
  (
    await stripeApi<{
      data: Array<{ id: string; amount: number; status: string; statement_descriptor_suffix: string }>;
    }>('GET', '/v1/payment_intents', { customer })
  ).body.data;

const logsOf = async (advertiserId: string) =>
  (
    await callOperation(listAdvertiserBillingLogs, {
      token: await accessTokenFor('demo'),
      params: { advertiserId },
    })
  ).body.payload ?? [];

describe('billing job', () => {
  it('charges delivered spend once however often it runs, logs it, and mails the invoice', async () => {
    // Prepare
    const billed = await billedAdvertiser({ number: '4242424242424242' });

    // Act
    await runJob('billing');
    await runJob('billing');

    // Assess: one charge of $123.45
    const charges = await chargesOf(billed.customer);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: 12_345, status: 'succeeded', statement_descriptor_suffix: 'BILLING' });
    const logs = await logsOf(billed.advertiser.bgAdvertiserId);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      type: 'charge',
      amount: 123.45,
      bgCampaignId: billed.campaignId,
      cardLast4: '4242',
      source: 'Stripe',
      bgAdvertiserId: billed.advertiser.bgAdvertiserId,
      advertiserName: billed.advertiser.name,
    });
    expect(logs[0]?.statementDescriptor?.length).toBeLessThanOrEqual(22);
    expect(logs[0]?.statementDescriptor).toMatch(/^[A-Z0-9 ]+$/);
    const mails = await outbox(billed.billingEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.html).toContain('$123.45');
    const invoices = await callOperation(listSentInvoices, {
      token: await accessTokenFor('demo'),
      body: { username: 'demo' },
    });
    const parsed = billing.listSentInvoices.response.parse(invoices.body.payload) as TInvoice[];
    expect(parsed.filter((i) => i.bgAdvertiserId === billed.advertiser.bgAdvertiserId)).toEqual([
      expect.objectContaining({
        recipientEmail: billed.billingEmail,
        chargeAmount: 123.45,
        id: logs[0]?.invoice,
        subject: mails[0]?.subject,
      }),
    ]);
    expect((await appItem('AGENCY#bgAgency-demo', `ADV#${billed.advertiser.bgAdvertiserId}`))?.['billedThrough']).toBe(
      daysAgo(1),
    );
  });

  it('charges once, logs once and mails once when three billing runs race', async () => {
    // Prepare
    const billed = await billedAdvertiser({ number: '4242424242424242' });

    // Act: three runs at the same moment (a retried schedule, a manual run), each over every advertiser.
    await Promise.all([runJob('billing'), runJob('billing'), runJob('billing')]);

    // Assess
    const charges = await chargesOf(billed.customer);
    expect(charges.map((c) => [c.amount, c.status])).toEqual([[12_345, 'succeeded']]);
    const logs = await logsOf(billed.advertiser.bgAdvertiserId);
    expect(logs.map((log) => [log.type, log.amount])).toEqual([['charge', 123.45]]);
    expect(await outbox(billed.billingEmail)).toHaveLength(1);
  });

  it('logs a declined off-session charge with the provider message and does not try that card again', async () => {
    // Prepare: a card that was saved fine and is declined when charged.
    const billed = await billedAdvertiser({ attach: '4000000000000002' });

    // Act
    await runJob('billing');
    await runJob('billing');

    // Assess
    const charges = await chargesOf(billed.customer);
    expect(charges).toHaveLength(1);
    expect(charges[0]?.status).toBe('requires_payment_method');
    const logs = await logsOf(billed.advertiser.bgAdvertiserId);
    expect(logs).toEqual([
      expect.objectContaining({
        type: 'failure',
        description: 'Your card was declined.',
        amount: 123.45,
        invoice: null,
      }),
    ]);
    expect(await outbox(billed.billingEmail)).toHaveLength(0);
  });

  it('goes on past a card declined in the middle of a run: the others charged once, the declined one logged, nothing charged twice on a re-run', async () => {
    // Prepare: three advertisers to charge in one run, the second one's card declining when charged.
    const first = await billedAdvertiser({ number: '4242424242424242' });
    const declined = await billedAdvertiser({ attach: '4000000000000002' });
    const third = await billedAdvertiser({ number: '4242424242424242' });

    // Act
    await runJob('billing');
    const afterFirstRun = await Promise.all([first, declined, third].map((b) => chargesOf(b.customer)));
    await runJob('billing');

    // Assess: one charge each, the declined one's failed and logged with the provider's words.
    const charges = await Promise.all([first, declined, third].map((b) => chargesOf(b.customer)));
    expect(charges).toEqual(afterFirstRun);
    expect(charges.map((c) => c.map((charge) => [charge.amount, charge.status]))).toEqual([
      [[12_345, 'succeeded']],
      [[12_345, 'requires_payment_method']],
      [[12_345, 'succeeded']],
    ]);
    for (const billed of [first, third]) {
      expect(await logsOf(billed.advertiser.bgAdvertiserId)).toEqual([
        expect.objectContaining({ type: 'charge', amount: 123.45, bgCampaignId: billed.campaignId }),
      ]);
      expect(await outbox(billed.billingEmail)).toHaveLength(1);
    }
    expect(await logsOf(declined.advertiser.bgAdvertiserId)).toEqual([
      expect.objectContaining({ type: 'failure', description: 'Your card was declined.', amount: 123.45 }),
    ]);
    expect(await outbox(declined.billingEmail)).toHaveLength(0);
  });

  it('logs an off-session charge that needs authentication as a failure', async () => {
    const billed = await billedAdvertiser({ number: '4000002760003184' });
    await runJob('billing');
    const logs = await logsOf(billed.advertiser.bgAdvertiserId);
    expect(logs).toEqual([
      expect.objectContaining({
        type: 'failure',
        description: 'Your card was declined. This transaction requires authentication.',
      }),
    ]);
  });
});

describe('billing logs and invoices', () => {
  let demo: string;
  let rival: string;
  beforeAll(async () => {
    demo = await accessTokenFor('demo');
    rival = await accessTokenFor('rival');
  });

  it("lists every billing log of the caller's agency only, newest first; the body's username is ignored", async () => {
    const own = await callOperation(listAllBillingLogs, { token: rival, body: { username: 'demo' } });
    expect(own.status).toBe(200);
    const logs = own.body.payload ?? [];
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((l) => l.bgAdvertiserId.startsWith('bgAdvertiser-rival'))).toBe(true);
    const dates = logs.map((l) => l.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const noBody = await callOperation(listAllBillingLogs, { token: demo });
    expect(noBody.status).toBe(200);
  });

  it('lists the billing logs of the campaigns the caller created', async () => {
    const mine = await callOperation(listBillingLogsByUsername, {
      token: demo,
      body: { username: 'rival' },
    });
    expect(mine.status).toBe(200);
    expect((mine.body.payload ?? []).some((l) => l.bgAdvertiserId === 'bgAdvertiser-demo-acme')).toBe(true);
    const theirs = await callOperation(listBillingLogsByUsername, { token: rival });
    expect((theirs.body.payload ?? []).every((l) => l.bgAdvertiserId.startsWith('bgAdvertiser-rival'))).toBe(true);
  });

  it('answers the invoices as a JSON string per agency, their HTML bodies one invoice at a time', async () => {
    // The wire form (a JSON string) is what this test reads: the unchecked call leaves its payload untyped.
    const reply = await callOperationUnchecked(listSentInvoices, { token: rival, body: {} });
    expect(reply.status).toBe(200);
    expect(typeof reply.body.payload).toBe('string');
    const invoices = JSON.parse(reply.body.payload as string) as Array<Partial<TInvoice>>;
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices.every((i) => i.bgAdvertiserId?.startsWith('bgAdvertiser-rival'))).toBe(true);
    // Issue 9 §6: the list carries no bodies; GET /mailSents/{id} answers one with its body.
    expect(invoices.every((i) => i.body === undefined)).toBe(true);
    const one = await callOperation(getSentInvoice, { token: rival, params: { id: invoices[0]?.id as string } });
    expect(one.body.payload?.body).toMatch(/^<!doctype html>/);
  });

  it('answers 400 for a body that is not an object', async () => {
    const reply = await callOperationUnchecked(listAllBillingLogs, { token: demo, body: ['demo'] });
    expect(reply.status).toBe(400);
  });
});

describe('POST /api/segmentsLogs/all', () => {
  it('answers internal staff the segments log as a JSON string, newest first', async () => {
    const reply = await callOperation(segmentsLog.listSegmentsLogs, {
      token: await accessTokenFor('ops-admin'),
      body: { username: 'ops-admin' },
    });
    expect(reply.status).toBe(200);
    const entries = segmentsLog.listSegmentsLogs.response.parse(reply.body.payload) as TSegmentsLogEntry[];
    expect(entries.length).toBeGreaterThanOrEqual(30);
    expect(entries[0]).toMatchObject({
      subdomain: expect.any(String),
      ipSegment: expect.stringMatching(/^198\.1[89]\./),
    });
    const dates = entries.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('refuses agency users with 403', async () => {
    const reply = await callOperation(segmentsLog.listSegmentsLogs, {
      token: await accessTokenFor('demo'),
      body: { username: 'ops-admin' },
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ success: false, payload: null, error: 'Only internal staff can view segment logs.' });
  });
});
