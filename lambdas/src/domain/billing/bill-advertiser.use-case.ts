import { createHash } from 'node:crypto';
import { ZInvoice, ZInvoiceFacts } from '@bidgrid/shared/billing/billing.schema';
import type { TInvoice } from '@bidgrid/shared/billing/billing.schema';
import type { Logger } from '../../kernel/logger';
import { billingPeriod } from './billing-period';
import type { TBillingPeriod } from './billing-period';
import { BILLING_LOG_TYPES, BILLING_SOURCE, failureLog, toBillingLogEntry } from './billing-logs';
import type { AdvertiserRepository } from '../ports/advertiser.port';
import type { BillingRepository } from '../ports/billing.port';
import type { CampaignSpendRepository } from '../ports/campaign-spend.port';
import type { IdempotencyRepository } from '../ports/idempotency.port';
import type { MailSender } from '../ports/mail.port';
import type { PaymentsGateway, TChargeOutcome } from '../ports/payments.port';
import { invoiceHtml, invoiceSubject, invoiceText } from './invoice-document';
import type { TInvoiceLine } from './invoice-document';
import { statementDescriptor, statementDescriptorSuffix } from './statement-descriptor';

/** Stripe's smallest USD charge: less waits and adds up until a later run. */
export const MIN_CHARGE_CENTS = 50;
const MICROS_PER_CENT = 10_000;

/** What billing one advertiser uses. */
export interface BillAdvertiserDeps {
  advertisers: Pick<AdvertiserRepository, 'getAdvertiser' | 'advanceBilledThrough' | 'blockBilling'>;
  campaigns: CampaignSpendRepository;
  payments: Pick<PaymentsGateway, 'chargeOffSession'>;
  billing: Pick<BillingRepository, 'putBillingLog' | 'putInvoiceIfAbsent'>;
  idempotency: Pick<IdempotencyRepository, 'get' | 'put'>;
  sendMail: MailSender;
  now: () => Date;
  log: Logger;
}

/** What happened to one advertiser in a billing run. */
export type TBillingOutcome =
  | { status: 'charged'; amountCents: number; paymentIntentId: string; invoiceId: string; mailed: boolean }
  | { status: 'failed'; code: string }
  | { status: 'skipped'; reason: 'no-card' | 'card-refused' | 'nothing-due' | 'below-minimum' };

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * The idempotency key of a charge: the advertiser, the billed days and the card. The same period on
 * the same card is the same charge, however often the job runs; a new card (after a refusal) is a
 * new attempt.
 */
export function chargeKey(
  agencyId: string,
  advertiserId: string,
  period: TBillingPeriod,
  paymentMethodId: string,
): string {
  return `bidgrid-billing:${agencyId}:${advertiserId}:${period.from ?? 'start'}:${period.to}:${paymentMethodId}`;
}

/** Our invoice id for a charge, derived from its key so every run names the same invoice. */
export const invoiceIdOf = (key: string): string => `bginv-${sha256(key).slice(0, 16)}`;

/**
 * Splits `totalCents` over lines by their micros (largest remainder), so the lines add up to the
 * charged amount exactly.
 */
export function splitCents(micros: readonly number[], totalCents: number): number[] {
  const exact = micros.map((m) => m / MICROS_PER_CENT);
  const cents = exact.map(Math.floor);
  let left = totalCents - cents.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest);
  for (let i = 0; left > 0 && order.length > 0; i = (i + 1) % order.length, left--) {
    const slot = order[i] as { index: number };
    cents[slot.index] = (cents[slot.index] ?? 0) + 1;
  }
  return cents;
}

const isSucceeded = (value: Record<string, unknown> | null): value is { paymentIntentId: string; createdAt: string } =>
  value !== null && typeof value['paymentIntentId'] === 'string' && typeof value['createdAt'] === 'string';

/**
 * Bills one advertiser (000 §2 billing, ARCHITECTURE "billing charges delivered spend to the
 * advertiser's card"): the spend of its campaigns' daily rows since its last charge through
 * yesterday is charged off-session to the saved card under an idempotency key of advertiser, period
 * and card. Then, each step written once whatever the number of runs: one billing log per campaign,
 * the invoice (mailed to the billing e-mail by the run that stored it), and the `billedThrough`
 * marker moved with a condition. A refused charge (declined, authentication required) writes a
 * failure log with the provider's message and blocks the card until another one is saved.
 */
