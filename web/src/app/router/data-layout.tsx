import { ApolloProvider } from '@apollo/client/react';
import { Outlet } from 'react-router-dom';
import { getApolloClient } from '@/lib/api/apollo-client';
import { reportApiError } from '@/lib/api/api-error';
import { FeatureSlotsContext } from '@/lib/feature-slots';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider';
import { useRuntimeConfig } from '@/lib/runtime-config-context';
import { useSession } from '@/lib/session/session-context';
import { featureSlots } from '../feature-slots';

/**
 * Provides the Apollo cache and the tab's realtime connection to signed-in pages, and the feature
 * slots their pages leave for other features. Loaded lazily, after sign-in, so neither Apollo nor the
 * realtime client is part of the login route.
 */
export function Component() {
  const { wsUrl } = useRuntimeConfig();
  const { signOut } = useSession();
  return (
    <ApolloProvider client={getApolloClient()}>
      <RealtimeProvider
        url={wsUrl}
        onSessionLost={() => void signOut()}
        onError={(error) => reportApiError(error.message)}
      >
        <FeatureSlotsContext.Provider value={featureSlots}>
          <Outlet />
        </FeatureSlotsContext.Provider>
      </RealtimeProvider>
    </ApolloProvider>
  );
}
