import { defineOperation } from '../api/operation';
import { ZAdvertiser } from './advertiser.schema';
import { ZAdvertiserCreate } from './advertiser-create.schema';

/**
 * The advertiser feature's create call, apart from its reads (`advertiser.operations.ts`): its body
 * checks the phone with libphonenumber, which only the create form and the create handler should load.
 * The `advertiser` namespace of the operation table holds both files' calls.
 */
export const createAdvertiser = defineOperation({
  name: 'createAdvertiser',
  method: 'POST',
  path: '/api/advertiser/create',
  auth: 'user',
  body: ZAdvertiserCreate,
  response: ZAdvertiser,
  summary:
    "Creates an advertiser in the caller's agency and at the bidder (category 'IAB3'); createdBy and parentAgencyId come from the token. The phone must be a valid number (US without '+') and is stored in E.164.",
  specRef: '000 §7',
});
