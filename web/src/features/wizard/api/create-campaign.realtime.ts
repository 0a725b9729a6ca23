import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { useRealtimeCall } from '@/lib/realtime/use-realtime-call';

/**
 * 001 §4, §7 `createCampaign` -> `campaignCreated` / `campaignCreationError`: creates the campaign from
 * the creation payload, with progress (line items done of total) while the server works.
 */
export const useCreateCampaignCall = () => useRealtimeCall(realtimeEventsByName.createCampaign);
