import { getAdvertiser } from '@bidgrid/shared/api/operations/advertiser.operations';
import type { TAdvertiserPageFirstScreen } from '@bidgrid/shared/entities/advertiser-page.schema';
import { prefetchPart, type PrefetchPart } from '@/lib/api/prefetch';

// Apart from the hooks (`advertiser-calls.ts`), so the route's preload chunk stays free of the data cache.

/** The input of 000 §7 GET /advertiser/{id}, shared by `useAdvertiser` and the page's preload. */
export const advertiserInput = (id: string) => ({ params: { id } }) as const;

/**
 * The advertiser page's own read within its first-screen read: `useAdvertiser` takes the advertiser from
 * that reply (waiting for it when it asks first).
 */
export function advertiserPageParts(advertiserId: string): Array<PrefetchPart<TAdvertiserPageFirstScreen>> {
  return [
    prefetchPart(getAdvertiser, advertiserInput(advertiserId), (screen: TAdvertiserPageFirstScreen) => ({
      payload: screen.advertiser,
      nextCursor: null,
    })),
  ];
}
