import * as z from '@bidgrid/shared/zod';
import type { THubspotList } from '@bidgrid/shared/crm/crm.schema';
import { config } from '../../kernel/config';
import type { CrmLists, TCrmObjectTypeId } from '../../domain/ports/crm-lists.port';
import { CrmGrantError } from '../../domain/vendors/vendor-refusals';
import { VendorError } from '../../kernel/errors';
import { DEFAULT_RETRY, vendorFetch } from '../vendor-http';
import type { RetryPolicy } from '../vendor-http';
import { HUBSPOT_PATHS } from './hubspot-paths';

const VENDOR = 'crm';

/** HubSpot's page size limit of the list search. */
export const LIST_SEARCH_PAGE_SIZE = 500;
/** Pages read at most: 10,000 lists, far more than a portal keeps; a loop can never run away. */
const MAX_PAGES = 20;

/** `POST /crm/lists/2026-03/search` reply (HubSpot Lists); `hs_list_size` comes as a string. */
const ZListSearchReply = z.object({
  lists: z.array(
    z.looseObject({
      listId: z.pipe(z.union([z.string(), z.number()]), z.transform(String)),
      name: z.string(),
      objectTypeId: z.string(),
      additionalProperties: z.optional(z.record(z.string(), z.nullable(z.string()))),
    }),
  ),
  hasMore: z.boolean(),
  offset: z.number().check(z.int(), z.gte(0)),
});

/** Options: where HubSpot (or the CRM simulator) is. */
export interface HubspotListsOptions {
  baseUrl: string;
  retry?: RetryPolicy;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}

/**
 * HubSpot lists through `POST /crm/lists/2026-03/search` (`HUBSPOT_PATHS.listsSearch`), paged with
 * `offset`/`hasMore` (VENDORS.md).
 * Plain HTTP rather than @hubspot/api-client: its ListSearchRequest model drops `objectTypeId`
 * when it serialises, and the search takes it; results are filtered by type all the same, in case a
 * portal answers without honouring it. The access token goes in the Authorization header and
 * nowhere else (logs name statuses only). 429 and 5xx are retried with back-off; a refused token is
 * a CrmGrantError (the user must connect again).
 */
export function createHubspotLists(options: HubspotListsOptions): CrmLists {
  const base = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((url: string, init?: RequestInit) => fetch(url, init));
  return {
    async searchLists(accessToken: string, objectTypeId: TCrmObjectTypeId, signal?: AbortSignal) {
      const lists: THubspotList[] = [];
      let offset = 0;
      for (let page = 0; page < MAX_PAGES; page++) {
        const response = await vendorFetch(
          VENDOR,
          'list search',
          () =>
            fetchImpl(`${base}${HUBSPOT_PATHS.listsSearch}`, {
              method: 'POST',
              headers: {
                Authorization: `Bearer ${accessToken}`,
                'Content-Type': 'application/json',
                Accept: 'application/json',
              },
              body: JSON.stringify({
                query: '',
                count: LIST_SEARCH_PAGE_SIZE,
                offset,
                objectTypeId,
                additionalProperties: ['hs_list_size'],
              }),
              signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(15_000)]) : AbortSignal.timeout(15_000),
            }),
          options.retry ?? DEFAULT_RETRY,
          signal,
        );
        if (response.status === 401 || response.status === 403) {
          throw new CrmGrantError(`HubSpot refused the access token (${response.status})`);
        }
        if (!response.ok) throw new VendorError(VENDOR, `list search answered ${response.status}`);
        const parsed = ZListSearchReply.safeParse(await response.json().catch(() => null));
        if (!parsed.success) throw new VendorError(VENDOR, 'list search answered an unexpected shape');
        for (const list of parsed.data.lists) {
          if (list.objectTypeId !== objectTypeId) continue;
          const size = Number(list.additionalProperties?.['hs_list_size']);
          lists.push({
            listId: list.listId,
            name: list.name,
            ...(Number.isInteger(size) && size >= 0 ? { size } : {}),
          });
        }
        if (!parsed.data.hasMore) return lists;
        // A reply that does not move forward would loop: treat it as the end.
        if (parsed.data.offset <= offset) return lists;
        offset = parsed.data.offset;
      }
      return lists;
    },
  };
}

let shared: CrmLists | undefined;

/** The HubSpot lists client of this warm Lambda (HUBSPOT_BASE_URL). */
export function hubspotLists(): CrmLists {
  shared ??= createHubspotLists({ baseUrl: config().HUBSPOT_BASE_URL });
  return shared;
}
