import { Box, Container, Flex, IconButton, Link } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useRef, useState, type RefObject } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { PRODUCT_NAME } from '@bidgrid/shared/constants';
import { paths } from '@/config/paths';
import { resetCampaignFlow } from '@/lib/campaign-flow';
import { useRuntimeConfig } from '@/lib/runtime-config-context';
import { useSession } from '@/lib/session/session-context';
import { usePageFocus } from './use-page-focus';

const SessionMenus = lazy(() => import('./session-menus'));

/** Skip link: the first focusable element, visible only when focused (keyboard users jump past the header). */
function SkipLink() {
  return (
    <Link
      href="#main-content"
      position="absolute"
      left="2"
      top="-40"
      zIndex="skipNav"
      bg="white"
      color="blue.800"
      px="4"
      py="2"
      rounded="l2"
      boxShadow="md"
      _focusVisible={{ top: '2' }}
    >
      Skip to main content
    </Link>
  );
}

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Moves the focus to the page's heading after a change of page (`usePageFocus`): a component of its own, so
 * that a change of address (a campaign picked writes the query) renders it alone, not the whole shell.
 */
function PageFocus({ main }: { main: RefObject<HTMLElement | null> }) {
  usePageFocus(main);
  return null;
}

/**
 * The app shell (spec 000 §2): header with the BidGrid logo (resets campaign-creation state, goes to
 * /dashboard), the menu button only when signed in (opens the sidebar drawer), and the main landmark,
 * whose heading takes the focus after each change of page (`usePageFocus`).
 */
export function AppShell() {
  const session = useSession();
  const config = useRuntimeConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuButtonElement = useCallback(() => menuButton.current, []);
  const main = useRef<HTMLElement>(null);

  return (
    <Flex direction="column" minH="100vh">
      <PageFocus main={main} />
      <SkipLink />
      <Box as="header" borderBottomWidth="1px" bg="white">
        <Container maxW="7xl">
          <Flex h="14" align="center" gap="3">
            {session.isAuthenticated ? (
              <IconButton ref={menuButton} aria-label="Open menu" variant="ghost" onClick={() => setMenuOpen(true)}>
                <MenuIcon />
              </IconButton>
            ) : null}
            <Link
              asChild
              fontSize="xl"
              fontWeight="bold"
              color="blue.800"
              letterSpacing="tight"
              _hover={{ textDecoration: 'none' }}
            >
              <RouterLink to={paths.dashboard.getHref()} onClick={resetCampaignFlow}>
                {PRODUCT_NAME}
              </RouterLink>
            </Link>
          </Flex>
        </Container>
      </Box>
      <Box
        ref={main}
        as="main"
        id="main-content"
        tabIndex={-1}
        flex="1"
        _focus={{ outline: 'none' }}
        // The heading takes the focus after a change of page (`usePageFocus`) only to be read out; it is
        // not a control, so it is not drawn as one.
        css={{ '& h1[tabindex="-1"]:focus': { outline: 'none' } }}
      >
        <Container maxW="7xl" py="6">
          <Outlet />
        </Container>
      </Box>
      {session.isAuthenticated ? (
        <Suspense fallback={null}>
          <SessionMenus
            menuOpen={menuOpen}
            onMenuOpenChange={setMenuOpen}
            logoutOpen={logoutOpen}
            onLogoutOpenChange={setLogoutOpen}
            supportUrl={config.supportUrl}
            menuButton={menuButtonElement}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
}

/** Pages without the shell (the CRM card picker): only a main landmark. */
export function BareLayout() {
  return (
    <Box as="main" id="main-content" p="4">
      <Outlet />
    </Box>
  );
}
