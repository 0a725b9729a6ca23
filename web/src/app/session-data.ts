import { getAgencyAssignedToUser, getPlaybooks } from '@bidgrid/shared/agency/agency.operations';
import type { TAgency } from '@bidgrid/shared/agency/agency.schema';
import { getApiClient } from '@/lib/api/api-client';
import { prefetchOperation } from '@/lib/api/prefetch';

/**
 * The session's data calls (spec 000 §4: the agency loaded by user name, the playbooks loaded), in a small
 * module the session provider imports lazily. They reach the server through the API client alone, without
 * the data cache: the agency goes into the session state, not to a screen, and Apollo's code need not be
 * in before the first page can be shown.
 */

/** Spec 000 §7: GET /agency/agencyassignedtouser/{username} (the server answers with the caller's own agency). */
export function loadAgency(userName: string): Promise<TAgency> {
  return getApiClient().call(getAgencyAssignedToUser, { params: { username: userName } });
}

/** Starts the playbooks' read: the dashboard's `usePlaybooks` takes the reply (see `prefetchOperation`). */
export function loadPlaybooks(): void {
  void prefetchOperation(getPlaybooks, {});
}

/**
 * Starts the session's reads for a user already signed in when the app starts, before the first render:
 * the session provider's own calls (`loadAgency`, `loadPlaybooks`) take the replies.
 */
export function prefetchSession(userName: string): void {
  void prefetchOperation(getAgencyAssignedToUser, { params: { username: userName } });
  loadPlaybooks();
}

/** Clears the data cache on sign-out (when a page has created it). */
export async function resetData(): Promise<void> {
  const { resetApolloClient } = await import('@/lib/api/apollo-client');
  await resetApolloClient();
}
