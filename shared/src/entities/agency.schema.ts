import * as z from 'zod';
import { zId } from '../ids';
import { ZIsoDateTime, ZRequestText, ZUsername } from './common.schema';

/**
 * Agency (spec 000 §3). `users` holds lower-cased Cognito user names. The spec's client state also
 * keeps the agency's advertisers and playbooks beside it; those come from their own calls
 * (`listAdvertisersByAgency`, `getPlaybooks`), so the record does not embed them.
 */
export const ZAgency = z.object({
  agencyId: zId('agency'),
  /** The company name of the sign-up form, shown to the agency's users: cleaned like any name. */
  name: ZRequestText,
  email: z.email(),
  createdBy: ZUsername,
  users: z.array(ZUsername).min(1),
  createdAt: ZIsoDateTime.optional(),
});
export type TAgency = z.infer<typeof ZAgency>;

/**
 * The body of `POST /public/agency/create` as the sign-up form builds it (spec 000 §3: agencyId,
 * createdBy = lower-cased username, email, name = company name, users = [lower-cased username]).
 */
export const ZAgencyCreate = ZAgency.omit({ createdAt: true });
export type TAgencyCreate = z.infer<typeof ZAgencyCreate>;
