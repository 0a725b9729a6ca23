import { useLocation } from 'react-router-dom';
import { ComingSoonPage } from '@/components/coming-soon-page';

/**
 * Managed (ABM) campaign wizard (spec 001 §2). The dashboard card or sidebar entry passes its title in
 * router state. Built in a later release.
 */
export function Component() {
  const location = useLocation();
  const state: unknown = location.state;
  const title =
    typeof state === 'object' && state !== null && 'title' in state && typeof state.title === 'string'
      ? state.title
      : 'ABM Campaign';
  return <ComingSoonPage heading={title} />;
}
