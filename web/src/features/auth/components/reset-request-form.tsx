import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ZPasswordResetRequestForm,
  type TPasswordResetRequestForm,
} from '@bidgrid/shared/validation/password-reset.schema';
import { providerMessage } from '@/lib/auth/cognito';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { resetErrorText } from '../auth-messages';
import { FormError } from './auth-card';

/**
 * Step one of the password reset (spec 000 §2, §5): the user name only. On success the provider has
 * e-mailed a code and `onSent` moves on to the code step.
 */
export function ResetRequestForm({ onSent }: { onSent: (userName: string) => void }) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TPasswordResetRequestForm>({
    resolver: zodResolver(ZPasswordResetRequestForm),
    defaultValues: { userName: '' },
  });
  const clearError = (): void => setError(null);

  const submit = async (values: TPasswordResetRequestForm): Promise<void> => {
    setError(null);
    try {
      await requestPasswordReset(values.userName);
    } catch (caught) {
      setError(resetErrorText(providerMessage(caught)));
      return;
    }
    onSent(values.userName);
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Request a password reset">
      <Stack gap="4">
        <Text>Enter your username. We will email you a code to choose a new password.</Text>
        <Field.Root invalid={Boolean(errors.userName)}>
          <Field.Label>Username</Field.Label>
          <Input autoComplete="username" autoCapitalize="none" {...register('userName', { onChange: clearError })} />
          <Field.ErrorText>{errors.userName?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" loading={isSubmitting} loadingText="Sending">
          Send Code
        </Button>
        <FormError message={error} />
      </Stack>
    </form>
  );
}
