import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CardConfirmer } from '../../card-setup';

// Stripe.js and Elements are replaced: the test drives the element's readiness and the confirmation.
const stripe = { confirmCardSetup: vi.fn() };
const cardElement = { kind: 'card-element' };
let signalReady: () => void = () => undefined;
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => stripe) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => cardElement }),
  CardElement: ({ onReady }: { onReady: () => void }) => {
    signalReady = onReady;
    return <div data-testid="card-element" />;
  },
}));

const { default: StripeCardField } = await import('./stripe-card-field');

function renderField() {
  const confirmers: Array<CardConfirmer | null> = [];
  render(<StripeCardField publishableKey="pk_test_123" onConfirmerChange={(next) => confirmers.push(next)} />);
  return confirmers;
}

describe('StripeCardField', () => {
  it('hands up a confirmer only once the card element is ready', async () => {
    // Act
    const confirmers = renderField();
    const before = confirmers.at(-1);
    signalReady();

    // Assess
    expect(before).toBeNull();
    await waitFor(() => expect(confirmers.at(-1)).not.toBeNull());
  });

  it('confirms the setup with the card element and billing details and answers the payment method id', async () => {
    // Prepare
    stripe.confirmCardSetup.mockResolvedValueOnce({ setupIntent: { payment_method: 'pm_123' } });
    const confirmers = renderField();
    signalReady();
    await waitFor(() => expect(confirmers.at(-1)).not.toBeNull());

    // Act
    const outcome = await confirmers.at(-1)?.confirm('seti_1_secret_2', { name: 'Ada', email: 'ada@example.com' });

    // Assess
    expect(outcome).toEqual({ ok: true, paymentMethodId: 'pm_123' });
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_2', {
      payment_method: { card: cardElement, billing_details: { name: 'Ada', email: 'ada@example.com' } },
    });
  });

  it("answers Stripe's error message, or the unexpected-error text without one", async () => {
    // Prepare
    stripe.confirmCardSetup
      .mockResolvedValueOnce({ error: { message: 'Your card was declined.' } })
      .mockResolvedValueOnce({ error: {} });
    const confirmers = renderField();
    signalReady();
    await waitFor(() => expect(confirmers.at(-1)).not.toBeNull());
    const billing = { name: 'Ada', email: 'ada@example.com' };

    // Act
    const declined = await confirmers.at(-1)?.confirm('seti_1_secret_2', billing);
    const unknown = await confirmers.at(-1)?.confirm('seti_1_secret_2', billing);

    // Assess
    expect(declined).toEqual({ ok: false, message: 'Your card was declined.' });
    expect(unknown).toEqual({
      ok: false,
      message: 'There was an unexpected error adding this card, please try again.',
    });
  });
});
