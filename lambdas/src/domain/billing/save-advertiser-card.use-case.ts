import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TPaymentSave } from '@bidgrid/shared/billing/payment.schema';
import { BadRequestError, NotFoundError } from '../../kernel/errors';
import { toPublicAdvertiser } from '../advertisers/advertiser-record.schema';
import { ADVERTISER_NOT_FOUND, requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserRepository } from '../ports/advertiser.port';
import type { PaymentsGateway } from '../ports/payments.port';

/** What saving a card uses. */
export interface SaveAdvertiserCardDeps {
  advertisers: Pick<AdvertiserRepository, 'getAdvertiser' | 'saveCard'>;
  payments: Pick<PaymentsGateway, 'getPaymentMethod' | 'attachPaymentMethod' | 'setDefaultPaymentMethod'>;
}

export const CARD_NOT_SET_UP = 'This card was not set up for this advertiser.';

const refuse = (message: string, internalMessage: string): never => {
  throw new BadRequestError(message, { method: [message] }, { internalMessage });
};

/**
 * `POST /stripe/advertiser/card` (000 §2, §3 "Payment save"): after the browser confirmed the setup
 * intent, stores the card on the advertiser: its last 4 digits and brand, the friendly name and the
 * billing e-mail. The payment method must belong to this advertiser's payment customer (attached by
 * its setup intent, or attached now if still free), so nobody can save another customer's card. It
 * becomes the customer's default card, and a billing block from a refused charge is lifted.
 */
export async function saveAdvertiserCard(
  input: { agencyId: string; body: TPaymentSave },
  deps: SaveAdvertiserCardDeps,
): Promise<TAdvertiser> {
  const { agencyId, body } = input;
  const record = await requireAdvertiser(agencyId, body.bgAdvertiserId, deps.advertisers);
  const customerId = record.stripeCustomerId;
  if (!customerId) return refuse(CARD_NOT_SET_UP, `Advertiser ${record.bgAdvertiserId} has no payment customer yet`);

  let card = await deps.payments.getPaymentMethod(body.method);
  if (!card) return refuse(CARD_NOT_SET_UP, `Unknown payment method ${body.method}`);
  if (card.customerId === null) card = await deps.payments.attachPaymentMethod(card.id, customerId);
  if (card.customerId !== customerId) {
    return refuse(CARD_NOT_SET_UP, `Payment method ${card.id} belongs to another customer`);
  }

  await deps.payments.setDefaultPaymentMethod(customerId, card.id, body.billingEmail);
  const saved = await deps.advertisers.saveCard(agencyId, record.bgAdvertiserId, customerId, {
    paymentMethodId: card.id,
    last4: card.last4,
    brand: card.brand,
    friendlyName: body.friendlyName,
    billingEmail: body.billingEmail,
  });
  if (!saved) throw new NotFoundError(ADVERTISER_NOT_FOUND, { internalMessage: 'Advertiser changed during card save' });
  return toPublicAdvertiser(saved);
}
