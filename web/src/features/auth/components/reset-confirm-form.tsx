import { Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ZPasswordResetConfirmForm,
  type TPasswordResetConfirmForm,
  type TPasswordResetConfirmFormInput,
} from '@bidgrid/shared/agency/password-reset.schema';
import { confirmPasswordReset, requestPasswordReset } from '@/lib/auth/password-reset';
import { resetErrorText } from '../auth-messages';
import { useFormError } from '../hooks/use-form-error';
import { FormError, FormNotice } from './auth-card';
import { FormField, ResendButton, SubmitButton } from './form-parts';

/**
 * Step two of the password reset (spec 000 §2, §5): the e-mailed code, the new password and its
 * confirmation, for the user named in the `userName` query parameter. 'Send a new code' asks the
 * provider again, for a code that expired or never arrived.
 */
export function ResetConfirmForm({ userName, onDone }: { userName: string; onDone: () => void }) {
  const { error, clearError, attempt } = useFormError(resetErrorText);
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TPasswordResetConfirmFormInput, unknown, TPasswordResetConfirmForm>({
    resolver: zodResolver(ZPasswordResetConfirmForm),
    defaultValues: { code: '', password: '', passwordConfirm: '' },
  });
  const clearMessages = (): void => {
    clearError();
    setNotice(null);
  };

  const submit = async (values: TPasswordResetConfirmForm): Promise<void> => {
    setNotice(null);
    const reset = await attempt(() =>
      confirmPasswordReset({ userName, code: values.code, newPassword: values.password }),
    );
    if (reset.ok) onDone();
  };

  const resend = async (): Promise<void> => {
    setNotice(null);
    if ((await attempt(() => requestPasswordReset(userName))).ok) setNotice('A new code was sent to your email.');
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Choose a new password">
      <Stack gap="4">
        <Text>
          We emailed a code to the address of <strong>{userName}</strong>. Enter it with your new password.
        </Text>
        <FormNotice message={notice} />
        <FormField label="Confirmation Code" error={errors.code?.message}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            autoCapitalize="none"
            {...register('code', { onChange: clearMessages })}
          />
        </FormField>
        <FormField label="New Password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...register('password', { onChange: clearMessages })} />
        </FormField>
        <FormField label="Confirm New Password" error={errors.passwordConfirm?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...register('passwordConfirm', { onChange: clearMessages })}
          />
        </FormField>
        <SubmitButton loading={isSubmitting} loadingText="Saving">
          Reset Password
        </SubmitButton>
        <ResendButton onResend={resend}>Send a new code</ResendButton>
        <FormError message={error} />
      </Stack>
    </form>
  );
}
