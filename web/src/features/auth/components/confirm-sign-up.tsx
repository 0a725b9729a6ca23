import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { providerMessage } from '@/lib/auth/cognito';
import { confirmRegistration, resendConfirmationCode } from '@/lib/auth/sign-up';
import { toaster } from '@/lib/toaster';
import { CODE_SENT_TOAST, confirmCodeErrorText } from '../auth-messages';
import { ZConfirmCodeForm, type TConfirmCodeForm } from '../confirm-code.schema';
import { FormError } from './auth-card';

/**
 * The `userName` step of /bgsignup (spec 000 §2: "its content: not shown"), built as a user expects:
 * enter the e-mailed code, or ask for a new one; once confirmed, `onConfirmed` offers the sign-in.
 */
export function ConfirmSignUp({ userName, onConfirmed }: { userName: string; onConfirmed: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TConfirmCodeForm>({ resolver: zodResolver(ZConfirmCodeForm), defaultValues: { code: '' } });
  const clearError = (): void => setError(null);

  const submit = async ({ code }: TConfirmCodeForm): Promise<void> => {
    setError(null);
    try {
      await confirmRegistration(userName, code);
    } catch (caught) {
      setError(confirmCodeErrorText(providerMessage(caught)));
      return;
    }
    onConfirmed();
  };

  const resend = async (): Promise<void> => {
    setError(null);
    setResending(true);
    try {
      await resendConfirmationCode(userName);
      toaster.create({ type: 'success', title: CODE_SENT_TOAST, duration: TOAST_MS.default, closable: true });
    } catch (caught) {
      setError(confirmCodeErrorText(providerMessage(caught)));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Confirm the account">
      <Stack gap="4">
        <Text>
          We emailed a confirmation code to the address given for <strong>{userName}</strong>. Enter it to activate the
          account.
        </Text>
        <Field.Root invalid={Boolean(errors.code)}>
          <Field.Label>Confirmation Code</Field.Label>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            autoCapitalize="none"
            {...register('code', { onChange: clearError })}
          />
          <Field.ErrorText>{errors.code?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" loading={isSubmitting} loadingText="Confirming">
          Confirm Account
        </Button>
        <Button
          type="button"
          variant="ghost"
          colorPalette="blue"
          loading={resending}
          loadingText="Sending"
          onClick={() => void resend()}
        >
          Resend Code
        </Button>
        <FormError message={error} />
      </Stack>
    </form>
  );
}
