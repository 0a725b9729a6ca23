import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ZPasswordResetConfirmForm,
  type TPasswordResetConfirmForm,
  type TPasswordResetConfirmFormInput,
} from '@bidgrid/shared/validation/password-reset.schema';
import { providerMessage } from '@/lib/auth/cognito';
import { confirmPasswordReset, requestPasswordReset } from '@/lib/auth/password-reset';
import { resetErrorText } from '../auth-messages';
import { FormError, FormNotice } from './auth-card';

/**
 * Step two of the password reset (spec 000 §2, §5): the e-mailed code, the new password and its
 * confirmation, for the user named in the `userName` query parameter. 'Send a new code' asks the
 * provider again, for a code that expired or never arrived.
 */
export function ResetConfirmForm({ userName, onDone }: { userName: string; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TPasswordResetConfirmFormInput, unknown, TPasswordResetConfirmForm>({
    resolver: zodResolver(ZPasswordResetConfirmForm),
    defaultValues: { code: '', password: '', passwordConfirm: '' },
  });
  const clearMessages = (): void => {
    setError(null);
    setNotice(null);
  };

  const submit = async (values: TPasswordResetConfirmForm): Promise<void> => {
    clearMessages();
    try {
      await confirmPasswordReset({ userName, code: values.code, newPassword: values.password });
    } catch (caught) {
      setError(resetErrorText(providerMessage(caught)));
      return;
    }
    onDone();
  };

  const resend = async (): Promise<void> => {
    clearMessages();
    setResending(true);
    try {
      await requestPasswordReset(userName);
      setNotice('A new code was sent to your email.');
    } catch (caught) {
      setError(resetErrorText(providerMessage(caught)));
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Choose a new password">
      <Stack gap="4">
        <Text>
          We emailed a code to the address of <strong>{userName}</strong>. Enter it with your new password.
        </Text>
        <FormNotice message={notice} />
        <Field.Root invalid={Boolean(errors.code)}>
          <Field.Label>Confirmation Code</Field.Label>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            autoCapitalize="none"
            {...register('code', { onChange: clearMessages })}
          />
          <Field.ErrorText>{errors.code?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>New Password</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('password', { onChange: clearMessages })} />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.passwordConfirm)}>
          <Field.Label>Confirm New Password</Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            {...register('passwordConfirm', { onChange: clearMessages })}
          />
          <Field.ErrorText>{errors.passwordConfirm?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" loading={isSubmitting} loadingText="Saving">
          Reset Password
        </Button>
        <Button
          type="button"
          variant="ghost"
          colorPalette="blue"
          loading={resending}
          loadingText="Sending"
          onClick={() => void resend()}
        >
          Send a new code
        </Button>
        <FormError message={error} />
      </Stack>
    </form>
  );
}
