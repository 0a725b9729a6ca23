import { now, nowMs } from '@bidgrid/shared/clock';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import Stripe from 'stripe';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { JsonStore } from '../support/json-store';
import type { Logger } from '../support/logger';
import { decodeForm, formObject, formString, type FormValue } from './form-encoding';
import { createSimulatorServer, type SimReply, type SimRequest, type SimRoute } from './simulator-server';

/** The publishable key the SPA's local card field uses (runtime config `payments.publishableKey`). */
export const LOCAL_PUBLISHABLE_KEY = 'pk_test_local';

type StripeObject = Record<string, unknown> & { id: string };

interface StripeState {
  customers: Record<string, StripeObject>;
  setupIntents: Record<string, StripeObject>;
  paymentMethods: Record<string, StripeObject>;
  paymentIntents: Record<string, StripeObject>;
  /** Events, oldest first (the newest `MAX_EVENTS` are kept). */
  events: StripeObject[];
  /** `Idempotency-Key` -> the first request's fingerprint and reply, as Stripe keeps them for 24 hours. */
  idempotency: Record<string, { fingerprint: string; status: number; body: unknown; createdAt: number }>;
}

/**
 * The account's API version: the one the installed SDK pins, as a Stripe account set up with this
 * SDK would have, so events (rendered in the account's version) carry what the SDK expects.
 */
export const STRIPE_API_VERSION: string = Stripe.API_VERSION;

/** Stripe's list page size: 10 by default, 1 to 100. */
const LIST_DEFAULT_LIMIT = 10;
const LIST_MAX_LIMIT = 100;

/** Events kept for `GET /v1/events`. */
const MAX_EVENTS = 500;
/** Stripe keeps an idempotency key's result for 24 hours. */
const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const stripeId = (prefix: string, length = 24): string =>
  `${prefix}_${[...randomBytes(length)].map((b) => alnum[b % alnum.length]).join('')}`;
const nowSeconds = (): number => Math.floor(nowMs() / 1000);

/** Stripe's error body. */
const stripeError = (
  status: number,
  error: { type: string; message: string; code?: string; param?: string; decline_code?: string; [k: string]: unknown },
): SimReply => ({
  status,
  body: {
    error: {
      ...error,
      doc_url: error.code ? `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` : undefined,
    },
  },
  headers: { 'request-id': stripeId('req', 14) },
});
/** Stripe's error body for a reply the simulator makes itself (unknown route, injected fault, crash). */
const stripeErrorBody = (status: number, message: string): unknown => ({
  error: {
    type: status === 429 ? 'rate_limit_error' : status >= 500 ? 'api_error' : 'invalid_request_error',
    message: status === 404 ? `Unrecognized request URL. ${message}` : message,
  },
});
const missingParam = (param: string): SimReply =>
  stripeError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });
const noSuch = (kind: string, id: string, param: string): SimReply =>
  stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  });
const reply = (body: unknown): SimReply => ({ status: 200, body, headers: { 'request-id': stripeId('req', 14) } });

/**
 * One page of a Stripe list (`items` newest first, as Stripe lists them): `limit` (1-100, default
 * 10), `starting_after` (the page after that object) or `ending_before` (the page before it),
 * `has_more` when further objects lie in that direction.
 */
function listPage(
  items: readonly StripeObject[],
  form: Record<string, FormValue>,
  url: string,
  kind: string,
): SimReply {
  const rawLimit = formString(form, 'limit');
  const limit = rawLimit === undefined ? LIST_DEFAULT_LIMIT : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_MAX_LIMIT) {
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_integer',
      param: 'limit',
      message: `This value must be greater than or equal to 1 and less than or equal to ${LIST_MAX_LIMIT}.`,
    });
  }
  const after = formString(form, 'starting_after');
  const before = formString(form, 'ending_before');
  if (after && before) {
    return stripeError(400, {
      type: 'invalid_request_error',
      message: 'You may only specify one of these parameters: ending_before, starting_after.',
    });
  }
  const cursor = after ?? before;
  const at = cursor === undefined ? -1 : items.findIndex((item) => item.id === cursor);
  if (cursor !== undefined && at < 0) return noSuch(kind, cursor, after ? 'starting_after' : 'ending_before');
  if (before !== undefined) {
    const start = Math.max(0, at - limit);
    return reply({ object: 'list', data: items.slice(start, at), has_more: start > 0, url });
  }
  const start = at + 1;
  const data = items.slice(start, start + limit);
  return reply({ object: 'list', data, has_more: start + limit < items.length, url });
}

