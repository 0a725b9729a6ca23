import type { TAgency } from '@bidgrid/shared/agency/agency.schema';
import { NotFoundError } from '../../kernel/errors';
import type { AgencyRepository } from '../ports/agency.port';

/**
 * The caller's own agency. The route carries a user name, but only the agency resolved from the
 * caller's token counts: asking with another user's name still answers the caller's agency.
 */
export async function getAgencyAssignedToUser(
  input: { agencyId: string },
  deps: { agencies: Pick<AgencyRepository, 'getAgency'> },
): Promise<TAgency> {
  const agency = await deps.agencies.getAgency(input.agencyId);
  if (!agency) {
    throw new NotFoundError('Agency not found.', { internalMessage: `Agency ${input.agencyId} has no item` });
  }
  return agency;
}
