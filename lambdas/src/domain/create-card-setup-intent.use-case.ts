import { NotFoundError } from '../lib/errors';
import type { TAdvertiserRecord } from './advertiser-record.schema';
import { ADVERTISER_NOT_FOUND, requireAdvertiser } from './get-advertiser.use-case';
import type { AdvertiserReader } from './get-advertiser.use-case';

/** Port: the provider calls of a card setup. */
export interface CardSetupPayments {
  createCustomer(input: { name: string; metadata: Record<string, string>; idempotencyKey: string }): Promise<string>;
  createSetupIntent(input: { customerId: string; metadata: Record<string, string> }): Promise<string>;
}

/** Port: the advertiser store, with the payment customer. */
export interface CardSetupAdvertisers extends AdvertiserReader {
  setStripeCustomer(agencyId: string, advertiserId: string, customerId: string): Promise<string | null>;
}

/**
 * The advertiser's payment customer, created on first use. Racing first calls share one customer:
 * the provider answers the same idempotency key with the same customer, and the store keeps the
 * first id written.
 */
export async function ensurePaymentCustomer(
  agencyId: string,
  record: TAdvertiserRecord,
  deps: { advertisers: CardSetupAdvertisers; payments: CardSetupPayments },
): Promise<string> {
  if (record.stripeCustomerId) return record.stripeCustomerId;
  const created = await deps.payments.createCustomer({
    name: record.name,
    metadata: { bgAdvertiserId: record.bgAdvertiserId, agencyId },
    idempotencyKey: `bidgrid-customer:${agencyId}:${record.bgAdvertiserId}`,
  });
  const stored = await deps.advertisers.setStripeCustomer(agencyId, record.bgAdvertiserId, created);
  if (!stored)
    throw new NotFoundError(ADVERTISER_NOT_FOUND, { internalMessage: 'Advertiser deleted during card setup' });
  return stored;
}

/**
 * `GET /stripe/intent?advertiserId=`: a SetupIntent for off-session use on the advertiser's payment
 * customer; the payload is its client secret, which lets the browser's card element attach one card
 * to that customer and nothing else.
 */
export async function createCardSetupIntent(
  input: { agencyId: string; advertiserId: string },
  deps: { advertisers: CardSetupAdvertisers; payments: CardSetupPayments },
): Promise<string> {
  const record = await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  const customerId = await ensurePaymentCustomer(input.agencyId, record, deps);
  return deps.payments.createSetupIntent({
    customerId,
    metadata: { bgAdvertiserId: record.bgAdvertiserId, agencyId: input.agencyId },
  });
}
