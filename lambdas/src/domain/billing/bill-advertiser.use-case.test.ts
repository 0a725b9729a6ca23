import '../../test-env';
import { describe, expect, it } from 'vitest';
import type { TInvoice } from '@bidgrid/shared/billing/billing.schema';
import type { TAdvertiserRecord } from '../advertisers/advertiser-record.schema';
import { cardRecordFixture, memoryLogger, recordingMetrics } from '../test-fakes';
import { billAdvertiser, chargeKey } from './bill-advertiser.use-case';
import type { TBillingLogEntry } from '../ports/billing.port';
import type { TChargeOutcome } from '../ports/payments.port';
import type { BillAdvertiserDeps } from './bill-advertiser.use-case';
import { runBilling } from './run-billing.use-case';

const AGENCY = 'bgAgency-demo';
const NOW = new Date('2026-11-25T06:30:00Z');

/** An in-memory world: one store, a provider that honours idempotency keys as Stripe does, an outbox. */
function world(
  options: { record?: TAdvertiserRecord; spend?: Record<string, Record<string, number>>; refuse?: TChargeOutcome } = {},
) {
  const advertisers = new Map<string, TAdvertiserRecord>();
  const record = options.record ?? cardRecordFixture();
  advertisers.set(record.bgAdvertiserId, { ...record });
  const spend = options.spend ?? {
    'bg-campaign-a': { '2026-11-20': 30_000_000, '2026-11-24': 12_340_000, '2026-11-25': 99_000_000 },
    'bg-campaign-b': { '2026-11-21': 7_660_000 },
  };
  const logs = new Map<string, { log: TBillingLogEntry; createdBy: string }>();
  const invoices = new Map<string, TInvoice>();
  const idempotency = new Map<string, Record<string, unknown>>();
  const providerReplies = new Map<string, TChargeOutcome>();
  const charges: Array<{ amountCents: number; idempotencyKey: string; statementDescriptorSuffix: string }> = [];
  const mails: Array<{ to: string; subject: string }> = [];
  let piCounter = 0;
  const log = memoryLogger();

  const deps: BillAdvertiserDeps = {
    advertisers: {
      getAdvertiser: async (_agency, id) => {
        const found = advertisers.get(id);
        return found ? { ...found } : null;
      },
      advanceBilledThrough: async (_agency, id, previous, next, chargedAt) => {
        const current = advertisers.get(id);
        if (!current || current.billedThrough !== previous) return false;
        advertisers.set(id, { ...current, billedThrough: next, lastChargedAt: chargedAt });
        return true;
      },
      blockBilling: async (_agency, id, pm) => {
        const current = advertisers.get(id);
        if (current && current.stripePaymentMethodId === pm) {
          advertisers.set(id, { ...current, billingBlockedPaymentMethodId: pm });
        }
      },
    },
    campaigns: {
      listCampaigns: async () => [
        { bgCampaignId: 'bg-campaign-a', name: 'Spring Push', createdBy: 'planner' },
        { bgCampaignId: 'bg-campaign-b', name: 'Retarget', createdBy: null },
        { bgCampaignId: 'bg-campaign-c', name: 'Idle', createdBy: 'demo' },
      ],
      spendMicros: async (_agency, campaignId, from, to) =>
        Object.entries(spend[campaignId] ?? {})
          .filter(([day]) => (from === null || day >= from) && day <= to)
          .reduce((sum, [, micros]) => sum + micros, 0),
    },
    payments: {
      chargeOffSession: async (request) => {
        const replay = providerReplies.get(request.idempotencyKey);
        if (replay) return replay;
        charges.push(request);
        const outcome: TChargeOutcome = options.refuse ?? {
          status: 'succeeded',
          paymentIntentId: `pi_${++piCounter}`,
          createdAt: NOW.toISOString(),
        };
        providerReplies.set(request.idempotencyKey, outcome);
        return outcome;
      },
    },
    billing: {
      putBillingLog: async (_agency, entry, createdBy) => {
        if (logs.has(entry.id)) return false;
        logs.set(entry.id, { log: entry, createdBy });
        return true;
      },
      putInvoiceIfAbsent: async (_agency, invoice) => {
        if (invoices.has(invoice.id)) return false;
        invoices.set(invoice.id, invoice);
        return true;
      },
    },
    idempotency: {
      get: async (key) => idempotency.get(key) ?? null,
      put: async (key, result) => {
        idempotency.set(key, result);
      },
    },
    sendMail: async (message) => {
      mails.push(message);
    },
    now: () => NOW,
    log,
  };
  return { deps, advertisers, logs, invoices, charges, mails, idempotency, providerReplies, log };
}

