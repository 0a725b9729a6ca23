import { ApolloProvider } from '@apollo/client/react';
import { Outlet } from 'react-router-dom';
import { getApolloClient } from '@/lib/api/apollo-client';
import { FeatureSlotsContext } from '@/lib/feature-slots';
import { featureSlots } from '../feature-slots';

/**
 * Provides the Apollo cache to signed-in pages, and the feature slots their pages leave for other
 * features. Loaded lazily so Apollo is not part of the login route.
 */
export function Component() {
  return (
    <ApolloProvider client={getApolloClient()}>
      <FeatureSlotsContext.Provider value={featureSlots}>
        <Outlet />
      </FeatureSlotsContext.Provider>
    </ApolloProvider>
  );
}
