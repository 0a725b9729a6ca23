import { createContext, useContext, useSyncExternalStore } from 'react';
import type { RealtimeClient, TRealtimeState } from './realtime-client';

/** The tab's realtime client, provided to signed-in pages by `RealtimeProvider`. */
export const RealtimeContext = createContext<RealtimeClient | null>(null);

/** The realtime client; throws outside the provider (a wiring bug, not a user state). */
export function useRealtimeClient(): RealtimeClient {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtimeClient must be used inside RealtimeProvider.');
  return client;
}

/** The connection's state, re-rendering when it changes (a screen can show "reconnecting"). */
export function useRealtimeState(): TRealtimeState {
  const client = useRealtimeClient();
  return useSyncExternalStore(
    (listener) => client.subscribe(listener),
    () => client.state,
  );
}
