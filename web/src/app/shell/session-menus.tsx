import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session/session-context';
import { LogoutDialog } from './logout-dialog';
import { SidebarDrawer } from './sidebar-drawer';

/**
 * The signed-in overlays of the shell: the sidebar drawer and the log-out confirmation. A module of its
 * own, loaded lazily, so the drawer and dialog machinery is not part of the login route.
 */
export default function SessionMenus({
  menuOpen,
  onMenuOpenChange,
  logoutOpen,
  onLogoutOpenChange,
  supportUrl,
  menuButton,
}: {
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  logoutOpen: boolean;
  onLogoutOpenChange: (open: boolean) => void;
  supportUrl: string;
  /** The header's menu button: where the focus goes back when log out is cancelled. */
  menuButton: () => HTMLElement | null;
}) {
  const session = useSession();
  const navigate = useNavigate();

  // Log out (spec 000 §2): sign out, clear local and session storage, reset all state, go to /.
  const logOut = async (): Promise<void> => {
    await session.signOut();
    onLogoutOpenChange(false);
    navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <>
      <SidebarDrawer
        open={menuOpen}
        onOpenChange={onMenuOpenChange}
        supportUrl={supportUrl}
        onLogOut={() => {
          onMenuOpenChange(false);
          onLogoutOpenChange(true);
        }}
      />
      <LogoutDialog open={logoutOpen} onOpenChange={onLogoutOpenChange} onConfirm={logOut} returnFocusTo={menuButton} />
    </>
  );
}
