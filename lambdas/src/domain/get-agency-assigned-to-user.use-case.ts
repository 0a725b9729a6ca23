import type { TAgency } from '@bidgrid/shared/entities/agency.schema';
import { NotFoundError } from '../lib/errors';

/** Port: reads an agency by id. */
export interface AgencyReader {
  getAgency(agencyId: string): Promise<TAgency | null>;
}

/**
 * The caller's own agency. The route carries a user name, but only the agency resolved from the
 * caller's token counts: asking with another user's name still answers the caller's agency.
 */
export async function getAgencyAssignedToUser(
  input: { agencyId: string },
  deps: { agencies: AgencyReader },
): Promise<TAgency> {
  const agency = await deps.agencies.getAgency(input.agencyId);
  if (!agency) {
    throw new NotFoundError('Agency not found.', { internalMessage: `Agency ${input.agencyId} has no item` });
  }
  return agency;
}
