import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '@bidgrid/shared/constants';
import { clearApiError } from '@/lib/api/api-error';
import { currentAccessToken, currentUserName, signOutUser } from '@/lib/auth/cognito';
import { resetCampaignFlow } from '@/lib/campaign-flow';
import {
  SessionContext,
  signedOutSession,
  useSession,
  type SessionContextValue,
  type SessionState,
} from '@/lib/session/session-context';
import { onSessionLost } from './bootstrap/configure';
import { LazyToaster } from './lazy-toaster';

/**
 * Holds the session (spec 000 §4): on start, and after sign-in, the current identity-provider user is
 * read ('No current user' = signed out), the agency is loaded by user name, the user name is saved, and
 * the playbooks are loaded (`session-data.ts`, imported lazily once a user exists).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ ...signedOutSession, isLoading: true });
  // A newer load or a sign-out wins over an older load still in flight.
  const generation = useRef(0);

  // Reads the session for the load numbered `current`, unless a newer one started meanwhile.
  const load = useCallback(async (current: number) => {
    const userName = await currentUserName();
    if (current !== generation.current) return;
    if (!userName) {
      setState(signedOutSession);
      return;
    }
    let agency: SessionState['agency'] = null;
    try {
      await currentAccessToken();
      const { loadAgency, loadPlaybooks } = await import('./session-data');
      // The playbooks are on their way beside the agency; the session waits for the agency alone.
      loadPlaybooks();
      agency = await loadAgency(userName);
      localStorage.setItem(STORAGE_KEYS.userName, userName);
    } catch (error) {
      // Without an agency the protected pages show the session-expired text.
      console.warn('The agency of the current user could not be loaded.', error);
    }
    if (current !== generation.current) return;
    setState({ isAuthenticated: true, isLoading: false, userName, agency });
  }, []);

  const refresh = useCallback(async () => {
    const current = ++generation.current;
    setState((previous) => ({ ...previous, isLoading: true }));
    await load(current);
  }, [load]);

  const signOut = useCallback(async () => {
    generation.current++;
    await signOutUser();
    localStorage.clear();
    sessionStorage.clear();
    resetCampaignFlow();
    clearApiError();
    const { resetData } = await import('./session-data');
    await resetData().catch((error: unknown) => console.warn('The data cache could not be cleared.', error));
    setState(signedOutSession);
  }, []);

  // On start the state is loading already.
  useEffect(() => {
    void load(++generation.current);
  }, [load]);

  // The API client gives up on the session when a forced refresh fails: sign out everywhere in the app.
  useEffect(() => onSessionLost(signOut), [signOut]);

  const value = useMemo<SessionContextValue>(() => ({ ...state, refresh, signOut }), [state, refresh, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The toast region: mounted for signed-in users at once, for others on their first toast. */
export function SessionToaster() {
  const { isAuthenticated } = useSession();
  return <LazyToaster eager={isAuthenticated} />;
}
