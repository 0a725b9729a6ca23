import { getAgencyAssignedToUser as operation } from '@bidgrid/shared/agency/agency.operations';
import { agencyRepository } from '../adapters/repositories/agency.repository';
import { getAgencyAssignedToUser } from '../domain/agency/get-agency-assigned-to-user.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/agency/agencyassignedtouser/{username}`: the caller's agency; the path's user name is ignored. */
export const { handler, raw } = httpHandler(operation, ({ caller }) =>
  getAgencyAssignedToUser({ agencyId: caller.agencyId }, { agencies: agencyRepository }),
);
