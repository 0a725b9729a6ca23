import type * as z from '@bidgrid/shared/zod';
import { ZBillingLog } from '@bidgrid/shared/billing/billing.schema';
import type { TBillingLogEntry } from '../ports/billing.port';

/** The provider column of billing logs and invoices. */
export const BILLING_SOURCE = 'Stripe';
/** Billing log types: a successful charge (one log per campaign of it) or a refused one. */
export const BILLING_LOG_TYPES = { charge: 'charge', failure: 'failure' } as const;

/** A billing log checked against the contract (ids with their prefixes) and given its storage id. */
export function toBillingLogEntry(id: string, log: Omit<z.input<typeof ZBillingLog>, 'id'>): TBillingLogEntry {
  return { ...ZBillingLog.parse(log), id };
}

/**
 * The log of a refused charge. Its id and date come from the payment intent when the provider made
 * one, so the billing run and the provider's `payment_intent.payment_failed` webhook describe the same
 * failure with the same item and it is written once.
 */
export function failureLog(input: {
  paymentIntentId: string | null;
  fallbackId: string;
  date: string;
  amountCents: number;
  message: string;
  bgAdvertiserId: string;
  advertiserName: string;
  cardLast4: string | null;
  statementDescriptor: string;
}): TBillingLogEntry {
  const id = `fail-${input.paymentIntentId ?? input.fallbackId}`;
  return toBillingLogEntry(id, {
    bgCampaignId: null,
    date: input.date,
    type: BILLING_LOG_TYPES.failure,
    invoice: null,
    source: BILLING_SOURCE,
    amount: input.amountCents / 100,
    description: input.message,
    campaignName: null,
    bgAdvertiserId: input.bgAdvertiserId,
    advertiserName: input.advertiserName,
    cardLast4: input.cardLast4,
    statementDescriptor: input.statementDescriptor,
  });
}
