import { getAdvertiser } from '@bidgrid/shared/advertisers/advertiser.operations';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { keptAnswer, prefetchOperation, type KeptAnswer } from '@/lib/api/prefetch';

// Apart from the hooks (`advertiser-calls.ts`), so the route's preload chunk stays free of the data cache.

/** The input of 000 §7 GET /advertiser/{id}, shared by `useAdvertiser` and the page's preload. */
export const advertiserInput = (id: string) => ({ params: { id } }) as const;

/** Starts the advertiser page's read of its advertiser (its route's preload). */
export function prefetchAdvertiserPage(advertiserId: string): void {
  void prefetchOperation(getAdvertiser, advertiserInput(advertiserId));
}

/** The advertiser of a first-screen reply, kept for the page's `useAdvertiser` (its first render shows it). */
export function advertiserPageAnswers(advertiser: TAdvertiser): KeptAnswer[] {
  return [
    keptAnswer(getAdvertiser, advertiserInput(advertiser.bgAdvertiserId), { payload: advertiser, nextCursor: null }),
  ];
}