const headerValue = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value || undefined;

/** What a test card does: its brand, and whether setup, charges or off-session charges fail. */
interface TestCard {
  brand: string;
  funding: string;
  /** Declined when set up and when charged. */
  decline?: { code: string; message: string };
  /** Set up fine, declined when charged (4000 0000 0000 0341). */
  chargeDecline?: { code: string; message: string };
  /** Off-session charges need the cardholder to authenticate (4000 0027 6000 3184). */
  authRequired?: boolean;
}

/** Test card numbers and what they do (the subset of Stripe's test cards we honour). */
const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', funding: 'credit' },
  '4000056655665556': { brand: 'visa', funding: 'debit' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit' },
  '378282246310005': { brand: 'amex', funding: 'credit' },
  '6011111111111117': { brand: 'discover', funding: 'credit' },
  '4000000000000002': {
    brand: 'visa',
    funding: 'credit',
    decline: { code: 'generic_decline', message: 'Your card was declined.' },
  },
  '4000000000009995': {
    brand: 'visa',
    funding: 'credit',
    decline: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000000000000069': {
    brand: 'visa',
    funding: 'credit',
    decline: { code: 'expired_card', message: 'Your card has expired.' },
  },
  '4000000000000341': {
    brand: 'visa',
    funding: 'credit',
    chargeDecline: { code: 'generic_decline', message: 'Your card was declined.' },
  },
  '4000002760003184': { brand: 'visa', funding: 'credit', authRequired: true },
};

