/** The payment provider (Stripe) as the use cases see it. Amounts are integer cents (USD). */

/** A saved card as the provider describes it. */
export interface TCardMethod {
  id: string;
  /** The payment customer it is attached to, or null while unattached. */
  customerId: string | null;
  last4: string;
  brand: string;
}

/** What an off-session charge sends. */
export interface TChargeRequest {
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
  statementDescriptorSuffix: string;
  metadata: Record<string, string>;
  /** Same key, same result: the provider answers a repeated request with the first one's outcome. */
  idempotencyKey: string;
}

/** The outcome of one charge. */
export type TChargeOutcome =
  | { status: 'succeeded'; paymentIntentId: string; createdAt: string }
  | { status: 'failed'; code: string; message: string; paymentIntentId: string | null; createdAt: string | null };

export interface PaymentsGateway {
  /** Creates the advertiser's customer; the idempotency key makes racing first calls share one customer. */
  createCustomer(input: { name: string; metadata: Record<string, string>; idempotencyKey: string }): Promise<string>;
  /** A SetupIntent for an off-session card of `customerId`; returns its client secret. */
  createSetupIntent(input: { customerId: string; metadata: Record<string, string> }): Promise<string>;
  /** The card payment method, or null when the provider does not know it. */
  getPaymentMethod(paymentMethodId: string): Promise<TCardMethod | null>;
  attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<TCardMethod>;
  /** Makes the card the customer's default and sets the billing e-mail. */
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string, billingEmail: string): Promise<void>;
  /** Charges the saved card without the customer present. */
  chargeOffSession(request: TChargeRequest): Promise<TChargeOutcome>;
  /** The metadata of a customer (our advertiser and agency ids), or null when unknown. */
  getCustomerMetadata(customerId: string): Promise<Record<string, string> | null>;
}