const input = { agencyId: AGENCY, advertiserId: 'bgAdvertiser-acme' };

describe('billAdvertiser', () => {
  it('charges the spend since the last charge through yesterday, logs each campaign, mails the invoice and moves the marker', async () => {
    // Prepare
    const w = world();

    // Act
    const outcome = await billAdvertiser(input, w.deps);

    // Assess: 30 + 12.34 + 7.66 USD; today's 99 USD waits.
    expect(outcome).toMatchObject({ status: 'charged', amountCents: 5000, mailed: true });
    expect(w.charges).toHaveLength(1);
    expect(w.charges[0]).toMatchObject({ amountCents: 5000, statementDescriptorSuffix: 'ACME CORP' });
    const logs = [...w.logs.values()];
    expect(logs.map((l) => [l.log.bgCampaignId, l.log.amount, l.createdBy])).toEqual([
      ['bg-campaign-a', 42.34, 'planner'],
      ['bg-campaign-b', 7.66, 'demo'],
    ]);
    expect(logs[0]?.log).toMatchObject({
      type: 'charge',
      source: 'Stripe',
      cardLast4: '4242',
      statementDescriptor: 'BIDGRID ACME CORP',
      advertiserName: 'Acme Corp',
      campaignName: 'Spring Push',
    });
    const invoice = [...w.invoices.values()][0];
    expect(invoice).toMatchObject({
      recipientEmail: 'billing@acme.example',
      chargeAmount: 50,
      bgAdvertiserId: 'bgAdvertiser-acme',
    });
    expect(invoice?.body).toContain('Spring Push');
    // The facts the PDF export lays out, stored with the invoice.
    expect(invoice?.facts).toMatchObject({
      billingEmail: 'billing@acme.example',
      totalCents: 5000,
      currency: 'USD',
      lines: [
        { campaignName: 'Spring Push', bgCampaignId: 'bg-campaign-a', amountCents: 4234 },
        { campaignName: 'Retarget', bgCampaignId: 'bg-campaign-b', amountCents: 766 },
      ],
    });
    expect(w.mails).toEqual([expect.objectContaining({ to: 'billing@acme.example', subject: invoice?.subject })]);
    expect(w.advertisers.get('bgAdvertiser-acme')?.billedThrough).toBe('2026-11-24');
  });

  it('charges nothing twice when run again', async () => {
    // Prepare
    const w = world();
    await billAdvertiser(input, w.deps);

    // Act
    const again = await billAdvertiser(input, w.deps);

    // Assess
    expect(again).toEqual({ status: 'skipped', reason: 'nothing-due' });
    expect(w.charges).toHaveLength(1);
    expect(w.mails).toHaveLength(1);
  });

  it('repeats a run that stopped before moving the marker without a second charge, log or e-mail', async () => {
    // Prepare: the first run charged, logged and mailed, then the marker write was lost.
    const w = world();
    await billAdvertiser(input, w.deps);
    const current = w.advertisers.get('bgAdvertiser-acme') as TAdvertiserRecord;
    w.advertisers.set('bgAdvertiser-acme', { ...current, billedThrough: null });
    // ... and days later, after the provider forgot the idempotency key.
    w.providerReplies.clear();

    // Act
    const again = await billAdvertiser(input, w.deps);

    // Assess
    expect(again).toMatchObject({ status: 'charged', amountCents: 5000, mailed: false });
    expect(w.charges).toHaveLength(1);
    expect(w.logs.size).toBe(2);
    expect(w.mails).toHaveLength(1);
    expect(w.advertisers.get('bgAdvertiser-acme')?.billedThrough).toBe('2026-11-24');
  });

  it('logs a declined charge with the provider message, blocks the card and does not try it again', async () => {
    // Prepare
    const w = world({
      refuse: {
        status: 'failed',
        code: 'card_declined',
        message: 'Your card was declined.',
        paymentIntentId: 'pi_declined',
        createdAt: '2026-11-25T06:30:01.000Z',
      },
    });

    // Act
    const outcome = await billAdvertiser(input, w.deps);
    const again = await billAdvertiser(input, w.deps);

    // Assess
    expect(outcome).toEqual({ status: 'failed', code: 'card_declined' });
    expect(again).toEqual({ status: 'skipped', reason: 'card-refused' });
    expect(w.charges).toHaveLength(1);
    const logs = [...w.logs.values()];
    expect(logs).toHaveLength(1);
    expect(logs[0]?.log).toMatchObject({
      id: 'fail-pi_declined',
      type: 'failure',
      description: 'Your card was declined.',
      amount: 50,
      invoice: null,
      bgCampaignId: null,
      date: '2026-11-25T06:30:01.000Z',
    });
    expect(w.invoices.size).toBe(0);
    expect(w.advertisers.get('bgAdvertiser-acme')).toMatchObject({
      billedThrough: null,
      billingBlockedPaymentMethodId: 'pm_acme',
    });
  });

  it('tries again once another card is saved, under a new key', async () => {
    // Prepare
    const w = world({
      record: cardRecordFixture({ billingBlockedPaymentMethodId: 'pm_old', stripePaymentMethodId: 'pm_new' }),
    });

    // Act
    const outcome = await billAdvertiser(input, w.deps);

    // Assess
    expect(outcome.status).toBe('charged');
    expect(w.charges[0]?.idempotencyKey).toBe(
      chargeKey(AGENCY, 'bgAdvertiser-acme', { from: null, to: '2026-11-24' }, 'pm_new'),
    );
  });

  it('lets less than the smallest charge add up until a later run', async () => {
    // Prepare
    const w = world({ spend: { 'bg-campaign-a': { '2026-11-24': 490_000 } } });

    // Act
    const outcome = await billAdvertiser(input, w.deps);

    // Assess
    expect(outcome).toEqual({ status: 'skipped', reason: 'below-minimum' });
    expect(w.charges).toHaveLength(0);
    expect(w.advertisers.get('bgAdvertiser-acme')?.billedThrough).toBeNull();
  });

  it('skips an advertiser without a card', async () => {
    const w = world({ record: cardRecordFixture({ stripePaymentMethodId: null, paymentMethod: null }) });
    expect(await billAdvertiser(input, w.deps)).toEqual({ status: 'skipped', reason: 'no-card' });
  });

  it('keeps the charge when the invoice e-mail fails', async () => {
    // Prepare
    const w = world();
    w.deps.sendMail = async () => {
      throw new Error('outbox down');
    };

    // Act
    const outcome = await billAdvertiser(input, w.deps);

    // Assess
    expect(outcome).toMatchObject({ status: 'charged', mailed: false });
    expect(w.invoices.size).toBe(1);
    expect(w.advertisers.get('bgAdvertiser-acme')?.billedThrough).toBe('2026-11-24');
    expect(w.log.lines.some((l) => l['message'] === 'invoice e-mail not sent')).toBe(true);
  });
});

