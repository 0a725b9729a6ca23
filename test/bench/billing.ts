import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { advertiser as advertiserOps, payments } from '@bidgrid/shared';
import { accessTokenFor, callOperation } from '../support/api';
import { confirmCardSetup, daysAgo, putCampaignWithDelivery, runJob } from '../support/local-data';
import { spawnStack, type SpawnedStack } from '../support/spawn-stack';
import { STACK_INFO_ENV } from '../support/stack';

/** What the billing job did in the measured run. */
interface BillingSummary {
  advertisers: number;
  charged: number;
  failed: number;
  skipped: number;
  errors: number;
  amountCents: number;
}

/** The billing job's throughput against the payments simulator. */
export interface BillingBenchResult {
  /** Advertisers prepared with a card and delivery to bill. */
  readonly prepared: number;
  /** What the job reported (it also lists the seeded advertisers, which it skips). */
  readonly summary: BillingSummary;
  /** Wall time of the job run. */
  readonly seconds: number;
  /** Advertisers charged per second. */
  readonly chargedPerSecond: number;
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

/** One advertiser the way a person makes it: created, card set up with 4242 and saved, then delivery rows. */
async function prepareAdvertiser(token: string, index: number): Promise<void> {
  const created = await callOperation(advertiserOps.createAdvertiser, {
    token,
    body: {
      name: `Bench advertiser ${index}`,
      phone: '+1 512 555 0100',
      address_1: '1 Bench St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      domain: `bench-${index}.example`,
    },
  });
  const advertiser = created.body.payload;
  if (created.status !== 200 || !advertiser) throw new Error(`create advertiser: ${created.status}`);
  const intent = await callOperation(payments.createCardSetupIntent, {
    token,
    query: { advertiserId: advertiser.bgAdvertiserId },
  });
  const confirmed = await confirmCardSetup(intent.body.payload as string, { number: '4242424242424242' });
  const saved = await callOperation(payments.saveAdvertiserCard, {
    token,
    body: {
      bgAdvertiserId: advertiser.bgAdvertiserId,
      billingEmail: `ap-${index}@bench.example`,
      friendlyName: 'Bench card',
      method: confirmed.body.payment_method as string,
    },
  });
  if (saved.status !== 200) throw new Error(`save card: ${saved.status}`);
  await putCampaignWithDelivery({
    agencyId: 'bgAgency-demo',
    advertiserId: advertiser.bgAdvertiserId,
    campaignId: `bg-campaign-bench-${index}`,
    name: `Bench campaign ${index}`,
    createdBy: 'demo',
    spendMicrosByDay: { [daysAgo(3)]: 40_000_000 + index, [daysAgo(2)]: 35_500_000, [daysAgo(1)]: 12_250_000 },
  });
}

/**
 * Billing job throughput: `advertisers` advertisers of the demo agency get a saved card (through
 * the API and the payments simulator, as a person would) and three days of delivery, then one run
 * of the billing job (`POST /__local/jobs/billing`) is timed: charges, billing logs, invoices
 * mailed to the outbox and billing markers included. Uses the running stack named by
 * BIDGRID_STACK_INFO, or starts (and stops) a fresh ephemeral one.
 */
export async function measureBilling(options: { advertisers?: number } = {}): Promise<BillingBenchResult> {
  const count = options.advertisers ?? 100;
  const infoFile = process.env[STACK_INFO_ENV];
  let own: SpawnedStack | undefined;
  if (!infoFile || !existsSync(infoFile)) {
    own = await spawnStack({ web: 'none' });
    process.env[STACK_INFO_ENV] = own.infoFile;
  }
  try {
    const token = await accessTokenFor('demo');
    await pool(
      Array.from({ length: count }, (_, i) => i),
      8,
      (i) => prepareAdvertiser(token, i),
    );
    const started = performance.now();
    const summary = await runJob<BillingSummary>('billing');
    const seconds = (performance.now() - started) / 1000;
    if (summary.charged < count) {
      throw new Error(
        `billing charged ${summary.charged} of ${count} prepared advertisers (${JSON.stringify(summary)})`,
      );
    }
    return { prepared: count, summary, seconds, chargedPerSecond: summary.charged / seconds };
  } finally {
    if (own) {
      await own.stop();
      Reflect.deleteProperty(process.env, STACK_INFO_ENV);
    }
  }
}
