import { createAdvertiser } from '@bidgrid/shared/advertisers/advertiser-create.operations';
import { getAdvertiser, listAdvertisersByAgency } from '@bidgrid/shared/advertisers/advertiser.operations';
import { deleteHubspotTokens, getHubspotAuthUrl, saveHubspotTokens } from '@bidgrid/shared/crm/crm.operations';
import { createCardSetupIntent, saveAdvertiserCard } from '@bidgrid/shared/billing/payments.operations';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { updateCached, type CacheEffects } from '@/lib/api/cache-effects';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { useOperationPages } from '@/lib/api/use-operation-pages';
import { skipToken, useOperationQuery } from '@/lib/api/use-operation-query';
import { advertiserInput } from './advertiser-prefetch';

/**
 * The advertiser calls (000 §7). A call that answers the updated advertiser (card saved, CRM connected
 * or disconnected) puts it into every cached view of that advertiser, the page and the lists, without a
 * request; a new advertiser reloads the lists.
 */
const withSaved = (list: TAdvertiser[], saved: TAdvertiser): TAdvertiser[] =>
  list.map((advertiser) => (advertiser.bgAdvertiserId === saved.bgAdvertiserId ? saved : advertiser));

export const ADVERTISER_SAVED: CacheEffects<TAdvertiser> = {
  updates: [
    updateCached(getAdvertiser, (cached, saved: TAdvertiser) =>
      cached.bgAdvertiserId === saved.bgAdvertiserId ? saved : cached,
    ),
    updateCached(listAdvertisersByAgency, (cached, saved: TAdvertiser) => withSaved(cached, saved)),
  ],
};

export const ADVERTISER_CREATED = { refreshes: [listAdvertisersByAgency] } as const satisfies CacheEffects;

/**
 * 000 §7 GET /advertiser/agency/{agencyId}: the agency's advertisers, every page (issue 9 §6; the table sorts
 * them by name); none while null.
 */
export const useAdvertisers = (agencyId: string | null) =>
  useOperationPages(listAdvertisersByAgency, agencyId ? { params: { agencyId } } : skipToken);

/** 000 §7 GET /advertiser/{id}; none while null. */
export const useAdvertiser = (id: string | null) =>
  useOperationQuery(getAdvertiser, id ? advertiserInput(id) : skipToken);

/** 000 §7 POST /advertiser/create. */
export const useCreateAdvertiser = () => useOperationMutation(createAdvertiser, ADVERTISER_CREATED);

/**
 * 000 §7 GET /stripe/intent: a new card setup intent each time (so a call, not a cached read); the payload
 * is its client secret.
 */
export const useCreateCardSetupIntent = () => useOperationMutation(createCardSetupIntent);

/** 000 §7 POST /stripe/advertiser/card: saves the confirmed payment method; answers the updated advertiser. */
export const useSaveAdvertiserCard = () => useOperationMutation(saveAdvertiserCard, ADVERTISER_SAVED);

/** 000 §7 GET /hubspot/auth/{advertiserId}: where Connect sends the user (asked on the click, not cached). */
export const useHubspotAuthUrl = () => useOperationMutation(getHubspotAuthUrl);

/** 000 §7 POST /hubspot/oauthtokens: exchanges the returned code (with our signed `state`). */
export const useSaveHubspotTokens = () => useOperationMutation(saveHubspotTokens, ADVERTISER_SAVED);

/** 000 §7 POST /hubspot/oauthtokens/delete: disconnects the advertiser from HubSpot. */
export const useDeleteHubspotTokens = () => useOperationMutation(deleteHubspotTokens, ADVERTISER_SAVED);
