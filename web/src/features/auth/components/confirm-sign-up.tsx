import { Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { confirmRegistration, resendConfirmationCode } from '@/lib/auth/sign-up';
import { toaster } from '@/lib/toaster';
import { CODE_SENT_TOAST, confirmCodeErrorText } from '../auth-messages';
import { ZConfirmCodeForm, type TConfirmCodeForm } from '../confirm-code.schema';
import { useFormError } from '../hooks/use-form-error';
import { FormError } from './auth-card';
import { FormField, ResendButton, SubmitButton } from './form-parts';

/**
 * The `userName` step of /bgsignup (spec 000 §2: "its content: not shown"), built as a user expects:
 * enter the e-mailed code, or ask for a new one; once confirmed, `onConfirmed` offers the sign-in.
 */
export function ConfirmSignUp({ userName, onConfirmed }: { userName: string; onConfirmed: () => void }) {
  const { error, clearError, attempt } = useFormError(confirmCodeErrorText);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TConfirmCodeForm>({ resolver: zodResolver(ZConfirmCodeForm), defaultValues: { code: '' } });

  const submit = async ({ code }: TConfirmCodeForm): Promise<void> => {
    if ((await attempt(() => confirmRegistration(userName, code))).ok) onConfirmed();
  };

  const resend = async (): Promise<void> => {
    if (!(await attempt(() => resendConfirmationCode(userName))).ok) return;
    toaster.create({ type: 'success', title: CODE_SENT_TOAST, duration: TOAST_MS.default, closable: true });
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Confirm the account">
      <Stack gap="4">
        <Text>
          We emailed a confirmation code to the address given for <strong>{userName}</strong>. Enter it to activate the
          account.
        </Text>
        <FormField label="Confirmation Code" error={errors.code?.message}>
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            autoCapitalize="none"
            {...register('code', { onChange: clearError })}
          />
        </FormField>
        <SubmitButton loading={isSubmitting} loadingText="Confirming">
          Confirm Account
        </SubmitButton>
        <ResendButton onResend={resend}>Resend Code</ResendButton>
        <FormError message={error} />
      </Stack>
    </form>
  );
}
