import { listAdvertisersByAgency } from '@bidgrid/shared/advertisers/advertiser.operations';
import { listDomainListsByAdvertiser, listPublicDomainLists } from '@bidgrid/shared/lists/domain-list.operations';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { useRefreshOperations } from '@/lib/api/cache-effects';
import { useOperationPages } from '@/lib/api/use-operation-pages';
import { skipToken, useOperationQuery } from '@/lib/api/use-operation-query';
import { useRealtimeCall } from '@/lib/realtime/use-realtime-call';

/** The publication-list calls (001 §7): the step and the page read and write through these hooks only. */

/** 001 §7 GET /domainlist/public: the public lists (SINGLE and SPLIT). */
export const usePublicDomainLists = () => useOperationQuery(listPublicDomainLists, {});

/** 001 §7 GET /domainlist/advertiser/{id}: the advertiser's custom lists, every page; none while null. */
export const useAdvertiserDomainLists = (advertiserId: string | null) =>
  useOperationPages(listDomainListsByAdvertiser, advertiserId ? { params: { id: advertiserId } } : skipToken);

/** The agency's advertisers, for the page's advertiser choice (000 §7), every page; none while null. */
export const useListAdvertisers = (agencyId: string | null) =>
  useOperationPages(listAdvertisersByAgency, agencyId ? { params: { agencyId } } : skipToken);

const LISTS = [listDomainListsByAdvertiser] as const;

/** Reloads the custom lists once a list was made or changed over the realtime channel. */
export const useRefreshDomainLists = () => useRefreshOperations(LISTS);

/** 001 §7 `createNewDomainList` -> `newDomainListCreated` (the new list) or `domainListCreationError`. */
export const useCreateDomainListCall = () => useRealtimeCall(realtimeEventsByName.createNewDomainList);

/** 001 §7 `updateDomainList` -> `domainListUpdated` (the list) or `domainListUpdateError`. */
export const useUpdateDomainListCall = () => useRealtimeCall(realtimeEventsByName.updateDomainList);
