import { now } from '@bidgrid/shared/clock';
import { createAgency as operation } from '@bidgrid/shared/agency/agency.operations';
import { cognitoUserDirectory } from '../adapters/cognito-users';
import { agencyRepository } from '../adapters/repositories/agency.repository';
import { signUpTicketRepository } from '../adapters/repositories/sign-up-ticket.repository';
import { config } from '../kernel/config';
import { createAgency } from '../domain/agency/create-agency.use-case';
import { httpHandler } from '../entry/http';

/** `POST /public/agency/create`: an allow-listed internal user creates the agency of the user its sign-up registered. */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  createAgency(
    { caller: { username: caller.username }, agency: body },
    {
      agencies: agencyRepository,
      tickets: signUpTicketRepository,
      users: cognitoUserDirectory,
      internalUsers: config().INTERNAL_USERS,
      now,
    },
  ),
);
