import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { campaignCreationDeps } from '../adapters/wiring';
import {
  createCampaignFromChunk,
  REALTIME_CREATE_MAX_COMPANIES,
} from '../domain/campaigns/create-campaign-request.use-case';
import { wsHandler } from '../entry/ws';
import { bidderWorkMs } from './timeouts';

/** The Lambda's time (`timeouts.ts`), less two minutes for undoing what was made when it runs out. */
const BIDDER_WORK_MS = bidderWorkMs('createCampaign', 120);

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
        // Within the Lambda's time (`timeouts.ts`): the bidder work stops two minutes before it and is
        // undone, so nothing is cut off half made; a Lambda killed anyway is undone by the recovery.
        waitMs: 240_000,
        limits: { maxCompanies: REALTIME_CREATE_MAX_COMPANIES, bidderWorkMs: BIDDER_WORK_MS },
      },
      campaignCreationDeps(log),
    ),
);
