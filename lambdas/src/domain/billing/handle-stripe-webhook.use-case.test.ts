import '../../test-env';
import { describe, expect, it } from 'vitest';
import type { TBillingLogEntry } from '../ports/billing.port';
import { handleStripeWebhook } from './handle-stripe-webhook.use-case';
import type { StripeWebhookDeps, TWebhookEvent } from './handle-stripe-webhook.use-case';
import { cardRecordFixture, memoryAdvertisers, memoryLogger } from '../test-fakes';

const AGENCY = 'bgAgency-demo';
const ADV = 'bgAdvertiser-acme';

function world() {
  const advertisers = memoryAdvertisers([cardRecordFixture()]);
  const claimed = new Set<string>();
  const logs: TBillingLogEntry[] = [];
  let failNextUpdate = false;
  const deps: StripeWebhookDeps = {
    payments: {
      getCustomerMetadata: async (customerId) =>
        customerId === 'cus_acme' ? { agencyId: AGENCY, bgAdvertiserId: ADV } : null,
    },
    events: {
      claim: async (id) => {
        if (claimed.has(id)) return false;
        claimed.add(id);
        return true;
      },
      release: async (id) => {
        claimed.delete(id);
      },
    },
    advertisers: {
      ...advertisers.repo,
      async updateCardSummary(agency, id, pm, card) {
        if (failNextUpdate) {
          failNextUpdate = false;
          throw new Error('store unavailable');
        }
        return advertisers.repo.updateCardSummary(agency, id, pm, card);
      },
    },
    billing: {
      putBillingLog: async (_agency, log) => {
        if (logs.some((l) => l.id === log.id)) return false;
        logs.push(log);
        return true;
      },
    },
    now: () => new Date('2026-11-25T10:00:00Z'),
    log: memoryLogger(),
  };
  return { deps, advertisers, logs, failUpdate: () => (failNextUpdate = true) };
}

const updated = (id: string, last4: string): TWebhookEvent => ({
  id,
  type: 'payment_method.updated',
  object: { id: 'pm_acme', customer: 'cus_acme', card: { last4, brand: 'visa' } },
  previousAttributes: {},
});

describe('handleStripeWebhook', () => {
  it('updates the saved card once, ignoring a replay of the same event', async () => {
    // Prepare
    const w = world();

    // Act
    await handleStripeWebhook({ event: updated('evt_1', '1111') }, w.deps);
    await handleStripeWebhook({ event: updated('evt_2', '2222') }, w.deps);
    const replay = await handleStripeWebhook({ event: updated('evt_1', '1111') }, w.deps);

    // Assess
    expect(replay).toEqual({ received: true });
    expect(w.advertisers.get(AGENCY, ADV)?.paymentMethod?.card.last4).toBe('2222');
  });

  it('releases the event when processing fails, so the retry is processed', async () => {
    const w = world();
    w.failUpdate();
    await expect(handleStripeWebhook({ event: updated('evt_1', '1111') }, w.deps)).rejects.toThrow('store unavailable');
    await handleStripeWebhook({ event: updated('evt_1', '1111') }, w.deps);
    expect(w.advertisers.get(AGENCY, ADV)?.paymentMethod?.card.last4).toBe('1111');
  });

  it('removes a detached card and logs an asynchronous payment failure once', async () => {
    // Prepare
    const w = world();
    const events: Record<string, TWebhookEvent> = {
      detached: {
        id: 'evt_d',
        type: 'payment_method.detached',
        object: { id: 'pm_acme', customer: null },
        previousAttributes: { customer: 'cus_acme' },
      },
      failed: {
        id: 'evt_f',
        type: 'payment_intent.payment_failed',
        object: {
          id: 'pi_9',
          amount: 5000,
          created: 1_795_000_000,
          payment_method: 'pm_acme',
          metadata: { agencyId: AGENCY, bgAdvertiserId: ADV },
          last_payment_error: { message: 'Your card has insufficient funds.' },
        },
        previousAttributes: {},
      },
    };

    // Act
    await handleStripeWebhook({ event: events['failed'] as TWebhookEvent }, w.deps);
    await handleStripeWebhook({ event: events['detached'] as TWebhookEvent }, w.deps);

    // Assess
    expect(w.logs).toEqual([
      expect.objectContaining({
        id: 'fail-pi_9',
        type: 'failure',
        amount: 50,
        description: 'Your card has insufficient funds.',
        date: new Date(1_795_000_000 * 1000).toISOString(),
      }),
    ]);
    expect(w.advertisers.get(AGENCY, ADV)).toMatchObject({ paymentMethod: null, stripePaymentMethodId: null });
  });
});
