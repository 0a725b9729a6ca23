import Stripe from 'stripe';
import { config } from '../kernel/config';
import type { PaymentsGateway, TCardMethod } from '../domain/ports/payments.port';
import type { SecretReader } from '../domain/ports/secrets.port';
import { BadRequestError, VendorError } from '../kernel/errors';
import { getSecret } from './secrets';
import type { StripeClient } from './stripe-resources';

const VENDOR = 'payments';

function toCard(pm: Stripe.PaymentMethod): TCardMethod {
  if (pm.type !== 'card' || !pm.card) throw new VendorError(VENDOR, `payment method ${pm.id} is not a card`);
  const customer = typeof pm.customer === 'string' ? pm.customer : (pm.customer?.id ?? null);
  return { id: pm.id, customerId: customer, last4: pm.card.last4, brand: pm.card.brand };
}

const isMissing = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';

/** Vendor failures as VendorError; a card error is the user's (400 with the provider's message). */
function vendorError(what: string, error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) {
    throw new BadRequestError(
      error.message,
      { method: [error.message] },
      { internalMessage: `${what}: ${error.code}` },
    );
  }
  const message = error instanceof Error ? error.message : 'error';
  throw new VendorError(VENDOR, `${what}: ${message}`, error);
}

/** Options of the Stripe gateway: where the API is and how secrets are read (tests pass fakes). */
export interface StripeGatewayOptions {
  apiUrl: string;
  secrets: SecretReader;
}

/**
 * The Stripe implementation. The API base comes from STRIPE_API_URL (the payments simulator locally,
 * `https://api.stripe.com` in the cloud); network retries are the SDK's own (with idempotency keys
 * Stripe generates for retried POSTs), so a charge is never duplicated by a retry.
 */
export function createStripeGateway(options: StripeGatewayOptions): PaymentsGateway {
  let client: Promise<StripeClient> | undefined;
  const stripe = (): Promise<StripeClient> => {
    client ??= options.secrets('STRIPE_SECRET_KEY').then((key) => {
      const url = new URL(options.apiUrl);
      const protocol = url.protocol === 'http:' ? 'http' : 'https';
      return new Stripe(key, {
        host: url.hostname,
        port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
        protocol,
        maxNetworkRetries: 2,
        timeout: 20_000,
      });
    });
    client.catch(() => {
      client = undefined;
    });
    return client;
  };

  return {
    async createCustomer({ name, metadata, idempotencyKey }) {
      const api = await stripe();
      try {
        const customer = await api.customers.create({ name, metadata }, { idempotencyKey });
        return customer.id;
      } catch (error) {
        return vendorError('create customer', error);
      }
    },

    async createSetupIntent({ customerId, metadata }) {
      const api = await stripe();
      try {
        const intent = await api.setupIntents.create({
          customer: customerId,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          metadata,
        });
        if (!intent.client_secret) throw new VendorError(VENDOR, 'setup intent without client secret');
        return intent.client_secret;
      } catch (error) {
        return vendorError('create setup intent', error);
      }
    },

    async getPaymentMethod(paymentMethodId) {
      const api = await stripe();
      try {
        return toCard(await api.paymentMethods.retrieve(paymentMethodId));
      } catch (error) {
        if (isMissing(error)) return null;
        return vendorError('retrieve payment method', error);
      }
    },

    async attachPaymentMethod(paymentMethodId, customerId) {
      const api = await stripe();
      try {
        return toCard(await api.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      } catch (error) {
        return vendorError('attach payment method', error);
      }
    },

    async setDefaultPaymentMethod(customerId, paymentMethodId, billingEmail) {
      const api = await stripe();
      try {
        await api.customers.update(customerId, {
          email: billingEmail,
          invoice_settings: { default_payment_method: paymentMethodId },
        });
      } catch (error) {
        vendorError('update customer', error);
      }
    },

    async chargeOffSession(request) {
      const api = await stripe();
      try {
        const intent = await api.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            description: request.description,
            statement_descriptor_suffix: request.statementDescriptorSuffix,
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status === 'succeeded') {
          return {
            status: 'succeeded',
            paymentIntentId: intent.id,
            createdAt: new Date(intent.created * 1000).toISOString(),
          };
        }
        // Off-session there is nobody to authenticate or finish the payment: it failed.
        return {
          status: 'failed',
          code: intent.status === 'requires_action' ? 'authentication_required' : intent.status,
          message: intent.last_payment_error?.message ?? `The payment is ${intent.status.replace(/_/g, ' ')}.`,
          paymentIntentId: intent.id,
          createdAt: new Date(intent.created * 1000).toISOString(),
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return {
            status: 'failed',
            code: error.code ?? 'card_declined',
            message: error.message,
            paymentIntentId: error.payment_intent?.id ?? null,
            createdAt: error.payment_intent ? new Date(error.payment_intent.created * 1000).toISOString() : null,
          };
        }
        return vendorError('create payment intent', error);
      }
    },

    async getCustomerMetadata(customerId) {
      const api = await stripe();
      try {
        const customer = await api.customers.retrieve(customerId);
        return 'deleted' in customer && customer.deleted ? null : (customer as Stripe.Customer).metadata;
      } catch (error) {
        if (isMissing(error)) return null;
        return vendorError('retrieve customer', error);
      }
    },
  };
}

let shared: PaymentsGateway | undefined;

/** The Stripe gateway of this warm Lambda. */
export function paymentsGateway(): PaymentsGateway {
  shared ??= createStripeGateway({ apiUrl: config().STRIPE_API_URL, secrets: getSecret });
  return shared;
}