export async function billAdvertiser(
  input: { agencyId: string; advertiserId: string },
  deps: BillAdvertiserDeps,
): Promise<TBillingOutcome> {
  const { agencyId, advertiserId } = input;
  const record = await deps.advertisers.getAdvertiser(agencyId, advertiserId);
  const paymentMethodId = record?.stripePaymentMethodId;
  const customerId = record?.stripeCustomerId;
  if (!record || !paymentMethodId || !customerId || !record.paymentMethod)
    return { status: 'skipped', reason: 'no-card' };
  if (record.billingBlockedPaymentMethodId === paymentMethodId) return { status: 'skipped', reason: 'card-refused' };
  const now = deps.now();
  const period = billingPeriod(record.billedThrough, now);
  if (!period) return { status: 'skipped', reason: 'nothing-due' };

  const campaigns = await deps.campaigns.listCampaigns(agencyId, advertiserId);
  const spent = await Promise.all(
    campaigns.map(async (campaign) => ({
      campaign,
      micros: await deps.campaigns.spendMicros(agencyId, campaign.bgCampaignId, period.from, period.to),
    })),
  );
  const billed = spent.filter((s) => s.micros > 0);
  const totalMicros = billed.reduce((sum, s) => sum + s.micros, 0);
  const totalCents = Math.round(totalMicros / MICROS_PER_CENT);
  if (totalCents < MIN_CHARGE_CENTS) return { status: 'skipped', reason: 'below-minimum' };

  const key = chargeKey(agencyId, advertiserId, period, paymentMethodId);
  const invoiceId = invoiceIdOf(key);
  const descriptor = statementDescriptor(record.name);
  const card = record.paymentMethod.card;
  const log = deps.log.child({ agencyId, advertiserId, invoiceId });

  // A charge this key already made (a run that stopped half-way) is reused, never repeated.
  const known = await deps.idempotency.get(key);
  let charge: TChargeOutcome;
  if (isSucceeded(known)) {
    charge = { status: 'succeeded', paymentIntentId: known.paymentIntentId, createdAt: known.createdAt };
  } else {
    charge = await deps.payments.chargeOffSession({
      customerId,
      paymentMethodId,
      amountCents: totalCents,
      description: `${record.name}: delivered spend ${period.from ?? 'to date'}${period.from ? ` to ${period.to}` : ` through ${period.to}`}`,
      statementDescriptorSuffix: statementDescriptorSuffix(record.name),
      metadata: {
        bgAdvertiserId: advertiserId,
        agencyId,
        invoiceId,
        periodFrom: period.from ?? '',
        periodTo: period.to,
      },
      idempotencyKey: key,
    });
  }

  if (charge.status === 'failed') {
    await deps.billing.putBillingLog(
      agencyId,
      failureLog({
        paymentIntentId: charge.paymentIntentId,
        fallbackId: sha256(key).slice(0, 16),
        date: charge.createdAt ?? now.toISOString(),
        amountCents: totalCents,
        message: charge.message,
        bgAdvertiserId: advertiserId,
        advertiserName: record.name,
        cardLast4: card.last4,
        statementDescriptor: descriptor,
      }),
      record.createdBy,
    );
    await deps.advertisers.blockBilling(agencyId, advertiserId, paymentMethodId);
    log.warn('charge refused; billing waits for another card', { code: charge.code });
    return { status: 'failed', code: charge.code };
  }

  if (!known) {
    await deps.idempotency.put(
      key,
      { paymentIntentId: charge.paymentIntentId, createdAt: charge.createdAt, amountCents: totalCents },
      Math.floor(now.getTime() / 1000),
    );
  }
  const chargedAt = charge.createdAt;
  const cents = splitCents(
    billed.map((b) => b.micros),
    totalCents,
  );
  const lines: TInvoiceLine[] = billed.map((b, i) => ({
    campaignName: b.campaign.name,
    bgCampaignId: b.campaign.bgCampaignId,
    amountCents: cents[i] ?? 0,
  }));
  const periodText = period.from ? `${period.from} to ${period.to}` : `through ${period.to}`;
  for (const [i, b] of billed.entries()) {
    await deps.billing.putBillingLog(
      agencyId,
      toBillingLogEntry(`${invoiceId}-${b.campaign.bgCampaignId}`, {
        bgCampaignId: b.campaign.bgCampaignId,
        date: chargedAt,
        type: BILLING_LOG_TYPES.charge,
        invoice: invoiceId,
        source: BILLING_SOURCE,
        amount: (cents[i] ?? 0) / 100,
        description: `Delivered spend ${periodText}`,
        campaignName: b.campaign.name,
        bgAdvertiserId: advertiserId,
        advertiserName: record.name,
        cardLast4: card.last4,
        statementDescriptor: descriptor,
      }),
      b.campaign.createdBy ?? record.createdBy,
    );
  }

  let mailed = false;
  if (record.billingEmail) {
    const facts = ZInvoiceFacts.parse({
      invoiceId,
      advertiserName: record.name,
      bgAdvertiserId: advertiserId,
      billingEmail: record.billingEmail,
      periodFrom: period.from,
      periodTo: period.to,
      chargedAt,
      cardBrand: card.brand,
      cardLast4: card.last4,
      statementDescriptor: descriptor,
      lines,
      totalCents,
    });
    const invoice: TInvoice = ZInvoice.parse({
      id: invoiceId,
      sentAt: chargedAt,
      recipientEmail: record.billingEmail,
      source: BILLING_SOURCE,
      subject: invoiceSubject(facts),
      body: invoiceHtml(facts),
      bgAdvertiserId: advertiserId,
      advertiserName: record.name,
      chargeAmount: totalCents / 100,
      // Stored with the invoice: the PDF export lays them out (older invoices lack them).
      facts,
    });
    // Only the run that stored the invoice mails it, so a repeated run sends no second e-mail.
    if (await deps.billing.putInvoiceIfAbsent(agencyId, invoice)) {
      try {
        await deps.sendMail({
          to: invoice.recipientEmail,
          subject: invoice.subject,
          html: invoice.body,
          text: invoiceText(facts),
        });
        mailed = true;
      } catch (error) {
        // The money is taken and the invoice is on the Invoices page; the e-mail is for a person to resend.
        log.error('invoice e-mail not sent', { error });
      }
    }
  } else {
    log.warn('charged an advertiser without a billing e-mail: no invoice');
  }

  const moved = await deps.advertisers.advanceBilledThrough(
    agencyId,
    advertiserId,
    record.billedThrough,
    period.to,
    chargedAt,
  );
  if (!moved) log.info('billing marker already moved by another run');
  return { status: 'charged', amountCents: totalCents, paymentIntentId: charge.paymentIntentId, invoiceId, mailed };
}