/** Stripe's test payment method ids (`pm_card_visa`, ...) mapped to card numbers. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_authenticationRequired: '4000002760003184',
};

/** Stripe's statement descriptor rules: at most 22 characters, none of `< > \\ ' " *`. */
const DESCRIPTOR_FORBIDDEN = /[<>\\'"*]/;

/** Luhn check of a card number. */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

type Auth = 'secret' | 'publishable';

function authOf(req: SimRequest): Auth | SimReply {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  const basic = /^Basic\s+(.+)$/i.exec(header);
  const key = bearer
    ? (bearer[1] as string).trim()
    : basic
      ? (Buffer.from(basic[1] as string, 'base64')
          .toString('utf8')
          .split(':')[0] ?? '')
      : (req.query.get('key') ?? '');
  if (!key) {
    return stripeError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  if (key === SIMULATOR_SECRETS.STRIPE_SECRET_KEY) return 'secret';
  if (key === LOCAL_PUBLISHABLE_KEY) return 'publishable';
  return stripeError(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
  });
}

const metadataOf = (form: Record<string, FormValue>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(formObject(form, 'metadata') ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

/**
 * Payments (Stripe API subset): form-encoded `POST /v1/customers` (+ retrieve/update),
 * `POST /v1/setup_intents` (+ retrieve, confirm), `POST /v1/payment_methods`, `GET
 * /v1/payment_methods/{id}`, `POST /v1/payment_methods/{id}/attach`; Bearer `sk_` auth, with the
 * publishable key allowed where Stripe.js uses it (confirming a setup intent with its client
 * secret, creating a payment method), `POST /v1/payment_methods/{id}/detach`, `POST|GET
 * /v1/payment_intents` (off-session charges), `GET /v1/events`. Stripe's object and error shapes,
 * test cards (4242... succeeds, 4000000000000002 is declined, 4000000000000341 sets up but is
 * declined when charged, 4000002760003184 needs authentication off-session), `Idempotency-Key`
 * honoured for 24 hours (same key and parameters: the first reply again; other parameters: 400
 * `idempotency_error`), and events delivered signed to the webhook endpoint.
 */
export function createStripeSimulator(options: { stateFile?: string; logger: Logger; recordDir?: string }): {
  server: Server;
  store: JsonStore<StripeState>;
  /** Where events are delivered (the gateway's `/public/stripe/webhook`); none until set. */
  setWebhookEndpoint(url: string | undefined): void;
} {
  const store = new JsonStore<StripeState>(options.stateFile, () => ({
    customers: {},
    setupIntents: {},
    paymentMethods: {},
    paymentIntents: {},
    events: [],
    idempotency: {},
  }));
  let webhookUrl: string | undefined;

  /**
   * Records an event and delivers it to the webhook endpoint, signed as Stripe signs
   * (`Stripe-Signature: t={unix},v1={HMAC-SHA256(secret, "{t}.{body}")}`), after the reply is sent.
   * One attempt: a failed delivery is logged (Stripe would retry for days; locally the log says it).
   */
  const emit = (type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): void => {
    const event: StripeObject = {
      id: stripeId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: nowSeconds(),
      data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
      type,
    };
    store.update((s) => {
      s.events.push(event);
      if (s.events.length > MAX_EVENTS) s.events.splice(0, s.events.length - MAX_EVENTS);
    });
    const url = webhookUrl;
    if (!url) return;
    const payload = JSON.stringify(event);
    const timestamp = nowSeconds();
    const signature = createHmac('sha256', SIMULATOR_SECRETS.STRIPE_WEBHOOK_SECRET)
      .update(`${timestamp}.${payload}`)
      .digest('hex');
    setImmediate(() => {
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': `t=${timestamp},v1=${signature}` },
        body: payload,
        signal: AbortSignal.timeout(30_000),
      })
        .then(async (res) => {
          if (!res.ok) options.logger.warn(`stripe webhook ${type} answered ${res.status}: ${await res.text()}`);
        })
        .catch((error: unknown) => options.logger.warn(`stripe webhook ${type} not delivered: ${String(error)}`));
    });
  };

  const withAuth =
    (allowed: readonly Auth[], run: (req: SimRequest, form: Record<string, FormValue>, auth: Auth) => SimReply) =>
    (req: SimRequest): SimReply => {
      const auth = authOf(req);
      if (typeof auth !== 'string') return auth;
      if (!allowed.includes(auth)) {
        return stripeError(401, {
          type: 'invalid_request_error',
          message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
        });
      }
      const form = req.method === 'GET' ? decodeForm(req.query.toString()) : decodeForm(req.body.toString('utf8'));
      const key = req.method === 'POST' ? headerValue(req.headers['idempotency-key']) : undefined;
      if (!key) return run(req, form, auth);
      // Same key, same request: Stripe answers with the first reply, whatever happened since.
      const fingerprint = createHash('sha256')
        .update(`${auth} ${req.method} ${req.path} ${req.body.toString('utf8')}`)
        .digest('hex');
      const seen = store.data.idempotency[key];
      if (seen && seen.createdAt + IDEMPOTENCY_TTL_MS > nowMs()) {
        if (seen.fingerprint !== fingerprint) {
          return stripeError(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        }
        return {
          status: seen.status,
          body: seen.body,
          headers: { 'idempotent-replayed': 'true', 'request-id': stripeId('req', 14) },
        };
      }
      const result = run(req, form, auth);
      // Kept as Stripe keeps them: results of requests that ran (successes and card errors), not refusals of bad input.
      if (result.status === 200 || result.status === 402) {
        store.update((s) => {
          s.idempotency[key] = { fingerprint, status: result.status, body: result.body, createdAt: nowMs() };
        });
      }
      return result;
    };

  /** Creates a card payment method from raw card fields, or returns Stripe's card error. */
  const createCard = (
    card: Record<string, FormValue> | undefined,
    billing: Record<string, FormValue> | undefined,
    metadata: Record<string, string>,
  ): StripeObject | SimReply => {
    const number = (formString(card, 'number') ?? '').replace(/\s+/g, '');
    if (!number) return missingParam('card[number]');
    if (!luhnValid(number)) {
      return stripeError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        param: 'number',
        message: 'Your card number is incorrect.',
      });
    }
    const expMonth = Number(formString(card, 'exp_month') ?? 12);
    const expYear = Number(formString(card, 'exp_year') ?? now().getFullYear() + 3);
    const fullYear = expYear < 100 ? 2000 + expYear : expYear;
    const today = now();
    if (
      !(expMonth >= 1 && expMonth <= 12) ||
      fullYear < today.getFullYear() ||
      (fullYear === today.getFullYear() && expMonth < today.getMonth() + 1)
    ) {
      return stripeError(402, {
        type: 'card_error',
        code: 'invalid_expiry_year',
        param: 'exp_year',
        message: "Your card's expiration year is invalid.",
      });
    }
    const known: TestCard = TEST_CARDS[number] ?? { brand: 'visa', funding: 'credit' };
    const pm: StripeObject = {
      id: stripeId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: formString(billing, 'email') ?? null,
        name: formString(billing, 'name') ?? null,
        phone: null,
        tax_id: null,
      },
      card: {
        brand: known.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: known.brand,
        exp_month: expMonth,
        exp_year: fullYear,
        fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16),
        funding: known.funding,
        generated_from: null,
        last4: number.slice(-4),
        networks: { available: [known.brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: nowSeconds(),
      customer: null,
      customer_account: null,
      livemode: false,
      metadata,
      type: 'card',
      // Kept out of replies: whether confirming or charging this card must fail, and how.
      _decline: known.decline ?? null,
      _chargeDecline: known.chargeDecline ?? null,
      _authRequired: known.authRequired ?? false,
    };
    store.update((s) => {
      s.paymentMethods[pm.id] = pm;
    });
    return pm;
  };

  /** A payment method as Stripe shows it (without the simulator's private `_` fields). */
  const view = (pm: StripeObject): StripeObject =>
    Object.fromEntries(Object.entries(pm).filter(([key]) => !key.startsWith('_'))) as StripeObject;

  /** A saved payment method by id, or Stripe's "no such" reply. */
  const storedPaymentMethod = (id: string): StripeObject | SimReply =>
    store.data.paymentMethods[id] ?? noSuch('PaymentMethod', id, 'payment_method');

  const resolvePaymentMethod = (id: string): StripeObject | SimReply => {
    const testNumber = TEST_PAYMENT_METHODS[id];
    if (testNumber) return createCard({ number: testNumber, exp_month: '12', exp_year: '2034' }, undefined, {});
    return storedPaymentMethod(id);
  };

  const isReply = (value: StripeObject | SimReply): value is SimReply => 'status' in value && !('id' in value);

  /**
   * A setup intent by id, or Stripe's "no such" reply. With a publishable key the caller must also
   * hold the intent's client secret, and one without it learns no more than for an unknown id.
   */
  const setupIntentFor = (id: string, form: Record<string, FormValue>, auth: Auth): StripeObject | SimReply => {
    const intent = store.data.setupIntents[id];
    if (!intent) return noSuch('setupintent', id, 'intent');
    if (auth === 'publishable' && formString(form, 'client_secret') !== intent.client_secret) {
      return noSuch('setupintent', id, 'intent');
    }
    return intent;
  };

  /**
   * `POST /v1/payment_intents`: creates and, with `confirm=true`, charges at once. The card's test
   * behaviour decides: declined cards answer 402 `card_declined`, 4000 0027 6000 3184 answers 402
   * `authentication_required` off-session (on-session the intent waits in `requires_action`),
   * every other card succeeds. Events `payment_intent.succeeded` / `payment_intent.payment_failed`.
   */
  const createPaymentIntent = (form: Record<string, FormValue>): SimReply => {
    const amount = Number(formString(form, 'amount'));
    const currency = formString(form, 'currency');
    if (!formString(form, 'amount')) return missingParam('amount');
    if (!currency) return missingParam('currency');
    if (!Number.isInteger(amount) || amount < 50) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'amount_too_small',
        param: 'amount',
        message: 'Amount must be at least $0.50 usd',
      });
    }
    const suffix = formString(form, 'statement_descriptor_suffix');
    if (suffix !== undefined && (suffix.length > 22 || DESCRIPTOR_FORBIDDEN.test(suffix) || !/[A-Za-z]/.test(suffix))) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'parameter_invalid_string',
        param: 'statement_descriptor_suffix',
        message:
          'The statement descriptor suffix must be at most 22 characters, contain at least one letter and none of < > \\ \' " *.',
      });
    }
    const customer = formString(form, 'customer') ?? null;
    if (customer && !store.data.customers[customer]) return noSuch('customer', customer, 'customer');
    const pmId = formString(form, 'payment_method');
    const pm = pmId ? store.data.paymentMethods[pmId] : undefined;
    if (pmId && !pm) return noSuch('PaymentMethod', pmId, 'payment_method');
    if (pm && customer && pm.customer !== customer) {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'payment_method_invalid_parameter',
        param: 'payment_method',
        message: `The provided PaymentMethod ${pm.id} is not attached to customer ${customer}.`,
      });
    }
    const offSession = formString(form, 'off_session') === 'true';
    const confirm = formString(form, 'confirm') === 'true';
    if (confirm && !pm) return missingParam('payment_method');
    const id = stripeId('pi');
    const base: StripeObject = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: null,
      amount,
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${stripeId('x').slice(2)}`,
      confirmation_method: 'automatic',
      created: nowSeconds(),
      currency: currency.toLowerCase(),
      customer,
      customer_account: null,
      description: formString(form, 'description') ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: metadataOf(form),
      next_action: null,
      on_behalf_of: null,
      payment_method: pm ? pm.id : null,
      payment_method_configuration_details: null,
      payment_method_options: {
        card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
      },
      payment_method_types: ['card'],
      payment_record: null,
      processing: null,
      receipt_email: null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: suffix ?? null,
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      transfer_group: null,
    };
    const save = (intent: StripeObject): void => {
      store.update((s) => {
        s.paymentIntents[intent.id] = intent;
      });
    };
    if (!confirm || !pm) {
      save(base);
      return reply(base);
    }
    const decline = (pm._decline ?? pm._chargeDecline) as { code: string; message: string } | null;
    const authRequired = pm._authRequired === true;
    if (decline || (authRequired && offSession)) {
      const code = decline
        ? decline.code === 'expired_card'
          ? 'expired_card'
          : 'card_declined'
        : 'authentication_required';
      const message = decline ? decline.message : 'Your card was declined. This transaction requires authentication.';
      const declineCode = decline ? decline.code : 'authentication_required';
      const failed: StripeObject = {
        ...base,
        status: 'requires_payment_method',
        last_payment_error: {
          type: 'card_error',
          code,
          decline_code: declineCode,
          message,
          payment_method: view(pm),
        },
      };
      save(failed);
      emit('payment_intent.payment_failed', failed);
      return stripeError(402, { type: 'card_error', code, decline_code: declineCode, message, payment_intent: failed });
    }
    if (authRequired) {
      const waiting: StripeObject = {
        ...base,
        status: 'requires_action',
        next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } },
      };
      save(waiting);
      emit('payment_intent.requires_action', waiting);
      return reply(waiting);
    }
    const succeeded: StripeObject = {
      ...base,
      status: 'succeeded',
      amount_received: amount,
      latest_charge: stripeId('ch'),
    };
    save(succeeded);
    emit('payment_intent.succeeded', succeeded);
    return reply(succeeded);
  };

  const newCustomer = (form: Record<string, FormValue>): StripeObject => ({
    id: stripeId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: formString(form, 'description') ?? null,
    email: formString(form, 'email') ?? null,
    invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: metadataOf(form),
    name: formString(form, 'name') ?? null,
    phone: formString(form, 'phone') ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  });

  const routes: SimRoute[] = [
    {
      method: 'POST',
      pattern: '/v1/customers',
      handle: withAuth(['secret'], (_req, form) => {
        const customer = newCustomer(form);
        store.update((s) => {
          s.customers[customer.id] = customer;
        });
        return reply(customer);
      }),
    },
    {
      method: 'GET',
      pattern: '/v1/customers/:id',
      handle: withAuth(['secret'], (req) => {
        const id = req.params.id ?? '';
        const customer = store.data.customers[id];
        return customer ? reply(customer) : noSuch('customer', id, 'id');
      }),
    },
    {
      method: 'POST',
      pattern: '/v1/customers/:id',
      handle: withAuth(['secret'], (req, form) => {
        const id = req.params.id ?? '';
        const customer = store.data.customers[id];
        if (!customer) return noSuch('customer', id, 'id');
        const invoiceSettings = formObject(form, 'invoice_settings');
        const defaultPm = formString(invoiceSettings, 'default_payment_method');
        if (defaultPm && !store.data.paymentMethods[defaultPm]) {
          return noSuch('PaymentMethod', defaultPm, 'invoice_settings[default_payment_method]');
        }
        const updated: StripeObject = {
          ...customer,
          ...(formString(form, 'email') !== undefined ? { email: formString(form, 'email') } : {}),
          ...(formString(form, 'name') !== undefined ? { name: formString(form, 'name') } : {}),
          ...(formString(form, 'description') !== undefined ? { description: formString(form, 'description') } : {}),
          metadata: { ...(customer.metadata as Record<string, string>), ...metadataOf(form) },
          invoice_settings: {
            ...(customer.invoice_settings as Record<string, unknown>),
            ...(defaultPm ? { default_payment_method: defaultPm } : {}),
          },
        };
        store.update((s) => {
          s.customers[id] = updated;
        });
        return reply(updated);
      }),
    },
    {
      method: 'POST',
      pattern: '/v1/setup_intents',
      handle: withAuth(['secret'], (_req, form) => {
        const customer = formString(form, 'customer');
        if (customer && !store.data.customers[customer]) return noSuch('customer', customer, 'customer');
        const id = stripeId('seti');
        const types = form.payment_method_types;
        // The allow-list the request sets (Stripe echoes it); it also bounds the types on offer.
        const allowed = Array.isArray(form.allowed_payment_method_types) ? form.allowed_payment_method_types : null;
        const offered = Array.isArray(types) && types.length > 0 ? types : (allowed ?? ['card']);
        const intent: StripeObject = {
          id,
          object: 'setup_intent',
          allowed_payment_method_types: allowed,
          application: null,
          automatic_payment_methods: null,
          cancellation_reason: null,
          client_secret: `${id}_secret_${stripeId('x').slice(2)}`,
          created: nowSeconds(),
          customer: customer ?? null,
          description: formString(form, 'description') ?? null,
          excluded_payment_method_types: null,
          flow_directions: null,
          last_setup_error: null,
          latest_attempt: null,
          livemode: false,
          mandate: null,
          metadata: metadataOf(form),
          next_action: null,
          on_behalf_of: null,
          payment_method: null,
          payment_method_configuration_details: null,
          payment_method_options: {
            card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
          },
          payment_method_types: offered,
          single_use_mandate: null,
          status: 'requires_payment_method',
          usage: formString(form, 'usage') ?? 'off_session',
        };
        store.update((s) => {
          s.setupIntents[id] = intent;
        });
        return reply(intent);
      }),
    },
    {
      method: 'GET',
      pattern: '/v1/setup_intents/:id',
      handle: withAuth(['secret', 'publishable'], (req, form, auth) => {
        const intent = setupIntentFor(req.params.id ?? '', form, auth);
        return isReply(intent) ? intent : reply(intent);
      }),
    },
    {
      method: 'POST',
      pattern: '/v1/setup_intents/:id/confirm',
      handle: withAuth(['secret', 'publishable'], (req, form, auth) => {
        const id = req.params.id ?? '';
        const intent = setupIntentFor(id, form, auth);
        if (isReply(intent)) return intent;
        if (intent.status === 'succeeded') {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'setup_intent_unexpected_state',
            message: 'You cannot confirm this SetupIntent because it has already succeeded.',
          });
        }
        const pmId = formString(form, 'payment_method');
        const pmData = formObject(form, 'payment_method_data');
        const resolved = pmId
          ? resolvePaymentMethod(pmId)
          : pmData
            ? createCard(formObject(pmData, 'card'), formObject(pmData, 'billing_details'), {})
            : missingParam('payment_method');
        if (isReply(resolved)) return resolved;
        const decline = resolved._decline as { code: string; message: string } | null;
        if (decline) {
          const failed: StripeObject = {
            ...intent,
            status: 'requires_payment_method',
            last_setup_error: {
              code: 'card_declined',
              decline_code: decline.code,
              message: decline.message,
              type: 'card_error',
              payment_method: view(resolved),
            },
          };
          store.update((s) => {
            s.setupIntents[id] = failed;
          });
          return stripeError(402, {
            type: 'card_error',
            code: decline.code === 'expired_card' ? 'expired_card' : 'card_declined',
            decline_code: decline.code,
            message: decline.message,
            setup_intent: failed,
          });
        }
        const attached: StripeObject = { ...resolved, customer: intent.customer ?? null };
        const succeeded: StripeObject = {
          ...intent,
          status: 'succeeded',
          payment_method: attached.id,
          last_setup_error: null,
        };
        store.update((s) => {
          s.paymentMethods[attached.id] = attached;
          s.setupIntents[id] = succeeded;
        });
        if (attached.customer) emit('payment_method.attached', view(attached));
        emit('setup_intent.succeeded', succeeded);
        return reply(succeeded);
      }),
    },
    {
      method: 'POST',
      pattern: '/v1/payment_methods',
      handle: withAuth(['secret', 'publishable'], (_req, form) => {
        if (formString(form, 'type') !== 'card') return missingParam('type');
        const created = createCard(formObject(form, 'card'), formObject(form, 'billing_details'), metadataOf(form));
        return isReply(created) ? created : reply(view(created));
      }),
    },
    {
      method: 'GET',
      pattern: '/v1/payment_methods/:id',
      handle: withAuth(['secret'], (req) => {
        const pm = storedPaymentMethod(req.params.id ?? '');
        return isReply(pm) ? pm : reply(view(pm));
      }),
    },
    {
      method: 'POST',
      pattern: '/v1/payment_methods/:id/attach',
      handle: withAuth(['secret'], (req, form) => {
        const id = req.params.id ?? '';
        const pm = storedPaymentMethod(id);
        if (isReply(pm)) return pm;
        const customer = formString(form, 'customer');
        if (!customer) return missingParam('customer');
        if (!store.data.customers[customer]) return noSuch('customer', customer, 'customer');
        const attached = { ...pm, customer };
        store.update((s) => {
          s.paymentMethods[id] = attached;
        });
        emit('payment_method.attached', view(attached));
        return reply(view(attached));
      }),
    },
    {
      method: 'POST',
      pattern: '/v1/payment_methods/:id/detach',
      handle: withAuth(['secret'], (req) => {
        const id = req.params.id ?? '';
        const pm = storedPaymentMethod(id);
        if (isReply(pm)) return pm;
        if (!pm.customer) {
          return stripeError(400, {
            type: 'invalid_request_error',
            code: 'payment_method_unexpected_state',
            message: 'The payment method you provided is not attached to a customer so detachment is impossible.',
          });
        }
        const detached = { ...pm, customer: null };
        store.update((s) => {
          s.paymentMethods[id] = detached;
        });
        emit('payment_method.detached', view(detached), { customer: pm.customer });
        return reply(view(detached));
      }),
    },
    {
      method: 'POST',
      pattern: '/v1/payment_intents',
      handle: withAuth(['secret'], (_req, form) => createPaymentIntent(form)),
    },
    {
      method: 'GET',
      pattern: '/v1/payment_intents/:id',
      handle: withAuth(['secret'], (req) => {
        const id = req.params.id ?? '';
        const intent = store.data.paymentIntents[id];
        return intent ? reply(intent) : noSuch('payment_intent', id, 'intent');
      }),
    },
    {
      method: 'GET',
      pattern: '/v1/payment_intents',
      handle: withAuth(['secret'], (_req, form) => {
        const customer = formString(form, 'customer');
        // Newest first; ties (the same second) in the order they were made, newest first too.
        const data = Object.values(store.data.paymentIntents)
          .filter((pi) => !customer || pi.customer === customer)
          .reverse()
          .sort((a, b) => Number(b.created) - Number(a.created));
        return listPage(data, form, '/v1/payment_intents', 'payment_intent');
      }),
    },
    {
      method: 'GET',
      pattern: '/v1/events',
      handle: withAuth(['secret'], (_req, form) => {
        const type = formString(form, 'type');
        const data = store.data.events
          .filter((e) => !type || e.type === type)
          .slice()
          .reverse();
        return listPage(data, form, '/v1/events', 'event');
      }),
    },
  ];
  return {
    server: createSimulatorServer('stripe', routes, options.logger, {
      errorBody: (status, message) => stripeErrorBody(status, message),
      ...(options.recordDir ? { recordDir: options.recordDir } : {}),
    }),
    store,
    setWebhookEndpoint: (url) => {
      webhookUrl = url;
    },
  };
}
