import { CARD_UNEXPECTED_ERROR } from './advertiser-messages';

/**
 * How the Add Payment Method dialog confirms a card with the payment provider, whichever card entry
 * is on screen (Stripe Elements in the cloud, the simulator's card field locally): the card entry
 * hands the dialog a `CardConfirmer` once it is ready, and the dialog calls it with the setup intent's
 * client secret. The card number never reaches our API; only the payment method id does.
 */
export type CardSetupOutcome =
  | { readonly ok: true; readonly paymentMethodId: string }
  /** `message` is the provider's text, or the spec's unexpected-error text (000 §8). */
  | { readonly ok: false; readonly message: string };

export interface CardBilling {
  readonly name: string;
  readonly email: string;
}

export interface CardConfirmer {
  confirm(clientSecret: string, billing: CardBilling): Promise<CardSetupOutcome>;
}

/** Card fields of the local card entry. */
export interface SimulatorCard {
  readonly number: string;
  /** As typed: 'MM / YY', 'MM/YY', 'MMYY' or 'MM/YYYY'. */
  readonly expiry: string;
  readonly cvc: string;
}

/** Reads an expiry as typed into month and year; null when it is not a month and a year. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const digits = expiry.replace(/\D/g, '');
  if (digits.length !== 4 && digits.length !== 6) return null;
  const month = Number(digits.slice(0, 2));
  const yearText = digits.slice(2);
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/**
 * The checks Stripe Elements makes before it sends anything (its own messages), so the local card field
 * answers like the real one: an incomplete number, expiry or security code never reaches the provider.
 */
export function incompleteCardMessage(card: SimulatorCard): string | null {
  const digits = card.number.replace(/\D/g, '');
  if (digits.length < 12) return 'Your card number is incomplete.';
  if (!parseExpiry(card.expiry)) return "Your card's expiration date is incomplete.";
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return "Your card's security code is incomplete.";
  return null;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Confirms a setup intent against the payments simulator the way Stripe.js does (`POST
 * /v1/setup_intents/{id}/confirm`, form-encoded, the publishable key and the intent's client secret,
 * the card as `payment_method_data`). Answers the payment method id, or Stripe's error message
 * ('Your card was declined.'), or the spec's unexpected-error text when the provider cannot be reached.
 */
export async function confirmWithSimulator(
  options: {
    baseUrl: string;
    publishableKey: string;
    clientSecret: string;
    card: SimulatorCard;
    billing: CardBilling;
  },
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<CardSetupOutcome> {
  const incomplete = incompleteCardMessage(options.card);
  if (incomplete) return { ok: false, message: incomplete };
  const expiry = parseExpiry(options.card.expiry) as { month: number; year: number };
  const intentId = options.clientSecret.split('_secret_')[0] ?? '';
  const body = new URLSearchParams({
    client_secret: options.clientSecret,
    'payment_method_data[type]': 'card',
    'payment_method_data[card][number]': options.card.number.replace(/\D/g, ''),
    'payment_method_data[card][exp_month]': String(expiry.month),
    'payment_method_data[card][exp_year]': String(expiry.year),
    'payment_method_data[card][cvc]': options.card.cvc.trim(),
    'payment_method_data[billing_details][name]': options.billing.name,
    'payment_method_data[billing_details][email]': options.billing.email,
  });
  let reply: unknown;
  try {
    const response = await fetchImpl(
      `${options.baseUrl.replace(/\/+$/, '')}/v1/setup_intents/${encodeURIComponent(intentId)}/confirm`,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${options.publishableKey}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body,
      },
    );
    reply = await response.json();
  } catch (error) {
    console.error('The payments simulator could not be reached', error);
    return { ok: false, message: CARD_UNEXPECTED_ERROR };
  }
  if (!isRecord(reply)) return { ok: false, message: CARD_UNEXPECTED_ERROR };
  const error = reply['error'];
  if (isRecord(error)) {
    return { ok: false, message: typeof error['message'] === 'string' ? error['message'] : CARD_UNEXPECTED_ERROR };
  }
  const paymentMethod = reply['payment_method'];
  if (reply['status'] === 'succeeded' && typeof paymentMethod === 'string')
    return { ok: true, paymentMethodId: paymentMethod };
  const lastError = reply['last_setup_error'];
  const lastMessage = isRecord(lastError) && typeof lastError['message'] === 'string' ? lastError['message'] : null;
  return { ok: false, message: lastMessage ?? CARD_UNEXPECTED_ERROR };
}
