import { isId } from '@bidgrid/shared/ids';

/**
 * The advertiser the page at /advertisers/:id reads, or null: none for an id that is not an advertiser's,
 * and none while the URL carries the CRM's `code` (back from its authorization): the page reads only once
 * the code is exchanged and dropped from the URL, since a read that raced the exchange could land after it
 * and put 'Not Connected' back in the cache. The page and its route's prefetch both ask this.
 */
export function advertiserToRead(id: string, search: URLSearchParams): string | null {
  return isId('advertiser', id) && !search.has('code') ? id : null;
}
