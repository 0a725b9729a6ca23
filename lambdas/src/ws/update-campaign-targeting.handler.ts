import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { campaignTargetingChangeDeps } from '../adapters/wiring';
import { changeCampaignTargeting } from '../domain/campaigns/change-campaign-targeting.use-case';
import { matchingRunKey } from '../domain/targeting/match-companies.use-case';
import { wsHandler } from '../entry/ws';
import { bidderWorkMs } from './timeouts';

/**
 * `updateCampaignTargeting {change}` -> `campaignTargetingUpdated` or `campaignTargetingUpdateError`,
 * with progress in bidder changes (line items made, switched off, re-targeted). The caller's agency
 * comes from the connection; a dropped connection aborts the work, which is then undone.
 */
export const handler = wsHandler(
  realtimeEventsByName.updateCampaignTargeting,
  ({ input, caller, reqID, progress, signal, log }) =>
    changeCampaignTargeting(
      {
        agencyId: caller.agencyId,
        username: caller.username,
        change: input,
        runKey: matchingRunKey(['targeting-change', caller.agencyId, caller.username, reqID]),
        progress,
        signal,
        // Within the Lambda's time (`timeouts.ts`): the bidder work stops 100 s before it and is
        // undone, as a creation's does.
        bidderWorkMs: bidderWorkMs('updateCampaignTargeting', 100),
      },
      campaignTargetingChangeDeps(log),
    ),
);
