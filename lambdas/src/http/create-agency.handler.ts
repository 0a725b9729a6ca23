import { createAgency as operation } from '@bidgrid/shared/api/operations/agency.operations';
import { agencyRepository } from '../adapters/repositories/agency.repository';
import { config } from '../config';
import { createAgency } from '../domain/create-agency.use-case';
import { httpHandler } from '../lib/http';

/** `POST /public/agency/create`: allow-listed internal users create an agency and its user mappings. */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  createAgency(
    { caller: { username: caller.username }, agency: body },
    { agencies: agencyRepository, internalUsers: config().INTERNAL_USERS, now: () => new Date() },
  ),
);
