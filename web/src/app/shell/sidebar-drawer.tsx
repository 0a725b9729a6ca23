import { Box, Button, CloseButton, Drawer, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { resetCampaignFlow, setCampaignSteps } from '@/lib/campaign-flow';
import { STORAGE_KEYS } from '@bidgrid/shared/constants';
import { sidebarEntries, type SidebarLink } from './sidebar-entries';

/**
 * The sidebar drawer (spec 000 §2): every entry in order, then Log out. Each in-app entry resets the
 * campaign state and steps before navigating (the ABM entry then sets the ABM step list).
 */
export function SidebarDrawer({
  open,
  onOpenChange,
  supportUrl,
  onLogOut,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  supportUrl: string;
  onLogOut: () => void;
}) {
  const location = useLocation();
  const startEntry = (entry: SidebarLink): void => {
    resetCampaignFlow();
    if (entry.isDynamicABA !== undefined) localStorage.setItem(STORAGE_KEYS.isDynamicABA, String(entry.isDynamicABA));
    if (entry.steps) setCampaignSteps(entry.steps);
    onOpenChange(false);
  };
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="2">
              <Box as="nav" aria-label="Main">
                <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
                  {sidebarEntries(supportUrl).map((entry) => (
                    <Box as="li" key={entry.label}>
                      {entry.kind === 'link' ? (
                        <Link
                          asChild
                          display="block"
                          px="3"
                          py="2"
                          rounded="l2"
                          color="fg"
                          fontWeight={location.pathname === entry.href ? 'semibold' : 'normal'}
                          bg={location.pathname === entry.href ? 'blue.50' : undefined}
                          _hover={{ bg: 'gray.100', textDecoration: 'none' }}
                        >
                          <RouterLink
                            to={entry.href}
                            state={entry.title ? { title: entry.title } : undefined}
                            aria-current={location.pathname === entry.href ? 'page' : undefined}
                            onClick={() => startEntry(entry)}
                          >
                            {entry.label}
                          </RouterLink>
                        </Link>
                      ) : (
                        <Link
                          href={entry.href}
                          target="_blank"
                          rel="noopener noreferrer"
                          display="block"
                          px="3"
                          py="2"
                          rounded="l2"
                          color="fg"
                          _hover={{ bg: 'gray.100', textDecoration: 'none' }}
                        >
                          {entry.label}
                          <Text as="span" srOnly>
                            {' '}
                            (opens in a new tab)
                          </Text>
                        </Link>
                      )}
                    </Box>
                  ))}
                  <Box as="li" mt="2">
                    <Button variant="ghost" width="full" justifyContent="flex-start" px="3" onClick={onLogOut}>
                      Log out
                    </Button>
                  </Box>
                </Stack>
              </Box>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
