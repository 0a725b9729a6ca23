import { nowMs } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import { advertiser as advertiserOps, ZInvoice, ZInvoiceFacts, type TAdvertiser, type TInvoice } from '@bidgrid/shared';
import { accessTokenFor, callOperation, DEMO_PASSWORD } from './api';
import { createAgencyFor, createConfirmedUser, uniqueUserName } from './cognito-local';
import { useLambdasOn } from './lambda-environment';
import { stackInfo } from './stack';

/**
 * An agency of its own with more billing logs and invoices than one page holds (issue 9 §6), for the
 * paging tests, the browser test and the bench: a fresh user and agency (so the demo world other tests
 * rely on is untouched), one advertiser made through the API, and the history written through the same
 * repositories the billing job writes with.
 */
export interface BigAgency {
  readonly username: string;
  readonly password: string;
  readonly agencyId: string;
  readonly advertiser: TAdvertiser;
  /** The billing logs' ids, newest first (the list's order). */
  readonly logIds: readonly string[];
  /** The invoices' ids, newest first (the list's order). */
  readonly invoiceIds: readonly string[];
}

/**
 * The billing repository and the billing rules of the running stack (lambdas modules read their
 * configuration on first use). The modules themselves, not `seeding.ts`: the browser tests' loader cannot
 * follow the vendor SDKs that module also brings.
 */
async function seeding() {
  await useLambdasOn(stackInfo());
  const [repository, logs, document, descriptor] = await Promise.all([
    import('@bidgrid/lambdas/adapters/repositories/billing.repository'),
    import('@bidgrid/lambdas/domain/billing/billing-logs'),
    import('@bidgrid/lambdas/domain/billing/invoice-document'),
    import('@bidgrid/lambdas/domain/billing/statement-descriptor'),
  ]);
  return { ...repository, ...logs, ...document, ...descriptor };
}

/** An invoice e-mail's HTML as the billing job writes it, for a charge of `cents` on `chargedAt`. */
async function invoiceOf(advertiser: TAdvertiser, n: number, chargedAt: string, cents: number): Promise<TInvoice> {
  const { invoiceHtml, invoiceSubject, statementDescriptor } = await seeding();
  const invoiceId = `bginv-big-${randomUUID().slice(0, 8)}-${String(n).padStart(4, '0')}`;
  const recipientEmail = `billing+${n}@big-agency.example`;
  const facts = ZInvoiceFacts.parse({
    invoiceId,
    advertiserName: advertiser.name,
    bgAdvertiserId: advertiser.bgAdvertiserId,
    billingEmail: recipientEmail,
    periodFrom: chargedAt.slice(0, 10),
    periodTo: chargedAt.slice(0, 10),
    chargedAt,
    cardBrand: 'visa',
    cardLast4: '4242',
    statementDescriptor: statementDescriptor(advertiser.name),
    lines: [
      { campaignName: 'Enterprise ABM', bgCampaignId: 'bg-campaign-big-1', amountCents: Math.floor(cents / 2) },
      { campaignName: 'Retargeting', bgCampaignId: 'bg-campaign-big-2', amountCents: cents - Math.floor(cents / 2) },
    ],
    totalCents: cents,
  });
  return ZInvoice.parse({
    id: invoiceId,
    sentAt: chargedAt,
    recipientEmail,
    source: 'Stripe',
    subject: invoiceSubject(facts),
    body: invoiceHtml(facts),
    bgAdvertiserId: advertiser.bgAdvertiserId,
    advertiserName: advertiser.name,
    chargeAmount: cents / 100,
    facts,
  });
}

/** Runs `work` over `items`, `concurrency` at a time. */
export async function inParallel<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += concurrency) await Promise.all(items.slice(i, i + concurrency).map(work));
}

/** A fresh user in an agency of their own, with one advertiser made through the API. */
export interface OwnAgency {
  readonly username: string;
  readonly password: string;
  readonly agencyId: string;
  readonly advertiser: TAdvertiser;
}

/**
 * A fresh user (`prefix` and a unique tail), their agency and one advertiser made through the API: the world
 * of a test that needs more data than the demo agency holds, without touching what other tests read.
 */
export async function createOwnAgency(prefix: string): Promise<OwnAgency> {
  const username = uniqueUserName(prefix);
  const password = DEMO_PASSWORD;
  await createConfirmedUser(username, password);
  const agencyId = await createAgencyFor(username, `Big Agency ${username}`);
  const created = await callOperation(advertiserOps.createAdvertiser, {
    token: await accessTokenFor(username, password),
    body: {
      name: 'Big Advertiser',
      phone: '+1 512 555 0100',
      address_1: '1 Paging Way',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      domain: 'big-advertiser.example',
    },
  });
  if (created.status !== 200 || !created.body.payload) {
    throw new Error(`createAdvertiser answered ${created.status}: ${JSON.stringify(created.body)}`);
  }
  return { username, password, agencyId, advertiser: created.body.payload };
}

/**
 * Creates the agency with `logs` billing logs and `invoices` invoices, one a minute apart going back from
 * now (so their order is known), all of one advertiser.
 */
export async function createBigAgency(counts: { logs: number; invoices: number }): Promise<BigAgency> {
  const { username, password, agencyId, advertiser } = await createOwnAgency('big');
  const { billingRepository, toBillingLogEntry, BILLING_LOG_TYPES, BILLING_SOURCE } = await seeding();
  const now = nowMs();
  const at = (n: number) => new Date(now - (n + 1) * 60_000).toISOString();

  const logIds = Array.from({ length: counts.logs }, (_, n) => `big-log-${String(n).padStart(4, '0')}`);
  await inParallel(
    logIds.map((id, n) => ({ id, n })),
    25,
    async ({ id, n }) => {
      await billingRepository.putBillingLog(
        agencyId,
        toBillingLogEntry(id, {
          bgCampaignId: null,
          date: at(n),
          type: BILLING_LOG_TYPES.charge,
          invoice: null,
          source: BILLING_SOURCE,
          amount: 10 + n / 100,
          description: `Delivered spend, charge ${n}`,
          campaignName: null,
          bgAdvertiserId: advertiser.bgAdvertiserId,
          advertiserName: advertiser.name,
          cardLast4: '4242',
          statementDescriptor: 'BIDGRID BIG ADV',
        }),
        username,
      );
    },
  );

  const invoices = await Promise.all(
    Array.from({ length: counts.invoices }, (_, n) => invoiceOf(advertiser, n, at(n), 5_000 + n)),
  );
  await inParallel(invoices, 25, async (invoice) => {
    if (!(await billingRepository.putInvoiceIfAbsent(agencyId, invoice))) throw new Error(`${invoice.id} not written`);
  });
  return { username, password, agencyId, advertiser, logIds, invoiceIds: invoices.map((invoice) => invoice.id) };
}
