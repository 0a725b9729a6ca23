import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/session-context';

/** Spec 000 §2, quoted. */
export const SESSION_EXPIRED_TEXT = 'Your session is expired, To continue, please refresh the page.';

/** Public-only routes (login, password reset): a signed-in user goes to /dashboard. */
export function PublicOnlyGuard() {
  const { isAuthenticated, isLoading } = useSession();
  if (isAuthenticated) return <Navigate to={paths.dashboard.getHref()} replace />;
  if (isLoading) return <PageLoader label="Checking your session…" />;
  return <Outlet />;
}

/**
 * Protected routes: a loader while the session is checked, signed-out users go to / (remembering where
 * they were headed), and a session without an agency shows the session-expired text.
 */
export function ProtectedGuard() {
  const { isAuthenticated, isLoading, agency } = useSession();
  const location = useLocation();
  if (isLoading) return <PageLoader label="Checking your session…" />;
  if (!isAuthenticated) return <Navigate to={paths.login.getHref()} replace state={{ from: location }} />;
  if (!agency) return <SessionExpired />;
  return <Outlet />;
}

/** The third guard kind: open to everyone; pages that care (sign-up) read the session themselves. */
export function OpenGuard() {
  return <Outlet />;
}

function SessionExpired() {
  return (
    <Stack gap="4" py="10" align="flex-start" role="alert">
      <Heading as="h1" size="lg">
        Session expired
      </Heading>
      <Text>{SESSION_EXPIRED_TEXT}</Text>
      <Button colorPalette="blue" onClick={() => window.location.reload()}>
        Refresh the page
      </Button>
    </Stack>
  );
}
