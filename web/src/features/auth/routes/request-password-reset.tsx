import { Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PASSWORD_RESET_NOTICE } from '../auth-messages';
import { AuthCard } from '../components/auth-card';
import { ResetConfirmForm } from '../components/reset-confirm-form';
import { ResetRequestForm } from '../components/reset-request-form';
import type { LoginRouteState } from '../login-state';

/**
 * Password reset at /request-password-reset (spec 000 §2, §5, §8). Without `userName` in the query:
 * the request form. With it: code + new password. Success goes back to sign-in with the user name
 * filled in. The heading is ours (the spec names none).
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const userName = searchParams.get('userName')?.trim() ?? '';

  const backToSignIn = (): void => {
    const state: LoginRouteState = { userName, notice: PASSWORD_RESET_NOTICE };
    navigate(paths.login.getHref(), { replace: true, state });
  };

  return (
    <AuthCard heading="Reset Password">
      <Stack gap="6">
        {userName ? (
          // Keyed by user name: another user's code step starts empty.
          <ResetConfirmForm key={userName} userName={userName} onDone={backToSignIn} />
        ) : (
          <ResetRequestForm onSent={(name) => navigate(paths.requestPasswordReset.getHref(name))} />
        )}
        <Stack gap="2" align="center">
          {userName ? (
            <Link asChild color="blue.700">
              <RouterLink to={paths.requestPasswordReset.getHref()}>Use another username</RouterLink>
            </Link>
          ) : null}
          <Link asChild color="blue.700">
            <RouterLink to={paths.login.getHref()}>Back to Log in</RouterLink>
          </Link>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
