import { useEffect, useState, type ReactNode } from 'react';
import { currentAccessToken, onTokenRefresh, refreshAccessToken } from '@/lib/auth/cognito';
import { whenIdle } from '../when-idle';
import { RealtimeClient } from './realtime-client';
import type { RealtimeClientOptions } from './realtime-client';
import { RealtimeContext } from './realtime-context';
import type { RealtimeError } from './realtime-errors';

export interface RealtimeProviderProps {
  /** The WebSocket API (runtime config `wsUrl`). */
  readonly url: string;
  /** The session is gone for good (no token, failed refresh): sign out. */
  readonly onSessionLost: () => void;
  /** Shows a failed call (the app's API-error toast). */
  readonly onError?: (error: RealtimeError) => void;
  /** Tests pass a fake socket. */
  readonly createSocket?: RealtimeClientOptions['createSocket'];
  readonly children: ReactNode;
}

/**
 * The signed-in tab's one realtime connection: opened when signed-in pages mount (after sign-in) and the
 * browser is idle, or at once by the first call,
 * re-authenticated whenever Amplify refreshes the token, reconnected at once when the browser is
 * back online, and closed when they unmount (sign-out). Lives in the signed-in layout's chunk, so
 * the login route never loads it.
 */
export function RealtimeProvider({ url, onSessionLost, onError, createSocket, children }: RealtimeProviderProps) {
  const [client] = useState(
    () =>
      new RealtimeClient({
        url,
        getToken: currentAccessToken,
        refreshToken: refreshAccessToken,
        onSessionLost: () => onSessionLost(),
        onError: (error) => onError?.(error),
        ...(createSocket ? { createSocket } : {}),
      }),
  );

  useEffect(() => {
    // Opened once the page is idle: a call made before that opens it at once (calls queue until then),
    // and a page's first reads and render need the browser and the server more than the connection does.
    const cancelStart = whenIdle(() => client.start());
    const stopListening = onTokenRefresh(() => void client.renew());
    const online = (): void => void client.renew();
    window.addEventListener('online', online);
    return () => {
      cancelStart();
      stopListening();
      window.removeEventListener('online', online);
      client.stop();
    };
  }, [client]);

  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}
