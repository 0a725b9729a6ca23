import { ApolloProvider } from '@apollo/client/react';
import { Outlet } from 'react-router-dom';
import { getApolloClient } from '@/lib/api/apollo-client';

/** Provides the Apollo cache to signed-in pages. Loaded lazily so Apollo is not part of the login route. */
export function Component() {
  return (
    <ApolloProvider client={getApolloClient()}>
      <Outlet />
    </ApolloProvider>
  );
}
