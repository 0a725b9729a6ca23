import { useCallback, useEffect, useState } from 'react';
import { providerMessage } from '@/lib/auth/cognito';
import { fetchSignUpAccess } from '../api/create-account';

/** Where the allow-list check of the signed-in user stands. */
export type SignUpAccess =
  | { status: 'signed-out' }
  | { status: 'checking' }
  | { status: 'allowed' }
  | { status: 'refused' }
  | { status: 'failed'; message: string };

/**
 * Asks the server whether `userName` (the signed-in user, or null) may create agency accounts. The
 * answer is per user: a sign-out or another user starts over. `retry` asks again after a failure.
 */
export function useSignUpAccess(userName: string | null): { access: SignUpAccess; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; access: SignUpAccess } | null>(null);
  const key = `${userName ?? ''}#${attempt}`;

  useEffect(() => {
    if (!userName) return undefined;
    let current = true;
    fetchSignUpAccess().then(
      (allowed) => {
        if (current) setResult({ key, access: { status: allowed ? 'allowed' : 'refused' } });
      },
      (error: unknown) => {
        if (current) setResult({ key, access: { status: 'failed', message: providerMessage(error) } });
      },
    );
    return () => {
      current = false;
    };
  }, [userName, key]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  if (!userName) return { access: { status: 'signed-out' }, retry };
  // A stored answer for an older user or attempt is never shown.
  if (!result || result.key !== key) return { access: { status: 'checking' }, retry };
  return { access: result.access, retry };
}
