import { useState } from 'react';
import { providerMessage } from '@/lib/auth/cognito';

/** What {@link useFormError}'s `attempt` gives back: the call's value, or that it failed. */
export type TAttempt<T> = { ok: true; value: T } | { ok: false };

/**
 * The form-level error of an auth form (spec 000 §4, §8): `attempt` clears it, runs an identity
 * provider call and, if the call throws, shows `errorText` of the provider's message until
 * `clearError` (wired to the fields' onChange) or the next attempt.
 */
export function useFormError(errorText: (message: string) => string) {
  const [error, setError] = useState<string | null>(null);
  const clearError = (): void => setError(null);
  const attempt = async <T>(call: () => Promise<T>): Promise<TAttempt<T>> => {
    setError(null);
    try {
      return { ok: true, value: await call() };
    } catch (caught) {
      setError(errorText(providerMessage(caught)));
      return { ok: false };
    }
  };
  return { error, clearError, attempt };
}
