import { listAdvertisersByAgency } from '@bidgrid/shared/advertisers/advertiser.operations';
import { getCompanySortValues, listHubspotLists } from '@bidgrid/shared/crm/crm.operations';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { useOperationPages } from '@/lib/api/use-operation-pages';
import { skipToken, useOperationQuery } from '@/lib/api/use-operation-query';
import { useRealtimeCall } from '@/lib/realtime/use-realtime-call';

/**
 * 001 §7 'get company sort values by advertiser id': the ideal-customer-profile tiers of the advertiser's
 * portal (label and value); none asked while null (no CRM connection, another source chosen).
 */
export const useCompanySortValues = (advertiserId: string | null) =>
  useOperationQuery(getCompanySortValues, advertiserId ? { params: { id: advertiserId } } : skipToken);

/** 001 §7 GET /hubspot/lists/{id}: the advertiser's HubSpot company lists, every page; none while null. */
export const useHubspotCompanyLists = (advertiserId: string | null) =>
  useOperationPages(
    listHubspotLists,
    advertiserId ? { params: { id: advertiserId }, query: { listType: 'companies' } } : skipToken,
  );

/**
 * 001 §7 `getTargetedCompanies {bgAdvertiserId, filters, after, numberResults}` -> `retrievedCompanies`:
 * one page of the portal's companies passing the tier filters, matched, with progress.
 */
export const useTargetedCompanies = () => useRealtimeCall(realtimeEventsByName.getTargetedCompanies);

/** 001 §7 `getCompaniesFromList {bgAdvertiserId, hubspotListId}` -> `retrievedCompaniesFromList`. */
export const useCompaniesFromList = () => useRealtimeCall(realtimeEventsByName.getCompaniesFromList);

/** The agency's advertisers (000 §7 GET /advertiser/agency/{agencyId}), every page, for the page's HubSpot sources. */
export const useTargetingAdvertisers = (agencyId: string | null) =>
  useOperationPages(listAdvertisersByAgency, agencyId ? { params: { agencyId } } : skipToken);
