import * as z from '@bidgrid/shared/zod';
import type { THubspotPage, ZHubspotPageKind, ZHubspotPageType } from '@bidgrid/shared/crm/crm.schema';
import { BadRequestError } from '../../kernel/errors';
import { invalidCursor } from '../../kernel/invalid-cursor';
import { CRM_RECONNECT } from './crm-access-token.use-case';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CrmRecords, TCrmContentItem, TCrmContentKind } from '../ports/crm-records.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';
import { CrmGrantError } from '../vendors/vendor-refusals';
import { boundCursor, openBoundCursor } from './crm-cursor';

type THubspotPageKind = z.infer<typeof ZHubspotPageKind>;
type THubspotPageType = z.infer<typeof ZHubspotPageType>;

/** Ports of reading an advertiser's HubSpot pages. */
export interface ListHubspotPagesDeps {
  advertisers: AdvertiserReader;
  /** A live access token of the advertiser's CRM connection (400 'not connected' when it has none). */
  accessToken(agencyId: string, advertiserId: string): Promise<string>;
  records: Pick<CrmRecords, 'contentPage'>;
}

/** The spec's page kinds (001 §2 Landing Page), the CMS collection each is read from and its page type. */
const KINDS: Record<THubspotPageKind, { content: TCrmContentKind; pageType: THubspotPageType }> = {
  landing_page: { content: 'landing-pages', pageType: 'LANDING' },
  site_page: { content: 'site-pages', pageType: 'WEB' },
  blogPosts: { content: 'blog-posts', pageType: 'BLOG' },
};

/**
 * CMS reads one request may make: drafts are skipped, so a page may need more than one read, but never
 * without bound (the page then ends short, its cursor where the reading stopped).
 */
export const MAX_CRM_READS_PER_PAGE = 6;

/**
 * Where the next page starts: the kinds asked (a cursor of another choice of kinds is refused), the kind
 * being read and HubSpot's `after` in it, bound to the advertiser (`boundCursor`). The HTTP layer seals it
 * (encrypted, bound to the operation and the caller's agency) before it leaves the server.
 */
const ZPagesCursor = z.strictObject({
  t: z.string(),
  k: z.number().check(z.int(), z.gte(0)),
  a: z.nullable(z.string()),
});

function openCursor(cursor: string | null, types: string): { kind: number; after: string | null } {
  if (cursor === null) return { kind: 0, after: null };
  let parsed: z.infer<typeof ZPagesCursor>;
  try {
    parsed = ZPagesCursor.parse(JSON.parse(cursor));
  } catch {
    throw invalidCursor('HubSpot pages cursor is unreadable');
  }
  if (parsed.t !== types) throw invalidCursor(`HubSpot pages cursor of ${parsed.t} used on ${types}`);
  return { kind: parsed.k, after: parsed.a };
}

/** Whether a URL can be a click destination (a draft may have none yet). */
const isWebUrl = (url: string): boolean => z.url({ protocol: /^https?$/ }).safeParse(url).success;

/**
 * Only pages visitors can open are offered: a draft's URL answers nothing (ours: the spec lists the
 * kinds and types only). HubSpot's `currentState` of a live page is PUBLISHED or PUBLISHED_OR_SCHEDULED.
 */
const isLive = (item: TCrmContentItem): boolean => item.currentState.startsWith('PUBLISHED') && isWebUrl(item.url);

/**
 * `GET /hubspot/pages/{id}?types=` (001 §2 Landing Page, §7): the landing pages, site pages and blog
 * posts of the advertiser's HubSpot portal, in the order of `types`, one page at a time. The advertiser
 * is looked up under the caller's agency first (another agency's answers 404 and its CRM is never
 * asked); an advertiser without a connection answers 400 'This advertiser is not connected to HubSpot.'
 * and a token HubSpot refuses 400 with the reconnect text, both shown by the web. Pages are read from
 * HubSpot as they are asked for (its `after` in our cursor), so a portal with thousands of posts costs
 * one read per page, not all of them per page.
 */
export async function listHubspotPages(
  input: {
    agencyId: string;
    advertiserId: string;
    types: readonly THubspotPageKind[];
    page: TPageRequest;
    signal?: AbortSignal;
  },
  deps: ListHubspotPagesDeps,
): Promise<TPagedPayload<THubspotPage[]>> {
  const kinds = [...new Set(input.types)];
  const typesKey = kinds.join(',');
  const scope = `hubspotPages?advertiser=${input.advertiserId}`;
  let { kind, after } = openCursor(openBoundCursor(scope, input.page.cursor), typesKey);
  await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  const token = await deps.accessToken(input.agencyId, input.advertiserId);
  const pages: THubspotPage[] = [];
  let reads = 0;
  try {
    while (kind < kinds.length && pages.length < input.page.limit && reads < MAX_CRM_READS_PER_PAGE) {
      const { content, pageType } = KINDS[kinds[kind] as THubspotPageKind];
      const read = await deps.records.contentPage(
        token,
        content,
        { after, limit: input.page.limit - pages.length },
        input.signal,
      );
      reads++;
      for (const item of read.items.filter(isLive)) {
        pages.push({ id: item.id, name: item.name, url: item.url, state: item.currentState, pageType });
      }
      if (read.after === null) {
        kind++;
        after = null;
      } else {
        after = read.after;
      }
    }
  } catch (error) {
    if (error instanceof CrmGrantError) {
      throw new BadRequestError(CRM_RECONNECT, undefined, { internalMessage: error.message });
    }
    throw error;
  }
  const nextCursor = kind < kinds.length ? JSON.stringify({ t: typesKey, k: kind, a: after }) : null;
  return { payload: pages, nextCursor: boundCursor(scope, nextCursor) };
}
