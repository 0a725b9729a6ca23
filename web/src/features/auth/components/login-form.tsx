import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { ZLoginForm, type TLoginForm, type TLoginFormInput } from '@bidgrid/shared/agency/login.schema';
import { paths } from '@/config/paths';
import { providerMessage, signInWithPassword, type SignInOutcome } from '@/lib/auth/cognito';

/** Spec 000 §8: the login failure text, with the identity provider's message. */
export const loginErrorText = (message: string): string => `There was an error logging in: ${message}`;

/**
 * Username + Password with the shared login rules ('Required field.'). On failure the form resets and
 * the error shows until the user types again (spec 000 §4).
 */
export function LoginForm({
  onOutcome,
  initialUserName = '',
}: {
  onOutcome: (outcome: SignInOutcome) => Promise<void> | void;
  /** Prefilled after a password reset or a confirmed sign-up. */
  initialUserName?: string;
}) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TLoginFormInput, unknown, TLoginForm>({
    resolver: zodResolver(ZLoginForm),
    defaultValues: { userName: initialUserName, password: '' },
  });
  const clearError = (): void => setError(null);

  const submit = async (values: TLoginForm): Promise<void> => {
    setError(null);
    let outcome: SignInOutcome;
    try {
      outcome = await signInWithPassword(values.userName, values.password);
    } catch (caught) {
      // Spec 000 §4: on error the form resets (to empty, not to the prefilled name).
      reset({ userName: '', password: '' });
      setError(loginErrorText(providerMessage(caught)));
      return;
    }
    reset({ userName: '', password: '' });
    await onOutcome(outcome);
  };

  return (
    <form onSubmit={handleSubmit(submit)} noValidate aria-label="Log in">
      <Stack gap="4">
        {error ? (
          <Text role="alert" color="fg.error" fontWeight="medium">
            {error}
          </Text>
        ) : null}
        <Field.Root invalid={Boolean(errors.userName)}>
          <Field.Label>Username</Field.Label>
          <Input autoComplete="username" autoCapitalize="none" {...register('userName', { onChange: clearError })} />
          <Field.ErrorText>{errors.userName?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>Password</Field.Label>
          <Input type="password" autoComplete="current-password" {...register('password', { onChange: clearError })} />
          <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" loading={isSubmitting} loadingText="Logging in">
          Log in
        </Button>
        <Link asChild alignSelf="center" color="blue.700">
          <RouterLink to={paths.requestPasswordReset.getHref()}>Forgot Password?</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}
