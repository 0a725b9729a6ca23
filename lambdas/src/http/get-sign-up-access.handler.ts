import { getSignUpAccess as operation } from '@bidgrid/shared/agency/agency.operations';
import { config } from '../kernel/config';
import { getSignUpAccess } from '../domain/agency/get-sign-up-access.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/agency/signupaccess`: whether the caller is on the agency-creation allow-list. */
export const { handler, raw } = httpHandler(operation, async ({ caller }) =>
  getSignUpAccess({ caller: { username: caller.username } }, { internalUsers: config().INTERNAL_USERS }),
);
