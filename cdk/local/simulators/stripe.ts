import { createHash, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
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
}

const alnum = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const stripeId = (prefix: string, length = 24): string =>
  `${prefix}_${[...randomBytes(length)].map((b) => alnum[b % alnum.length]).join('')}`;
const now = (): number => Math.floor(Date.now() / 1000);

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

/** Test card numbers and what they do (the subset of Stripe's test cards we honour). */
const TEST_CARDS: Record<string, { brand: string; funding: string } | { decline: string; message: string }> = {
  '4242424242424242': { brand: 'visa', funding: 'credit' },
  '4000056655665556': { brand: 'visa', funding: 'debit' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit' },
  '378282246310005': { brand: 'amex', funding: 'credit' },
  '6011111111111117': { brand: 'discover', funding: 'credit' },
  '4000000000000002': { decline: 'generic_decline', message: 'Your card was declined.' },
  '4000000000009995': { decline: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { decline: 'expired_card', message: 'Your card has expired.' },
};

/** Stripe's test payment method ids (`pm_card_visa`, ...) mapped to card numbers. */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_discover: '6011111111111117',
  pm_card_chargeDeclined: '4000000000000002',
};

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
  let key = '';
  const bearer = /^Bearer\s+(.+)$/i.exec(header);
  const basic = /^Basic\s+(.+)$/i.exec(header);
  if (bearer) key = (bearer[1] as string).trim();
  else if (basic)
    key =
      Buffer.from(basic[1] as string, 'base64')
        .toString('utf8')
        .split(':')[0] ?? '';
  else key = req.query.get('key') ?? '';
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
 * secret, creating a payment method). Stripe's object and error shapes and test cards
 * (4242... succeeds, 4000000000000002 is declined). Charges come with the billing feature.
 */
export function createStripeSimulator(options: { stateFile?: string; logger: Logger }): {
  server: Server;
  store: JsonStore<StripeState>;
} {
  const store = new JsonStore<StripeState>(options.stateFile, () => ({
    customers: {},
    setupIntents: {},
    paymentMethods: {},
  }));

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
      return run(req, form, auth);
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
    const expYear = Number(formString(card, 'exp_year') ?? new Date().getFullYear() + 3);
    const fullYear = expYear < 100 ? 2000 + expYear : expYear;
    const today = new Date();
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
    const known = TEST_CARDS[number] ?? { brand: 'visa', funding: 'credit' };
    const pm: StripeObject = {
      id: stripeId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: {
        address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null },
        email: formString(billing, 'email') ?? null,
        name: formString(billing, 'name') ?? null,
        phone: null,
      },
      card: {
        brand: 'brand' in known ? known.brand : 'visa',
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: 'brand' in known ? known.brand : 'visa',
        exp_month: expMonth,
        exp_year: fullYear,
        fingerprint: createHash('sha256').update(number).digest('base64url').slice(0, 16),
        funding: 'funding' in known ? known.funding : 'credit',
        last4: number.slice(-4),
        networks: { available: ['brand' in known ? known.brand : 'visa'], preferred: null },
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: now(),
      customer: null,
      livemode: false,
      metadata,
      type: 'card',
      // Kept out of replies: whether confirming with this card must fail, and how.
      _decline: 'decline' in known ? { code: known.decline, message: known.message } : null,
    };
    store.update((s) => {
      s.paymentMethods[pm.id] = pm;
    });
    return pm;
  };

  /** A payment method as Stripe shows it (without the simulator's private fields). */
  const view = (pm: StripeObject): StripeObject => {
    const { _decline: _hidden, ...visible } = pm;
    return visible as StripeObject;
  };

  const resolvePaymentMethod = (id: string): StripeObject | SimReply => {
    const testNumber = TEST_PAYMENT_METHODS[id];
    if (testNumber) return createCard({ number: testNumber, exp_month: '12', exp_year: '2034' }, undefined, {});
    const pm = store.data.paymentMethods[id];
    return pm ?? noSuch('PaymentMethod', id, 'payment_method');
  };

  const isReply = (value: StripeObject | SimReply): value is SimReply => 'status' in value && !('id' in value);

  const newCustomer = (form: Record<string, FormValue>): StripeObject => ({
    id: stripeId('cus', 14),
    object: 'customer',
    address: null,
    balance: 0,
    created: now(),
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
        const intent: StripeObject = {
          id,
          object: 'setup_intent',
          application: null,
          automatic_payment_methods: null,
          cancellation_reason: null,
          client_secret: `${id}_secret_${stripeId('x').slice(2)}`,
          created: now(),
          customer: customer ?? null,
          description: formString(form, 'description') ?? null,
          flow_directions: null,
          last_setup_error: null,
          latest_attempt: null,
          livemode: false,
          mandate: null,
          metadata: metadataOf(form),
          next_action: null,
          on_behalf_of: null,
          payment_method: null,
          payment_method_options: {
            card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
          },
          payment_method_types: Array.isArray(types) && types.length > 0 ? types : ['card'],
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
        const id = req.params.id ?? '';
        const intent = store.data.setupIntents[id];
        if (!intent) return noSuch('setupintent', id, 'intent');
        if (auth === 'publishable' && formString(form, 'client_secret') !== intent.client_secret) {
          return noSuch('setupintent', id, 'intent');
        }
        return reply(intent);
      }),
    },
    {
      method: 'POST',
      pattern: '/v1/setup_intents/:id/confirm',
      handle: withAuth(['secret', 'publishable'], (req, form, auth) => {
        const id = req.params.id ?? '';
        const intent = store.data.setupIntents[id];
        if (!intent) return noSuch('setupintent', id, 'intent');
        if (auth === 'publishable' && formString(form, 'client_secret') !== intent.client_secret) {
          return noSuch('setupintent', id, 'intent');
        }
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
        const id = req.params.id ?? '';
        const pm = store.data.paymentMethods[id];
        return pm ? reply(view(pm)) : noSuch('PaymentMethod', id, 'payment_method');
      }),
    },
    {
      method: 'POST',
      pattern: '/v1/payment_methods/:id/attach',
      handle: withAuth(['secret'], (req, form) => {
        const id = req.params.id ?? '';
        const pm = store.data.paymentMethods[id];
        if (!pm) return noSuch('PaymentMethod', id, 'payment_method');
        const customer = formString(form, 'customer');
        if (!customer) return missingParam('customer');
        if (!store.data.customers[customer]) return noSuch('customer', customer, 'customer');
        const attached = { ...pm, customer };
        store.update((s) => {
          s.paymentMethods[id] = attached;
        });
        return reply(view(attached));
      }),
    },
  ];
  return { server: createSimulatorServer('stripe', routes, options.logger), store };
}
