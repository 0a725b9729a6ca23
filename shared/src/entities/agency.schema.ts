import { z } from 'zod';
import { ID_PREFIX } from '../constants';

/** Agency (spec 000 §3). `users` holds lower-cased Cognito user names. */
export const ZAgency = z.object({
  agencyId: z.string().startsWith(ID_PREFIX.agency),
  name: z.string().min(1),
  email: z.email(),
  createdBy: z.string().min(1),
  users: z.array(z.string().min(1)).min(1),
  createdAt: z.iso.datetime().optional(),
});
export type TAgency = z.infer<typeof ZAgency>;

/**
 * The body of `POST /public/agency/create` as the sign-up form builds it (spec 000 §3: agencyId,
 * createdBy = lower-cased username, email, name = company name, users = [lower-cased username]).
 */
export const ZAgencyCreate = ZAgency.omit({ createdAt: true });
export type TAgencyCreate = z.infer<typeof ZAgencyCreate>;
