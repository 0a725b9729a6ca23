import { useCallback } from 'react';
import { createAgency, getSignUpAccess, issueSignUpTicket } from '@bidgrid/shared/agency/agency.operations';
import type { TAgency, TAgencyCreate } from '@bidgrid/shared/agency/agency.schema';
import { newId } from '@bidgrid/shared/ids';
import type { TSignUpForm } from '@bidgrid/shared/agency/sign-up.schema';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { skipToken, useOperationQuery } from '@/lib/api/use-operation-query';
import { registerUser } from '@/lib/auth/sign-up';

/**
 * The agency record of a sign-up, exactly as spec 000 §3 builds it: a new `bgAgency-` id, the
 * lower-cased user name as `createdBy` and as the only entry of `users`, the e-mail, and the company
 * name as `name`; plus the ticket of the sign-up that registered that user (the server creates the
 * agency of that user only).
 */
export function buildAgency(
  values: Pick<TSignUpForm, 'userName' | 'email' | 'companyName'>,
  signUpTicket: string,
): TAgencyCreate {
  const userName = values.userName.toLowerCase();
  return {
    agencyId: newId('agency'),
    createdBy: userName,
    email: values.email,
    name: values.companyName,
    users: [userName],
    signUpTicket,
  };
}

/**
 * Creates an account: asks the API for a sign-up ticket for this user name and e-mail (only the
 * allow-listed internal users get one; the user pool refuses sign-ups without it), registers the user
 * with the identity provider using it, then stores the agency of that user with the same ticket. The
 * user is registered before the agency because that is where most refusals come from (a taken user
 * name, the pool's password policy); the server would not create an agency for a user never made.
 */
export function useCreateAccount(): (values: TSignUpForm) => Promise<TAgency> {
  const { mutate: issueTicket } = useOperationMutation(issueSignUpTicket);
  const { mutate: storeAgency } = useOperationMutation(createAgency);
  return useCallback(
    async (values) => {
      const userName = values.userName.toLowerCase();
      const { signUpTicket } = await issueTicket({ body: { userName, email: values.email } });
      await registerUser({ userName, password: values.password, email: values.email, signUpTicket });
      return storeAgency({ body: buildAgency(values, signUpTicket) });
    },
    [issueTicket, storeAgency],
  );
}

/**
 * Whether the signed-in user (null: nobody, nothing asked) is on the agency-creation allow-list, as the
 * server answers. Asked anew each time the page opens (`network-only`): the list can change, and the cache
 * is cleared on sign-out, so another user never sees this user's answer.
 */
export const useSignUpAccessCheck = (userName: string | null) =>
  useOperationQuery(getSignUpAccess, userName ? {} : skipToken, { fetchPolicy: 'network-only' });
