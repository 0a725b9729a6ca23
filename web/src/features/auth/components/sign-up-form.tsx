import { Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { TOAST_MS } from '@bidgrid/shared/constants';
import {
  SIGN_UP_VALIDATION_MODE,
  ZSignUpForm,
  type TSignUpForm,
  type TSignUpFormInput,
} from '@bidgrid/shared/agency/sign-up.schema';
import { toaster } from '@/lib/toaster';
import { useCreateAccount } from '../api/create-account';
import { CODE_SENT_TOAST, signUpErrorText } from '../auth-messages';
import { useFormError } from '../hooks/use-form-error';
import { FormError } from './auth-card';
import { FormField, SubmitButton } from './form-parts';

const emptyValues: TSignUpFormInput = { userName: '', email: '', companyName: '', password: '', passwordConfirm: '' };

/**
 * The create-account form (spec 000 §2, §4, §5): validated on submit only, the user name lower-cased.
 * Success: the user is registered, the agency stored, the form reset, the code toast shown, and
 * `onRegistered` moves to the confirmation step. A failure shows under the form until the next edit.
 */
export function SignUpForm({ onRegistered }: { onRegistered: (userName: string) => void }) {
  const { error, clearError, attempt } = useFormError(signUpErrorText);
  const createAccount = useCreateAccount();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TSignUpFormInput, unknown, TSignUpForm>({
    resolver: zodResolver(ZSignUpForm),
    mode: SIGN_UP_VALIDATION_MODE,
    defaultValues: emptyValues,
  });

  const submit = async (values: TSignUpForm): Promise<void> => {
    if (!(await attempt(() => createAccount(values))).ok) return;
    reset(emptyValues);
    toaster.create({ type: 'success', title: CODE_SENT_TOAST, duration: TOAST_MS.default, closable: true });
    onRegistered(values.userName);
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Create an account">
      <Stack gap="4">
        <FormField label="Username" error={errors.userName?.message}>
          <Input autoComplete="off" autoCapitalize="none" {...register('userName', { onChange: clearError })} />
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="off" {...register('email', { onChange: clearError })} />
        </FormField>
        <FormField label="Company/Agency Name" error={errors.companyName?.message}>
          <Input autoComplete="off" {...register('companyName', { onChange: clearError })} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...register('password', { onChange: clearError })} />
        </FormField>
        <FormField label="Confirm Password" error={errors.passwordConfirm?.message}>
          <Input
            type="password"
            autoComplete="new-password"
            {...register('passwordConfirm', { onChange: clearError })}
          />
        </FormField>
        <SubmitButton loading={isSubmitting} loadingText="Creating account">
          Create Account
        </SubmitButton>
        <FormError message={error} />
      </Stack>
    </form>
  );
}
