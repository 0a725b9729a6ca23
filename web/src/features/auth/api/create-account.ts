import { useCallback } from 'react';
import { createAgency, getSignUpAccess } from '@bidgrid/shared/api/operations/agency.operations';
import type { TAgency, TAgencyCreate } from '@bidgrid/shared/entities/agency.schema';
import { newId } from '@bidgrid/shared/ids';
import type { TSignUpForm } from '@bidgrid/shared/validation/sign-up.schema';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { skipToken, useOperationQuery } from '@/lib/api/use-operation-query';
import { registerUser } from '@/lib/auth/sign-up';

/**
 * The agency record of a sign-up, exactly as spec 000 §3 builds it: a new `bgAgency-` id, the
 * lower-cased user name as `createdBy` and as the only entry of `users`, the e-mail, and the company
 * name as `name`.
 */
export function buildAgency(values: Pick<TSignUpForm, 'userName' | 'email' | 'companyName'>): TAgencyCreate {
  const userName = values.userName.toLowerCase();
  return {
    agencyId: newId('agency'),
    createdBy: userName,
    email: values.email,
    name: values.companyName,
    users: [userName],
  };
}

/**
 * Creates an account: registers the user with the identity provider, then stores the agency. The user
 * is registered first because that is where most refusals come from (a taken user name, the pool's
 * password policy); storing the agency first would leave an agency behind for a user who never existed
 * and block the user name for any retry.
 */
export function useCreateAccount(): (values: TSignUpForm) => Promise<TAgency> {
  const { mutate: storeAgency } = useOperationMutation(createAgency);
  return useCallback(
    async (values) => {
      await registerUser({ userName: values.userName.toLowerCase(), password: values.password, email: values.email });
      return storeAgency({ body: buildAgency(values) });
    },
    [storeAgency],
  );
}

/**
 * Whether the signed-in user (null: nobody, nothing asked) is on the agency-creation allow-list, as the
 * server answers. Asked anew each time the page opens (`network-only`): the list can change, and the cache
 * is cleared on sign-out, so another user never sees this user's answer.
 */
export const useSignUpAccessCheck = (userName: string | null) =>
  useOperationQuery(getSignUpAccess, userName ? {} : skipToken, { fetchPolicy: 'network-only' });
