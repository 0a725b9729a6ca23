import { getAdvertiser } from '@bidgrid/shared/api/operations/advertiser.operations';
import { prefetchOperation } from '@/lib/api/prefetch';
import { advertiserToRead } from '../advertiser-page-reads';

// Apart from the hooks (`advertiser-calls.ts`), so the route's prefetch chunk stays free of the data cache.

/** The input of 000 §7 GET /advertiser/{id}, shared by `useAdvertiser` and the page's prefetch. */
export const advertiserInput = (id: string) => ({ params: { id } }) as const;

/**
 * Starts the advertiser page's read of its advertiser while the page's code loads (its route's loader),
 * when the page will make it (`advertiserToRead`).
 */
export function prefetchAdvertiserPage(id: string, search: URLSearchParams): void {
  const readable = advertiserToRead(id, search);
  if (readable) void prefetchOperation(getAdvertiser, advertiserInput(readable));
}
