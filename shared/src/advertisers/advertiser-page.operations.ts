import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { zId } from '../ids';
import { DEFAULT_RANGE_TIME_FRAME, ZRangeTimeFrame } from '../common/common.schema';
import { ZAdvertiserPageFirstScreen } from './advertiser-page.schema';

export const getAdvertiserPageFirstScreen = defineOperation({
  name: 'getAdvertiserPageFirstScreen',
  method: 'GET',
  path: '/api/advertiser/firstscreen/{id}',
  auth: 'user',
  params: z.object({ id: zId('advertiser') }),
  query: z.object({
    timeFrame: z._default(ZRangeTimeFrame, DEFAULT_RANGE_TIME_FRAME),
    /** The dashboard's `campaignId` query parameter (000 §2), when the address has one. */
    campaignId: z.optional(zId('campaign')),
  }),
  response: ZAdvertiserPageFirstScreen,
  summary:
    "Ours (issue 15): the advertiser page's first screen in one read (the advertiser, its campaigns, and the shown campaign's line items, targeting, activity, ad groups and newest ad group's creatives), so the page waits for one round trip instead of a chain of three. Each part is what its own operation answers; another agency's advertiser answers 404.",
  specRef: 'ours (issue 15)',
});
