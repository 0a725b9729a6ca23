import { gql, type TypedDocumentNode } from '@apollo/client';
import type { TAgency } from '@bidgrid/shared/entities/agency.schema';
import { getApolloClient, resetApolloClient } from '@/lib/api/apollo-client';
import { PLAYBOOKS_QUERY } from '@/features/dashboard/api/playbooks.query';

/**
 * The session's data calls, in a module the session provider imports lazily: Apollo and the operation
 * table are only downloaded once a user is signed in.
 */
interface AgencyData {
  agency: TAgency;
}

/** Spec 000 §7: GET /agency/agencyassignedtouser/{username} (the server answers with the caller's own agency). */
export const AGENCY_QUERY: TypedDocumentNode<AgencyData, { userName: string }> = gql`
  query SessionAgency($userName: String!) {
    agency(params: { username: $userName }) @rest(operation: "getAgencyAssignedToUser", type: "Agency") {
      agencyId
      name
      email
      createdBy
      users
    }
  }
`;

/** Loads the agency of the signed-in user (and caches it). */
export async function loadAgency(userName: string): Promise<TAgency> {
  const result = await getApolloClient().query({
    query: AGENCY_QUERY,
    variables: { userName },
    fetchPolicy: 'network-only',
  });
  if (!result.data) throw result.error ?? new Error('No agency returned.');
  return result.data.agency;
}

/** Loads the playbooks into the cache, where the dashboard reads them. */
export async function loadPlaybooks(): Promise<void> {
  const result = await getApolloClient().query({ query: PLAYBOOKS_QUERY, fetchPolicy: 'network-only' });
  if (result.error) throw result.error;
}

/** Clears the data cache on sign-out. */
export function resetData(): Promise<void> {
  return resetApolloClient();
}
