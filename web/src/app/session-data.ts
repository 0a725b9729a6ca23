import { getAgencyAssignedToUser, getPlaybooks } from '@bidgrid/shared/api/operations/agency.operations';
import type { TAgency } from '@bidgrid/shared/entities/agency.schema';
import { queryOperation, resetApolloClient } from '@/lib/api/apollo-client';

/**
 * The session's data calls, in a module the session provider imports lazily: Apollo is only downloaded
 * once a user is signed in. They are the only imperative reads of the app: they run in the session
 * provider's start-up, outside any screen and before the data layout (the Apollo provider of the pages)
 * exists, and the agency goes into the session state, not to a screen. They still go through the cache,
 * so the dashboard finds the playbooks there.
 */

/** Spec 000 §7: GET /agency/agencyassignedtouser/{username} (the server answers with the caller's own agency). */
export function loadAgency(userName: string): Promise<TAgency> {
  return queryOperation(getAgencyAssignedToUser, { params: { username: userName } });
}

/** Loads the playbooks into the cache, where the dashboard reads them. */
export async function loadPlaybooks(): Promise<void> {
  await queryOperation(getPlaybooks, {});
}

/** Clears the data cache on sign-out. */
export function resetData(): Promise<void> {
  return resetApolloClient();
}
