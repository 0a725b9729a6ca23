import { listAdvertisersByAgency } from '@bidgrid/shared/advertisers/advertiser.operations';
import {
  createEmailSegment,
  createSegment,
  listSegmentsByAdvertiser,
} from '@bidgrid/shared/segments/segment.operations';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import type { CacheEffects } from '@/lib/api/cache-effects';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { useOperationPages } from '@/lib/api/use-operation-pages';
import { skipToken } from '@/lib/api/use-operation-query';
import { useRealtimeCall } from '@/lib/realtime/use-realtime-call';

/** A new segment shows in its advertiser's list. */
export const SEGMENT_MADE = { refreshes: [listSegmentsByAdvertiser] } as const satisfies CacheEffects;

/** 000 §7 GET /advertiser/agency/{agencyId}: the agency's advertisers for the Advertiser select; none while null. */
export const useAdvertiserChoices = (agencyId: string | null) =>
  useOperationPages(listAdvertisersByAgency, agencyId ? { params: { agencyId } } : skipToken);

/** The advertiser's retargeting segments (every page, the first shown at once); none while null. */
export const useSegments = (advertiserId: string | null) =>
  useOperationPages(
    listSegmentsByAdvertiser,
    advertiserId ? { params: { advertiserId: advertiserId as `bgAdvertiser-${string}` } } : skipToken,
  );

/** The create-segment modal's call (001 §2). */
export const useCreateSegment = () => useOperationMutation(createSegment, SEGMENT_MADE);

/** The /crm-retargeting page's Save: a 'Hashed Emails for {name}' segment from the e-mails. */
export const useCreateEmailSegment = () => useOperationMutation(createEmailSegment, SEGMENT_MADE);

/** 001 §7 `getHubSpotLists {bgAdvertiserId, listType: 'contacts'}`: the portal's contact lists. */
export const useHubspotLists = () => useRealtimeCall(realtimeEventsByName.getHubSpotLists);

/** 001 §7 `getContactsFromList {bgAdvertiserId, hubspotListId}`: a contact list's e-mails, comma-separated. */
export const useContactsFromList = () => useRealtimeCall(realtimeEventsByName.getContactsFromList);
