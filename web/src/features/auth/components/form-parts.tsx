import { Button, Field } from '@chakra-ui/react';
import { useState } from 'react';
import type { ReactNode } from 'react';

// The login route's forms (login-form, new-password-form) keep their own markup on purpose: any module
// they shared with the sign-up and reset routes becomes a chunk of its own, and that chunk's import
// preamble costs the size-capped login route more gzip bytes (~0.8 KB measured) than the fold saves.

/**
 * A labelled field of the auth forms: the label names the control passed as `children` (an
 * `<Input {...register(...)} />`), and the field's validation message shows under it.
 */
export function FormField({ label, error, children }: { label: string; error?: string; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      {children}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** The primary button of an auth form; `loadingText` replaces the label while the form submits. */
export function SubmitButton({
  loading,
  loadingText,
  children,
}: {
  loading: boolean;
  loadingText: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" colorPalette="blue" loading={loading} loadingText={loadingText}>
      {children}
    </Button>
  );
}

/**
 * The secondary "send the code again" button of the code steps. It shows 'Sending' until
 * `onResend` settles; `onResend` reports its own failures, so none reaches the button.
 */
export function ResendButton({ onResend, children }: { onResend: () => Promise<void>; children: ReactNode }) {
  const [resending, setResending] = useState(false);
  const resend = async (): Promise<void> => {
    setResending(true);
    try {
      await onResend();
    } finally {
      setResending(false);
    }
  };
  return (
    <Button
      type="button"
      variant="ghost"
      colorPalette="blue"
      loading={resending}
      loadingText="Sending"
      onClick={() => void resend()}
    >
      {children}
    </Button>
  );
}
