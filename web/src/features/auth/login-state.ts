/**
 * What other auth pages hand to the login page in router state: the user name to prefill and a notice
 * to show above the form (after a password reset or a confirmed sign-up, "success back to sign-in").
 */
export interface LoginRouteState {
  userName?: string;
  notice?: string;
}

/** Reads the state defensively: router state survives reloads and may hold anything. */
export function readLoginState(state: unknown): LoginRouteState {
  if (typeof state !== 'object' || state === null) return {};
  const { userName, notice } = state as Record<string, unknown>;
  return {
    ...(typeof userName === 'string' ? { userName } : {}),
    ...(typeof notice === 'string' ? { notice } : {}),
  };
}
