import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TOAST_MS } from '@bidgrid/shared/constants';
import {
  SIGN_UP_VALIDATION_MODE,
  ZSignUpForm,
  type TSignUpForm,
  type TSignUpFormInput,
} from '@bidgrid/shared/validation/sign-up.schema';
import { providerMessage } from '@/lib/auth/cognito';
import { toaster } from '@/lib/toaster';
import { createAccount } from '../api/create-account';
import { CODE_SENT_TOAST, signUpErrorText } from '../auth-messages';
import { FormError } from './auth-card';

const emptyValues: TSignUpFormInput = { userName: '', email: '', companyName: '', password: '', passwordConfirm: '' };

/**
 * The create-account form (spec 000 §2, §4, §5): validated on submit only, the user name lower-cased.
 * Success: the user is registered, the agency stored, the form reset, the code toast shown, and
 * `onRegistered` moves to the confirmation step. A failure shows under the form until the next edit.
 */
export function SignUpForm({ onRegistered }: { onRegistered: (userName: string) => void }) {
  const [error, setError] = useState<string | null>(null);
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
  const clearError = (): void => setError(null);

  const submit = async (values: TSignUpForm): Promise<void> => {
    setError(null);
    try {
      await createAccount(values);
    } catch (caught) {
      setError(signUpErrorText(providerMessage(caught)));
      return;
    }
    reset(emptyValues);
    toaster.create({ type: 'success', title: CODE_SENT_TOAST, duration: TOAST_MS.default, closable: true });
    onRegistered(values.userName);
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Create an account">
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.userName)}>
          <Field.Label>Username</Field.Label>
          <Input autoComplete="off" autoCapitalize="none" {...register('userName', { onChange: clearError })} />
          <Field.ErrorText>{errors.userName?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.email)}>
          <Field.Label>Email</Field.Label>
          <Input type="email" autoComplete="off" {...register('email', { onChange: clearError })} />
          <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.companyName)}>
          <Field.Label>Company/Agency Name</Field.Label>
          <Input autoComplete="off" {...register('companyName', { onChange: clearError })} />
          <Field.ErrorText>{errors.companyName?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>Password</Field.Label>
          <Input type="password" autoComplete="new-password" {...register('password', { onChange: clearError })} />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.passwordConfirm)}>
          <Field.Label>Confirm Password</Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            {...register('passwordConfirm', { onChange: clearError })}
          />
          <Field.ErrorText>{errors.passwordConfirm?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" loading={isSubmitting} loadingText="Creating account">
          Create Account
        </Button>
        <FormError message={error} />
      </Stack>
    </form>
  );
}
