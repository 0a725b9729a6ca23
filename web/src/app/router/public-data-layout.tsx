import { ApolloProvider } from '@apollo/client/react';
import { Outlet } from 'react-router-dom';
import { getApolloClient } from '@/lib/api/apollo-client';

/**
 * Provides the Apollo cache to the bare public pages that call the server (the CRM card's campaign
 * picker, opened in the CRM's iframe without a login). Unlike the signed-in data layout it opens no
 * realtime connection (there is no user token to open it with) and loads no feature slots, so the page
 * stays light.
 */
export function Component() {
  return (
    <ApolloProvider client={getApolloClient()}>
      <Outlet />
    </ApolloProvider>
  );
}
