import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ZNewPasswordForm,
  type TNewPasswordForm,
  type TNewPasswordFormInput,
} from '@bidgrid/shared/agency/login.schema';
import { completeNewPassword, providerMessage } from '@/lib/auth/cognito';

/** Spec 000 §8: the new-password failure text. */
export const newPasswordErrorText = (message: string): string =>
  `There was an error updating your password: ${message}`;

/**
 * The NEW_PASSWORD_REQUIRED challenge (spec 000 §2, §4): 'New Password', 'Confirm New Password', 'Confirm
 * and Log In'; different values give 'Passwords Must Match'.
 */
export function NewPasswordForm({ onDone }: { onDone: () => Promise<void> | void }) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TNewPasswordFormInput, unknown, TNewPasswordForm>({
    resolver: zodResolver(ZNewPasswordForm),
    defaultValues: { newPassword: '', confirmNewPassword: '' },
  });
  const clearError = (): void => setError(null);

  const submit = async (values: TNewPasswordForm): Promise<void> => {
    setError(null);
    try {
      await completeNewPassword(values.newPassword);
    } catch (caught) {
      setError(newPasswordErrorText(providerMessage(caught)));
      return;
    }
    await onDone();
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Set a new password">
      <Stack gap="4">
        <Text>Your account needs a new password before you can continue.</Text>
        {error ? (
          <Text role="alert" color="fg.error" fontWeight="medium">
            {error}
          </Text>
        ) : null}
        <Field.Root invalid={Boolean(errors.newPassword)}>
          <Field.Label>New Password</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('newPassword', { onChange: clearError })} />
          <Field.ErrorText>{errors.newPassword?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.confirmNewPassword)}>
          <Field.Label>Confirm New Password</Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            {...register('confirmNewPassword', { onChange: clearError })}
          />
          <Field.ErrorText>{errors.confirmNewPassword?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" loading={isSubmitting} loadingText="Saving">
          Confirm and Log In
        </Button>
      </Stack>
    </form>
  );
}
