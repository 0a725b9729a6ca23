import { getAdvertiser } from '@bidgrid/shared/api/operations/advertiser.operations';
import type { TAdvertiser } from '@bidgrid/shared/entities/advertiser.schema';
import { seedPrefetched } from '@/lib/api/prefetch';

// Apart from the hooks (`advertiser-calls.ts`), so the route's preload chunk stays free of the data cache.

/** The input of 000 §7 GET /advertiser/{id}, shared by `useAdvertiser` and the page's preload. */
export const advertiserInput = (id: string) => ({ params: { id } }) as const;

/** Keeps the advertiser of a first-screen reply for the page's `useAdvertiser`. */
export function seedAdvertiserPage(advertiser: TAdvertiser): Promise<void> {
  return seedPrefetched(getAdvertiser, advertiserInput(advertiser.bgAdvertiserId), {
    payload: advertiser,
    nextCursor: null,
  });
}
