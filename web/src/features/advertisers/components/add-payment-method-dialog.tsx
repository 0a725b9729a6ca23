import { Alert, Box, Field, Flex, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import {
  ZPaymentMethodForm,
  type TPaymentMethodForm,
  type TPaymentMethodFormInput,
} from '@bidgrid/shared/billing/payment-method.schema';
import { FormDialog } from '@/components/form-dialog';
import { useRuntimeConfig } from '@/lib/runtime-config-context';
import { toaster } from '@/lib/toaster';
import { useChanged } from '@/lib/use-changed';
import { CARD_ADDED_TOAST, CARD_ERROR_TITLE, CARD_UNEXPECTED_ERROR } from '../advertiser-messages';
import { useCreateCardSetupIntent, useSaveAdvertiserCard } from '../api/advertiser-calls';
import type { CardConfirmer } from '../card-setup';
import { SimulatorCardField } from './card-entry/simulator-card-field';
import { RequiredMark } from './required-mark';

// Stripe.js and Elements load only in the cloud stage, and only when the dialog opens.
const StripeCardField = lazy(() => import('./card-entry/stripe-card-field'));

const FIELDS: ReadonlyArray<{
  name: keyof TPaymentMethodFormInput;
  label: string;
  type: string;
  autoComplete: string;
}> = [
  { name: 'friendlyName', label: 'Friendly Card Name', type: 'text', autoComplete: 'off' },
  { name: 'billingEmail', label: 'Billing Email', type: 'email', autoComplete: 'email' },
  { name: 'cardholderName', label: 'Cardholder Name', type: 'text', autoComplete: 'cc-name' },
];

/**
 * Add Payment Method (000 §2, §5, §8): Friendly Card Name, Billing Email and Cardholder Name (all
 * required), the provider's card entry, Cancel and Add. Opening asks the server for a setup intent of
 * the advertiser's payment customer; Add confirms the card with the provider in the browser, then saves
 * the payment method id with the names. Provider errors show in the 'Card Error' alert; Add stays
 * disabled until both the intent and the card entry are ready.
 */
export function AddPaymentMethodDialog({
  open,
  onOpenChange,
  advertiser,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  advertiser: TAdvertiser;
}) {
  const config = useRuntimeConfig();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  // A new intent is needed after one was used (confirmed, then the save failed): bump to fetch again.
  const [intentRound, setIntentRound] = useState(0);
  const [confirmer, setConfirmer] = useState<CardConfirmer | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const { mutate: createIntent } = useCreateCardSetupIntent();
  const { mutate: saveCard } = useSaveAdvertiserCard();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TPaymentMethodFormInput, unknown, TPaymentMethodForm>({
    resolver: zodResolver(ZPaymentMethodForm),
    defaultValues: { friendlyName: '', billingEmail: '', cardholderName: '' },
  });

  const advertiserId = advertiser.bgAdvertiserId;
  const savedName = advertiser.advertiser_card_name ?? '';
  const savedEmail = advertiser.billingEmail ?? '';
  // Opening the dialog, or new saved names while it is open (the form starts from them again), clears the
  // last card error; opening it, or for another advertiser, drops the intent held until a new one is in.
  const formChanged = useChanged([open, savedName, savedEmail]);
  const intentChanged = useChanged([open, advertiserId]);
  if (open && formChanged) setCardError(null);
  if (open && intentChanged) setClientSecret(null);
  useEffect(() => {
    if (!open) return;
    // Editing a saved card starts from its friendly name and billing e-mail.
    reset({ friendlyName: savedName, billingEmail: savedEmail, cardholderName: '' });
  }, [open, reset, savedName, savedEmail]);

  useEffect(() => {
    if (!open) return;
    let active = true;
    createIntent({ query: { advertiserId } }).then(
      (secret) => {
        if (active) setClientSecret(secret);
      },
      () => {
        // The API error toast already told what failed; the alert says the card cannot be added now.
        if (active) setCardError(CARD_UNEXPECTED_ERROR);
      },
    );
    return () => {
      active = false;
    };
  }, [open, advertiserId, intentRound, createIntent]);

  const ready = clientSecret !== null && confirmer !== null;

  const submit = async (form: TPaymentMethodForm): Promise<void> => {
    if (!clientSecret || !confirmer) return;
    setCardError(null);
    const outcome = await confirmer.confirm(clientSecret, { name: form.cardholderName, email: form.billingEmail });
    if (!outcome.ok) {
      setCardError(outcome.message);
      return;
    }
    try {
      // The reply (the advertiser with its card) updates the page and the lists in the cache.
      await saveCard({
        body: {
          bgAdvertiserId: advertiserId,
          billingEmail: form.billingEmail,
          friendlyName: form.friendlyName,
          method: outcome.paymentMethodId,
        },
      });
    } catch {
      setCardError(CARD_UNEXPECTED_ERROR);
      // The intent was used: none until the next round's is in.
      setClientSecret(null);
      setIntentRound((round) => round + 1);
      return;
    }
    toaster.create({ type: 'success', title: CARD_ADDED_TOAST, duration: TOAST_MS.gate, closable: true });
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      title="Add Payment Method"
      busy={isSubmitting}
      submitLabel="Add"
      busyLabel="Adding"
      submitDisabled={!ready}
      lazyMount
      onClose={() => onOpenChange(false)}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      {cardError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{CARD_ERROR_TITLE}</Alert.Title>
            <Alert.Description>{cardError}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : null}
      {FIELDS.map((field) => (
        <Field.Root key={field.name} invalid={Boolean(errors[field.name])} required>
          <Field.Label>
            {field.label}
            <RequiredMark />
          </Field.Label>
          <Input type={field.type} autoComplete={field.autoComplete} {...register(field.name)} />
          <Field.ErrorText>{errors[field.name]?.message}</Field.ErrorText>
        </Field.Root>
      ))}
      <Stack gap="1.5">
        <Text fontWeight="medium" fontSize="sm">
          Card
        </Text>
        {config.payments.mode === 'simulator' ? (
          <SimulatorCardField
            baseUrl={config.payments.baseUrl}
            publishableKey={config.payments.publishableKey}
            onConfirmerChange={setConfirmer}
          />
        ) : (
          <Box borderWidth="1px" rounded="l2" px="3" py="3">
            <Suspense
              fallback={
                <Flex justify="center" role="status" aria-label="Loading the card field">
                  <Spinner size="sm" />
                </Flex>
              }
            >
              <StripeCardField publishableKey={config.payments.publishableKey} onConfirmerChange={setConfirmer} />
            </Suspense>
          </Box>
        )}
      </Stack>
    </FormDialog>
  );
}
