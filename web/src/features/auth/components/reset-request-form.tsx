import { Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  ZPasswordResetRequestForm,
  type TPasswordResetRequestForm,
} from '@bidgrid/shared/agency/password-reset.schema';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { resetErrorText } from '../auth-messages';
import { useFormError } from '../hooks/use-form-error';
import { FormError } from './auth-card';
import { FormField, SubmitButton } from './form-parts';

/**
 * Step one of the password reset (spec 000 §2, §5): the user name only. On success the provider has
 * e-mailed a code and `onSent` moves on to the code step.
 */
export function ResetRequestForm({ onSent }: { onSent: (userName: string) => void }) {
  const { error, clearError, attempt } = useFormError(resetErrorText);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TPasswordResetRequestForm>({
    resolver: zodResolver(ZPasswordResetRequestForm),
    defaultValues: { userName: '' },
  });

  const submit = async (values: TPasswordResetRequestForm): Promise<void> => {
    if ((await attempt(() => requestPasswordReset(values.userName))).ok) onSent(values.userName);
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Request a password reset">
      <Stack gap="4">
        <Text>Enter your username. We will email you a code to choose a new password.</Text>
        <FormField label="Username" error={errors.userName?.message}>
          <Input autoComplete="username" autoCapitalize="none" {...register('userName', { onChange: clearError })} />
        </FormField>
        <SubmitButton loading={isSubmitting} loadingText="Sending">
          Send Code
        </SubmitButton>
        <FormError message={error} />
      </Stack>
    </form>
  );
}
