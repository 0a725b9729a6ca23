import { ApolloClient, InMemoryCache } from '@apollo/client';
import { isPaged, type AnyOperation, type InputOf, type ResponseOf } from '@bidgrid/shared/api/operation';
import { getApiClient, type OperationCaller, type PageReply } from './api-client';
import { operationDocument } from './operation-document';
import { createOperationLink } from './operation-link';
import { payloadOf } from './page-entry';

/**
 * An Apollo Client (the data cache) over an API client. Payloads are stored whole per (operation, input)
 * and never normalised: entities carry no common id, and a report differs per time frame, so each answer
 * keeps its own copy; a change updates or refreshes the answers it touches (see `cache-effects.ts`).
 */
export function createApolloClient(api: OperationCaller): ApolloClient {
  return new ApolloClient({ link: createOperationLink(api), cache: new InMemoryCache() });
}

let client: ApolloClient | null = null;

/**
 * The app's Apollo Client, created on first use over the configured API client. This module is only
 * imported lazily (after sign-in, or by an open page that calls the server), so Apollo stays out of the
 * login route's bundle.
 */
export function getApolloClient(): ApolloClient {
  // Resolved per call, so the link always uses the client installed at start (or by a test).
  client ??= createApolloClient({
    call: (operation, input) => getApiClient().call(operation, input),
    callPage: (operation, input) => getApiClient().callPage(operation, input),
  });
  return client;
}

/** Drops every cached result (sign-out resets all app state). */
export async function resetApolloClient(): Promise<void> {
  await client?.clearStore();
}

/**
 * Reads an operation through the cache from code that runs outside React's tree (session start), always
 * from the network, and leaves the answer in the cache where the screen's query hook finds it. Screens use
 * `useOperationQuery` instead.
 */
export async function queryOperation<O extends AnyOperation>(
  operation: O,
  input: InputOf<O>,
  apollo: ApolloClient = getApolloClient(),
): Promise<ResponseOf<O>> {
  const result = await apollo.query({
    query: operationDocument(operation, 'query'),
    variables: { input },
    fetchPolicy: 'network-only',
  });
  if (!result.data) throw result.error ?? new Error(`${operation.name} answered nothing.`);
  return payloadOf<ResponseOf<O>>(operation, result.data[operation.name]) as ResponseOf<O>;
}

/**
 * Puts an answer the server already gave inside another read (a first screen's part) into the cache, as
 * the operation's own read of `input` would have: a screen that asks for it then shows it on its first
 * render, with no request and no loading state. The answer was checked against its schema as part of
 * the read that carried it.
 */
export function writeCachedAnswer<O extends AnyOperation>(
  operation: O,
  input: InputOf<O>,
  page: PageReply<ResponseOf<O>>,
  apollo: ApolloClient = getApolloClient(),
): void {
  apollo.writeQuery({
    query: operationDocument(operation, 'query'),
    variables: { input },
    data: { [operation.name]: isPaged(operation) ? page : page.payload },
  });
}
