import { NotFoundError } from '../../kernel/errors';
import type { TAdvertiserRecord } from '../advertisers/advertiser-record.schema';
import { ADVERTISER_NOT_FOUND, requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserRepository } from '../ports/advertiser.port';
import type { PaymentsGateway } from '../ports/payments.port';

/** What a card setup uses: the advertiser store (with the payment customer) and the provider. */
export interface CardSetupDeps {
  advertisers: Pick<AdvertiserRepository, 'getAdvertiser' | 'setStripeCustomer'>;
  payments: Pick<PaymentsGateway, 'createCustomer' | 'createSetupIntent'>;
}

/**
 * The advertiser's payment customer, created on first use. Racing first calls share one customer:
 * the provider answers the same idempotency key with the same customer, and the store keeps the
 * first id written.
 */
export async function ensurePaymentCustomer(
  agencyId: string,
  record: TAdvertiserRecord,
  deps: CardSetupDeps,
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
  deps: CardSetupDeps,
): Promise<string> {
  const record = await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  const customerId = await ensurePaymentCustomer(input.agencyId, record, deps);
  return deps.payments.createSetupIntent({
    customerId,
    metadata: { bgAdvertiserId: record.bgAdvertiserId, agencyId: input.agencyId },
  });
}