describe('runBilling', () => {
  it('bills every listed advertiser and counts outcomes, one error not stopping the others', async () => {
    // Prepare
    const w = world();
    const metrics = recordingMetrics();
    const deps = {
      ...w.deps,
      metrics,
      billable: {
        listBillable: async () => [
          { agencyId: AGENCY, advertiserId: 'bgAdvertiser-acme' },
          { agencyId: AGENCY, advertiserId: 'bgAdvertiser-broken' },
          { agencyId: AGENCY, advertiserId: 'bgAdvertiser-gone' },
        ],
      },
      advertisers: {
        ...w.deps.advertisers,
        getAdvertiser: async (agency: string, id: string) => {
          if (id === 'bgAdvertiser-broken') throw new Error('store unavailable');
          return w.deps.advertisers.getAdvertiser(agency, id);
        },
      },
    };

    // Act
    const summary = await runBilling(deps);

    // Assess: each advertiser's outcome is counted once (the order is the pool's).
    expect(summary).toEqual({ advertisers: 3, charged: 1, failed: 0, skipped: 1, errors: 1, amountCents: 5000 });
    expect(metrics.recorded.map((r) => r.args).sort()).toEqual([['charged'], ['error'], ['skipped']]);
  });

  it('counts a card the provider refused as declined', async () => {
    // Prepare
    const w = world({
      refuse: {
        status: 'failed',
        code: 'card_declined',
        message: 'Your card was declined.',
        paymentIntentId: 'pi_refused',
        createdAt: NOW.toISOString(),
      },
    });
    const metrics = recordingMetrics();

    // Act
    const summary = await runBilling({
      ...w.deps,
      metrics,
      billable: { listBillable: async () => [{ agencyId: AGENCY, advertiserId: 'bgAdvertiser-acme' }] },
    });

    // Assess
    expect(summary).toMatchObject({ failed: 1 });
    expect(metrics.recorded).toEqual([{ metric: 'billingOutcome', args: ['declined'] }]);
  });
});
