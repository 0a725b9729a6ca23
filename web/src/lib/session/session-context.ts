import { createContext, useContext } from 'react';
import type { TAgency } from '@bidgrid/shared/agency/agency.schema';

/**
 * The session of spec 000 §3/§4: who is signed in and their agency. The provider (app/) fills it;
 * guards, the shell and features read it through `useSession`.
 */
export interface SessionState {
  /** True once Amplify holds tokens for a current user. */
  isAuthenticated: boolean;
  /** True while the session (user, agency) is being checked or loaded. */
  isLoading: boolean;
  userName: string | null;
  /** Null when signed out, or signed in without an agency (the session-expired page). */
  agency: TAgency | null;
}

export interface SessionContextValue extends SessionState {
  /** Re-reads the current user and loads their agency (after sign-in). */
  refresh: () => Promise<void>;
  /** Signs out, clears local and session storage and every cached state. */
  signOut: () => Promise<void>;
}

export const signedOutSession: SessionState = {
  isAuthenticated: false,
  isLoading: false,
  userName: null,
  agency: null,
};

export const SessionContext = createContext<SessionContextValue | null>(null);

/** The current session; throws outside `SessionProvider` (a wiring bug, not a user state). */
export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider.');
  return value;
}
