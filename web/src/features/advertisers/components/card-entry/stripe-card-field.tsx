import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import { CARD_UNEXPECTED_ERROR } from '../../advertiser-messages';
import type { CardConfirmer } from '../../card-setup';

// Stripe.js is loaded once per key and only when this module is imported (cloud stage, dialog open).
const stripeByKey = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string): Promise<Stripe | null> => {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
};

function CardElementWithConfirmer({
  onConfirmerChange,
}: {
  onConfirmerChange: (confirmer: CardConfirmer | null) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!stripe || !elements || !ready) {
      onConfirmerChange(null);
      return;
    }
    onConfirmerChange({
      confirm: async (clientSecret, billing) => {
        const card = elements.getElement(CardElement);
        if (!card) return { ok: false, message: CARD_UNEXPECTED_ERROR };
        const result = await stripe.confirmCardSetup(clientSecret, {
          payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
        });
        if (result.error) return { ok: false, message: result.error.message ?? CARD_UNEXPECTED_ERROR };
        const method = result.setupIntent.payment_method;
        const id = typeof method === 'string' ? method : method?.id;
        return id ? { ok: true, paymentMethodId: id } : { ok: false, message: CARD_UNEXPECTED_ERROR };
      },
    });
    return () => onConfirmerChange(null);
  }, [stripe, elements, ready, onConfirmerChange]);

  // No Chakra here: the dialog draws the frame, so this chunk holds only Stripe's code.
  return (
    <CardElement
      options={{ hidePostalCode: false, style: { base: { fontSize: '15px', color: '#1a202c' } } }}
      onReady={() => setReady(true)}
    />
  );
}

/**
 * The payment provider's card element (000 §2) in the cloud: Stripe Elements' card field. The dialog's
 * Add button stays disabled until Stripe.js has loaded and the element reports it is ready.
 */
export default function StripeCardField({
  publishableKey,
  onConfirmerChange,
}: {
  publishableKey: string;
  onConfirmerChange: (confirmer: CardConfirmer | null) => void;
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardElementWithConfirmer onConfirmerChange={onConfirmerChange} />
    </Elements>
  );
}
