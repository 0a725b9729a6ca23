import { describe, expect, it, vi } from 'vitest';
import { confirmWithSimulator, incompleteCardMessage, parseExpiry } from './card-setup';
import { composePhone, DEFAULT_COUNTRY, nationalPart, PHONE_COUNTRIES } from './phone-countries';

const card = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
const options = {
  baseUrl: 'http://127.0.0.1:15103/',
  publishableKey: 'pk_test_local',
  clientSecret: 'seti_1_secret_2',
  card,
  billing: { name: 'Ada', email: 'ada@example.com' },
};

describe('card setup against the payments simulator', () => {
  it('reads expiry dates as typed', () => {
    // Act
    const values = ['12 / 34', '0129', '03/2031', '13/30', '1'].map(parseExpiry);

    // Assess
    expect(values).toEqual([{ month: 12, year: 2034 }, { month: 1, year: 2029 }, { month: 3, year: 2031 }, null, null]);
  });

  it("answers Stripe Elements' incomplete-field messages before calling the provider", async () => {
    // Prepare
    const fetchImpl = vi.fn<typeof fetch>();

    // Act
    const outcome = await confirmWithSimulator({ ...options, card: { ...card, number: '4242' } }, fetchImpl);

    // Assess
    expect(outcome).toEqual({ ok: false, message: 'Your card number is incomplete.' });
    expect(incompleteCardMessage({ ...card, expiry: '1' })).toBe("Your card's expiration date is incomplete.");
    expect(incompleteCardMessage({ ...card, cvc: '' })).toBe("Your card's security code is incomplete.");
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('posts the confirmation like Stripe.js and returns the payment method of a succeeded intent', async () => {
    // Prepare
    const fetchImpl = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ status: 'succeeded', payment_method: 'pm_1' }), { status: 200 }),
    );

    // Act
    const outcome = await confirmWithSimulator(options, fetchImpl);

    // Assess
    expect(outcome).toEqual({ ok: true, paymentMethodId: 'pm_1' });
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('http://127.0.0.1:15103/v1/setup_intents/seti_1/confirm');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/x-www-form-urlencoded');
  });

  it("gives the provider's message, or the spec's unexpected text when the provider cannot answer", async () => {
    // Prepare
    const declined = vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ error: { message: 'Your card was declined.' } }), { status: 402 }),
    );
    const down = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    // Act
    const first = await confirmWithSimulator(options, declined);
    const second = await confirmWithSimulator(options, down);

    // Assess
    expect(first).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(second).toEqual({
      ok: false,
      message: 'There was an unexpected error adding this card, please try again.',
    });
  });
});

describe('phone numbers', () => {
  it('start on the US and keep the number as typed after the dialling code', () => {
    // Act
    const composed = composePhone(DEFAULT_COUNTRY, '555 123 ');

    // Assess
    expect(DEFAULT_COUNTRY.code).toBe('US');
    expect(composed).toBe('+1 555 123 ');
    expect(composePhone(DEFAULT_COUNTRY, '  ')).toBe('');
    expect(nationalPart(composed, DEFAULT_COUNTRY)).toBe('555 123 ');
    expect(nationalPart('', DEFAULT_COUNTRY)).toBe('');
  });

  it('keep a number typed with its own dialling code as typed, whatever country is picked', () => {
    // Prepare
    const uk = PHONE_COUNTRIES.find((country) => country.code === 'GB') as (typeof PHONE_COUNTRIES)[number];

    // Act
    const composed = composePhone(DEFAULT_COUNTRY, ' +356 2122 4567');

    // Assess
    expect(composed).toBe('+356 2122 4567');
    expect(nationalPart(composed, DEFAULT_COUNTRY)).toBe('+356 2122 4567');
    expect(nationalPart('+1 555 123', uk)).toBe('+1 555 123');
  });
});
