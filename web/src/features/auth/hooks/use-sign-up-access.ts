import { useCallback } from 'react';
import { providerMessage } from '@/lib/auth/cognito';
import { useSignUpAccessCheck } from '../api/create-account';

/** Where the allow-list check of the signed-in user stands. */
export type SignUpAccess =
  | { status: 'signed-out' }
  | { status: 'checking' }
  | { status: 'allowed' }
  | { status: 'refused' }
  | { status: 'failed'; message: string };

/**
 * Asks the server whether `userName` (the signed-in user, or null) may create agency accounts. `retry`
 * asks again after a failure.
 */
export function useSignUpAccess(userName: string | null): { access: SignUpAccess; retry: () => void } {
  const check = useSignUpAccessCheck(userName);
  const { refetch } = check;
  // A failed retry shows as the query's error; the API client already reported it.
  const retry = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  if (!userName) return { access: { status: 'signed-out' }, retry };
  if (check.loading || (!check.data && !check.error)) return { access: { status: 'checking' }, retry };
  if (check.error) return { access: { status: 'failed', message: providerMessage(check.error) }, retry };
  return { access: { status: check.data?.allowed ? 'allowed' : 'refused' }, retry };
}
