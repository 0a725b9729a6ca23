import { useCallback } from 'react';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { useRealtimeCall } from '@/lib/realtime/use-realtime-call';

/** Shown if the server ever ends a whole call without its campaign (only chunk replies carry none). */
export const CAMPAIGN_NOT_RETURNED = 'The campaign could not be created. Please try again.';

/**
 * 001 §4, §7 `createCampaign` -> `campaignCreated` / `campaignCreationError`: creates the campaign from
 * the creation payload, with progress (line items done of total) while the server works. A payload of
 * many companies goes in chunks; the whole call resolves with the campaign.
 */
export function useCreateCampaignCall() {
  const realtime = useRealtimeCall(realtimeEventsByName.createCampaign);
  const { call: send } = realtime;
  const call = useCallback(
    async (input: TCampaignCreate): Promise<TCampaign> => {
      const campaign = await send(input);
      if (!campaign) throw new Error(CAMPAIGN_NOT_RETURNED);
      return campaign;
    },
    [send],
  );
  return { ...realtime, call };
}
