import { CSV_MATCH_MAX_DOMAINS } from '@bidgrid/shared/constants';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { campaignCreationDeps } from '../adapters/wiring';
import { createCampaignFromChunk } from '../domain/campaigns/create-campaign-request.use-case';
import { wsHandler } from '../lib/ws';

/**
 * `createCampaign {creation payload}` -> `campaignCreated` (the campaign) or `campaignCreationError`,
 * with progress in line items. A payload of many companies comes in chunks of one call (`reqID`): the
 * last one makes the campaign. The Lambda runs on after API Gateway's 29 s; a concurrent call for the
 * same campaign id waits for the first one's campaign.
 */
export const handler = wsHandler(
  realtimeEventsByName.createCampaign,
  ({ input, caller, reqID, chunk, progress, log }) =>
    createCampaignFromChunk(
      {
        agencyId: caller.agencyId,
        username: caller.username,
        request: input,
        progress,
        callKey: `${caller.username}#${reqID}`,
        chunk,
        // Within the realtime Lambda's 300 s (stage config `realtimeTimeoutSeconds`): the bidder work
        // stops at 200 s and is undone, so nothing is ever cut off half made.
        waitMs: 240_000,
        limits: { maxCompanies: CSV_MATCH_MAX_DOMAINS, bidderWorkMs: 200_000 },
      },
      campaignCreationDeps(log),
    ),
);
