import type { Logger } from '../../kernel/logger';
import { failureLog } from './billing-logs';
import { statementDescriptor } from './statement-descriptor';
import type { AdvertiserRepository } from '../ports/advertiser.port';
import type { BillingRepository } from '../ports/billing.port';
import type { PaymentsGateway } from '../ports/payments.port';
import type { WebhookEventRepository } from '../ports/webhook-event.port';

/** A webhook event whose signature the request middleware verified. */
export interface TWebhookEvent {
  id: string;
  type: string;
  object: Record<string, unknown>;
  previousAttributes: Record<string, unknown>;
}

/** What the webhook handler uses. */
export interface StripeWebhookDeps {
  payments: Pick<PaymentsGateway, 'getCustomerMetadata'>;
  events: WebhookEventRepository;
  advertisers: Pick<AdvertiserRepository, 'getAdvertiser' | 'updateCardSummary' | 'clearCard' | 'blockBilling'>;
  billing: Pick<BillingRepository, 'putBillingLog'>;
  now: () => Date;
  log: Logger;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const idOf = (value: unknown): string | null => text(value) ?? text(record(value)['id']);

/** Our advertiser of a payment customer (its metadata, written by us when we created it). */
async function advertiserOfCustomer(
  customerId: string | null,
  deps: StripeWebhookDeps,
): Promise<{ agencyId: string; advertiserId: string } | null> {
  if (!customerId) return null;
  const metadata = await deps.payments.getCustomerMetadata(customerId);
  const agencyId = text(metadata?.['agencyId']);
  const advertiserId = text(metadata?.['bgAdvertiserId']);
  return agencyId && advertiserId ? { agencyId, advertiserId } : null;
}

/** A card's summary from a payment method object. */
function cardOf(paymentMethod: Record<string, unknown>): { last4: string; brand: string } | null {
  const card = record(paymentMethod['card']);
  const last4 = text(card['last4']);
  const brand = text(card['brand']);
  return last4 && /^\d{4}$/.test(last4) && brand ? { last4, brand } : null;
}

async function onPaymentMethodUpdated(event: TWebhookEvent, deps: StripeWebhookDeps): Promise<void> {
  const owner = await advertiserOfCustomer(idOf(event.object['customer']), deps);
  const card = cardOf(event.object);
  const paymentMethodId = text(event.object['id']);
  if (!owner || !card || !paymentMethodId) return;
  const updated = await deps.advertisers.updateCardSummary(owner.agencyId, owner.advertiserId, paymentMethodId, card);
  deps.log.info('card summary from webhook', { eventId: event.id, updated });
}

async function onPaymentMethodDetached(event: TWebhookEvent, deps: StripeWebhookDeps): Promise<void> {
  // After a detach the object has no customer any more; the event names the previous one.
  const owner = await advertiserOfCustomer(idOf(event.previousAttributes['customer']), deps);
  const paymentMethodId = text(event.object['id']);
  if (!owner || !paymentMethodId) return;
  const cleared = await deps.advertisers.clearCard(owner.agencyId, owner.advertiserId, paymentMethodId);
  deps.log.info('card removed by webhook', { eventId: event.id, cleared });
}

/**
 * A charge that failed after it was created (asynchronous failures): the same failure log the
 * billing run writes (same id and date, so it exists once) and the card blocked.
 */
async function onPaymentFailed(event: TWebhookEvent, deps: StripeWebhookDeps): Promise<void> {
  const intent = event.object;
  const metadata = record(intent['metadata']);
  const agencyId = text(metadata['agencyId']);
  const advertiserId = text(metadata['bgAdvertiserId']);
  const intentId = text(intent['id']);
  if (!agencyId || !advertiserId || !intentId) return;
  const advertiser = await deps.advertisers.getAdvertiser(agencyId, advertiserId);
  if (!advertiser) return;
  const lastError = record(intent['last_payment_error']);
  const paymentMethodId = idOf(intent['payment_method']) ?? idOf(lastError['payment_method']);
  const created = typeof intent['created'] === 'number' ? new Date(intent['created'] * 1000).toISOString() : null;
  const amount = typeof intent['amount'] === 'number' ? intent['amount'] : 0;
  await deps.billing.putBillingLog(
    agencyId,
    failureLog({
      paymentIntentId: intentId,
      fallbackId: intentId,
      date: created ?? deps.now().toISOString(),
      amountCents: amount,
      message: text(lastError['message']) ?? 'The payment failed.',
      bgAdvertiserId: advertiserId,
      advertiserName: advertiser.name,
      cardLast4: advertiser.paymentMethod?.card.last4 ?? null,
      statementDescriptor: statementDescriptor(advertiser.name),
    }),
    advertiser.createdBy,
  );
  if (paymentMethodId) await deps.advertisers.blockBilling(agencyId, advertiserId, paymentMethodId);
}

const HANDLERS: Record<string, (event: TWebhookEvent, deps: StripeWebhookDeps) => Promise<void>> = {
  'payment_method.updated': onPaymentMethodUpdated,
  'payment_method.automatically_updated': onPaymentMethodUpdated,
  'payment_method.detached': onPaymentMethodDetached,
  'payment_intent.payment_failed': onPaymentFailed,
};

/**
 * `POST /public/stripe/webhook`: the request middleware has checked the `Stripe-Signature` over the
 * raw body (300 s tolerance either way, so a captured request cannot be replayed later) before the
 * event was validated. The event id is recorded once (a conditional write): a replay or a redelivery
 * of a processed event is acknowledged and ignored. Card updates and removals keep the saved card
 * summary current; asynchronous payment failures are logged. Other events are acknowledged. If
 * processing fails the record is released, so the provider's retry is processed.
 */
export async function handleStripeWebhook(
  input: { event: TWebhookEvent },
  deps: StripeWebhookDeps,
): Promise<{ received: true }> {
  const { event } = input;
  const claimed = await deps.events.claim(event.id, event.type, Math.floor(deps.now().getTime() / 1000));
  if (!claimed) {
    deps.log.info('webhook event already processed; ignored', { eventId: event.id, type: event.type });
    return { received: true };
  }
  const handle = HANDLERS[event.type];
  if (handle) {
    try {
      await handle(event, deps);
    } catch (error) {
      await deps.events.release(event.id);
      throw error;
    }
  }
  return { received: true };
}
