import { ApolloClient, InMemoryCache } from '@apollo/client';
import { operationsByName } from '@bidgrid/shared/api/operations/index';
import { getApiClient } from './api-client';
import { createRestLink } from './rest-link';

/** Cache identities: entities keyed by their spec id field instead of `id`. */
export const createCache = (): InMemoryCache =>
  new InMemoryCache({
    typePolicies: {
      Agency: { keyFields: ['agencyId'] },
      // An advertiser updated by a call (card saved, CRM connected) refreshes every view of it. The card
      // summary is replaced whole, never merged field by field.
      Advertiser: { keyFields: ['bgAdvertiserId'], fields: { paymentMethod: { merge: false } } },
    },
  });

let client: ApolloClient | null = null;

/**
 * The app's Apollo Client (the data cache), created on first use over the configured API client.
 * This module is only imported lazily (after sign-in), so Apollo stays out of the login route's bundle.
 */
export function getApolloClient(): ApolloClient {
  client ??= new ApolloClient({
    // Resolved per call, so the link always uses the client installed at start (or by a test).
    link: createRestLink({
      client: { call: (operation, input) => getApiClient().call(operation, input) },
      operations: operationsByName,
    }),
    cache: createCache(),
  });
  return client;
}

/** Drops every cached result (sign-out resets all app state). */
export async function resetApolloClient(): Promise<void> {
  await client?.clearStore();
}
