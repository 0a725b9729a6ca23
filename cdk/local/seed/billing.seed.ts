import { now } from '@bidgrid/shared/clock';
import type { SeedModule } from './seed-module';

/** A past monthly charge of a seeded advertiser: its campaigns and what each delivered. */
interface SeedCharge {
  readonly agencyId: `bgAgency-${string}`;
  readonly advertiserId: `bgAdvertiser-${string}`;
  /** Months before the seeding month (1 = last month). */
  readonly monthsAgo: number;
  readonly lines: ReadonlyArray<{ campaignId: `bg-campaign-${string}`; campaignName: string; cents: number }>;
  /** A refused first attempt (the card was replaced and the charge went through later). */
  readonly refusedFirst?: string;
}

const DEMO_CAMPAIGNS = {
  enterprise: { campaignId: 'bg-campaign-demo-enterprise', campaignName: 'Q3 ABM - Enterprise Accounts' },
  retargeting: { campaignId: 'bg-campaign-demo-retargeting', campaignName: 'Retargeting - Site Visitors' },
  video: { campaignId: 'bg-campaign-demo-video', campaignName: 'Brand Video - Logistics Leaders' },
} as const;

/** Three months of charges for the demo card, one for the rival's: the Invoices and Billing logs screens have rows. */
export const SEED_CHARGES: readonly SeedCharge[] = [
  {
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    monthsAgo: 3,
    lines: [
      { ...DEMO_CAMPAIGNS.enterprise, cents: 182_544 },
      { ...DEMO_CAMPAIGNS.retargeting, cents: 41_210 },
    ],
  },
  {
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    monthsAgo: 2,
    refusedFirst: 'Your card has insufficient funds.',
    lines: [
      { ...DEMO_CAMPAIGNS.enterprise, cents: 205_019 },
      { ...DEMO_CAMPAIGNS.retargeting, cents: 38_877 },
      { ...DEMO_CAMPAIGNS.video, cents: 96_500 },
    ],
  },
  {
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    monthsAgo: 1,
    lines: [
      { ...DEMO_CAMPAIGNS.enterprise, cents: 197_300 },
      { ...DEMO_CAMPAIGNS.video, cents: 88_125 },
    ],
  },
  {
    agencyId: 'bgAgency-rival',
    advertiserId: 'bgAdvertiser-rival-orbit',
    monthsAgo: 1,
    lines: [{ campaignId: 'bg-campaign-rival-spring', campaignName: 'Spring Gear Launch', cents: 54_990 }],
  },
];

const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * Billing history as the billing job writes it (same ids, logs, invoice HTML and descriptor rules):
 * one charge a month on the seeded cards, with a refused attempt among them, and the advertisers'
 * billing marker at the end of last month, so the job bills only what is delivered after it.
 * Runs after the advertisers (it reads their cards).
 */
export const billingSeed: SeedModule = {
  name: 'billing-history',
  store: 'dynamodb',
  async run({ logger }) {
    const [
      {
        advertiserRepository,
        billingRepository,
        chargeKey,
        invoiceIdOf,
        toBillingLogEntry,
        failureLog,
        BILLING_LOG_TYPES,
        BILLING_SOURCE,
        invoiceHtml,
        invoiceSubject,
        statementDescriptor,
      },
      { ZInvoice, ZInvoiceFacts },
    ] = await Promise.all([import('@bidgrid/lambdas/seeding'), import('@bidgrid/shared/billing/billing.schema')]);
    const today = now();
    const lastBilled = new Map<string, string>();

    for (const charge of SEED_CHARGES) {
      const advertiser = await advertiserRepository.getAdvertiser(charge.agencyId, charge.advertiserId);
      const card = advertiser?.paymentMethod?.card;
      if (!advertiser || !card || !advertiser.billingEmail || !advertiser.stripePaymentMethodId) {
        throw new Error(`Seed billing needs ${charge.advertiserId} with a card (advertisers seed first)`);
      }
      const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - charge.monthsAgo, 1));
      const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - charge.monthsAgo + 1, 0));
      const period = { from: isoDay(from), to: isoDay(to) };
      const chargedAt = new Date(to.getTime() + 86_400_000 + 6.5 * 3_600_000).toISOString();
      const key = chargeKey(charge.agencyId, charge.advertiserId, period, advertiser.stripePaymentMethodId);
      const invoiceId = invoiceIdOf(key);
      const descriptor = statementDescriptor(advertiser.name);
      const totalCents = charge.lines.reduce((sum, line) => sum + line.cents, 0);

      if (charge.refusedFirst) {
        const refusedAt = new Date(Date.parse(chargedAt) - 3 * 86_400_000).toISOString();
        await billingRepository.putBillingLog(
          charge.agencyId,
          failureLog({
            paymentIntentId: null,
            fallbackId: `${invoiceId}-refused`,
            date: refusedAt,
            amountCents: totalCents,
            message: charge.refusedFirst,
            bgAdvertiserId: charge.advertiserId,
            advertiserName: advertiser.name,
            cardLast4: card.last4,
            statementDescriptor: descriptor,
          }),
          advertiser.createdBy,
        );
      }
      for (const line of charge.lines) {
        await billingRepository.putBillingLog(
          charge.agencyId,
          toBillingLogEntry(`${invoiceId}-${line.campaignId}`, {
            bgCampaignId: line.campaignId,
            date: chargedAt,
            type: BILLING_LOG_TYPES.charge,
            invoice: invoiceId,
            source: BILLING_SOURCE,
            amount: line.cents / 100,
            description: `Delivered spend ${period.from} to ${period.to}`,
            campaignName: line.campaignName,
            bgAdvertiserId: charge.advertiserId,
            advertiserName: advertiser.name,
            cardLast4: card.last4,
            statementDescriptor: descriptor,
          }),
          advertiser.createdBy,
        );
      }
      const facts = ZInvoiceFacts.parse({
        invoiceId,
        advertiserName: advertiser.name,
        bgAdvertiserId: charge.advertiserId,
        billingEmail: advertiser.billingEmail,
        periodFrom: period.from,
        periodTo: period.to,
        chargedAt,
        cardBrand: card.brand,
        cardLast4: card.last4,
        statementDescriptor: descriptor,
        lines: charge.lines.map((line) => ({
          campaignName: line.campaignName,
          bgCampaignId: line.campaignId,
          amountCents: line.cents,
        })),
        totalCents,
      });
      await billingRepository.putInvoiceIfAbsent(
        charge.agencyId,
        ZInvoice.parse({
          id: invoiceId,
          sentAt: chargedAt,
          recipientEmail: advertiser.billingEmail,
          source: BILLING_SOURCE,
          subject: invoiceSubject(facts),
          body: invoiceHtml(facts),
          bgAdvertiserId: charge.advertiserId,
          advertiserName: advertiser.name,
          chargeAmount: totalCents / 100,
          facts,
        }),
      );
      const mapKey = `${charge.agencyId}#${charge.advertiserId}`;
      if ((lastBilled.get(mapKey) ?? '') < period.to) lastBilled.set(mapKey, period.to);
    }

    for (const [mapKey, day] of lastBilled) {
      const [agencyId, advertiserId] = mapKey.split('#') as [string, string];
      const current = await advertiserRepository.getAdvertiser(agencyId, advertiserId);
      if (current && (current.billedThrough === null || current.billedThrough < day)) {
        await advertiserRepository.advanceBilledThrough(
          agencyId,
          advertiserId,
          current.billedThrough,
          day,
          now().toISOString(),
        );
      }
    }
    logger.debug(`seeded ${SEED_CHARGES.length} charges with their billing logs and invoices`);
  },
};
