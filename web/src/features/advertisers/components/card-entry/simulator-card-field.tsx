import { Box, Field, Grid, Input, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useLatest } from '@/lib/use-latest';
import { confirmWithSimulator, type CardConfirmer, type SimulatorCard } from '../../card-setup';

/** Groups card digits by four as they are typed (at most 19 digits, the longest card numbers). */
const formatCardNumber = (value: string): string =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** 'MMYY' as 'MM / YY' while typing. */
const formatExpiry = (value: string): string => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
};

/**
 * The local stand-in for Stripe Elements (ARCHITECTURE: "a local card field in place of Elements"):
 * card number, expiry and security code, confirmed against the payments simulator with the publishable
 * key as Stripe.js would. It is ready at once (nothing to load) and hands its confirmer up.
 */
export function SimulatorCardField({
  baseUrl,
  publishableKey,
  onConfirmerChange,
}: {
  baseUrl: string;
  publishableKey: string;
  onConfirmerChange: (confirmer: CardConfirmer | null) => void;
}) {
  const [card, setCard] = useState<SimulatorCard>({ number: '', expiry: '', cvc: '' });
  // The confirmer reads the latest fields through a ref, so it is handed up once and stays valid.
  const latestCard = useLatest(card);

  useEffect(() => {
    onConfirmerChange({
      confirm: (clientSecret, billing) =>
        confirmWithSimulator({ baseUrl, publishableKey, clientSecret, card: latestCard.current, billing }),
    });
    return () => onConfirmerChange(null);
  }, [baseUrl, publishableKey, onConfirmerChange, latestCard]);

  return (
    <Box borderWidth="1px" rounded="l2" p="3">
      <Grid templateColumns={{ base: '1fr', sm: '2fr 1fr 1fr' }} gap="3">
        <Field.Root>
          <Field.Label>Card number</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={card.number}
            onChange={(event) => setCard({ ...card, number: formatCardNumber(event.currentTarget.value) })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Expiration</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={(event) => setCard({ ...card, expiry: formatExpiry(event.currentTarget.value) })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>CVC</Field.Label>
          <Input
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="CVC"
            maxLength={4}
            value={card.cvc}
            onChange={(event) => setCard({ ...card, cvc: event.currentTarget.value.replace(/\D/g, '') })}
          />
        </Field.Root>
      </Grid>
      <Text fontSize="xs" color="fg.muted" mt="2">
        Local payments simulator: 4242 4242 4242 4242 is accepted, 4000 0000 0000 0002 is declined.
      </Text>
    </Box>
  );
}
