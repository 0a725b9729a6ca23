import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { PRODUCT_NAME } from '@bidgrid/shared/constants';
import { ErrorState } from '@/components/data-states';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/session-context';
import { accountConfirmedNotice } from '../auth-messages';
import { AuthCard, FormNotice } from '../components/auth-card';
import { ConfirmSignUp } from '../components/confirm-sign-up';
import { SignUpForm } from '../components/sign-up-form';
import { useSignUpAccess } from '../hooks/use-sign-up-access';
import type { LoginRouteState } from '../login-state';

/** Spec 000 §2 'Join the product', with the product's name. */
export const SIGN_UP_HEADING = `Join ${PRODUCT_NAME}`;

/** Spec 000 §2: the links back to sign-in ('Already have an account?' and 'Log in', both to /). */
function LogInLinks() {
  return (
    <Text textAlign="center">
      <Link asChild color="blue.700">
        <RouterLink to={paths.login.getHref()}>Already have an account? Log in</RouterLink>
      </Link>
    </Text>
  );
}

/**
 * Create account at /bgsignup (spec 000 §2, §4, §5, §8). Open to everyone (the "third guard kind"), but
 * the form shows only to the allow-listed internal users, as the server answers for the signed-in user.
 * With `userName` in the query it is the confirmation-code step, for whoever holds the code.
 */
export function Component() {
  const [searchParams] = useSearchParams();
  const userName = searchParams.get('userName')?.trim().toLowerCase() ?? '';
  return (
    <AuthCard heading={SIGN_UP_HEADING}>
      {userName ? <ConfirmationStep key={userName} userName={userName} /> : <CreateAccountStep />}
    </AuthCard>
  );
}

function CreateAccountStep() {
  const session = useSession();
  const navigate = useNavigate();
  const { access, retry } = useSignUpAccess(session.isAuthenticated ? session.userName : null);

  if (session.isLoading || access.status === 'checking') return <PageLoader label="Checking your access…" />;
  if (access.status === 'signed-out') {
    return (
      <Stack gap="4">
        <Text>
          Agency accounts are created by the {PRODUCT_NAME} team. If you are on it, log in first and come back to this
          page.
        </Text>
        <LogInLinks />
      </Stack>
    );
  }
  if (access.status === 'refused') {
    return (
      <Stack gap="4" role="status">
        <Text>
          Only the {PRODUCT_NAME} team can create agency accounts, and <strong>{session.userName}</strong> is not on it.
        </Text>
        <Text>To add an agency, ask your {PRODUCT_NAME} account manager.</Text>
      </Stack>
    );
  }
  if (access.status === 'failed') {
    return (
      <ErrorState
        title="We could not check whether you can create accounts."
        message={access.message}
        onRetry={retry}
      />
    );
  }
  return (
    <Stack gap="6">
      <SignUpForm onRegistered={(name) => navigate(paths.signUp.getHref(name))} />
      <LogInLinks />
    </Stack>
  );
}

function ConfirmationStep({ userName }: { userName: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [confirmed, setConfirmed] = useState(false);
  const [leaving, setLeaving] = useState(false);

  // "Then sign-in": the new user logs in on the login page, with the name filled in. Whoever is signed
  // in here (the internal user who created the account) is signed out first.
  const logInAsNewUser = async (): Promise<void> => {
    setLeaving(true);
    if (session.isAuthenticated) await session.signOut();
    const state: LoginRouteState = { userName, notice: accountConfirmedNotice(userName) };
    navigate(paths.login.getHref(), { replace: true, state });
  };

  if (!confirmed) return <ConfirmSignUp userName={userName} onConfirmed={() => setConfirmed(true)} />;
  const signedInAs = session.isAuthenticated ? session.userName : null;
  return (
    <Stack gap="4">
      <FormNotice message={`The account ${userName} is confirmed.`} />
      {signedInAs ? <Text>{`You will be logged out of ${signedInAs} first.`}</Text> : null}
      <Button colorPalette="blue" loading={leaving} onClick={() => void logInAsNewUser()}>
        {`Log in as ${userName}`}
      </Button>
      {signedInAs ? (
        <Link asChild color="blue.700" alignSelf="center">
          <RouterLink to={paths.signUp.getHref()}>Create another account</RouterLink>
        </Link>
      ) : null}
    </Stack>
  );
}
