import { describe, expect, it, vi } from 'vitest';
import { BadRequestError, NotFoundError } from '../../kernel/errors';
import { CRM_NOT_CONNECTED, CRM_RECONNECT } from './crm-access-token.use-case';
import type { CrmRecords, TCrmContentItem, TCrmContentKind } from '../ports/crm-records.port';
import { firstPage } from '../ports/page.port';
import { recordFixture } from '../test-fakes';
import { CrmGrantError } from '../vendors/vendor-refusals';
import { listHubspotPages, MAX_CRM_READS_PER_PAGE } from './list-hubspot-pages.use-case';
import type { ListHubspotPagesDeps } from './list-hubspot-pages.use-case';

const A = 'bgAgency-demo';
const ADV = 'bgAdvertiser-acme';
/** Another advertiser of the same agency, connected to its own portal. */
const OTHER_ADV = 'bgAdvertiser-bluepeak';

const item = (kind: TCrmContentKind, n: number, currentState = 'PUBLISHED'): TCrmContentItem => ({
  id: `${kind}-${n}`,
  name: `${kind} ${n}`,
  url: `https://acme.example/${kind}/${n}`,
  slug: `${kind}/${n}`,
  domain: 'acme.example',
  state: currentState,
  currentState,
});

/** A portal holding `content`, paged like HubSpot: `after` is the index of the next item. */
function portal(content: Partial<Record<TCrmContentKind, TCrmContentItem[]>>) {
  const contentPage = vi.fn<CrmRecords['contentPage']>(async (_token, kind, page) => {
    const items = content[kind] ?? [];
    const start = Number(page.after ?? 0);
    const end = start + Math.min(page.limit, 100);
    return { items: items.slice(start, end), after: end < items.length ? String(end) : null };
  });
  const deps: ListHubspotPagesDeps & { accessToken: ReturnType<typeof vi.fn> } = {
    advertisers: {
      getAdvertiser: async (agencyId, advertiserId) =>
        agencyId === A && [ADV, OTHER_ADV].includes(advertiserId)
          ? recordFixture({ bgAdvertiserId: advertiserId, hubspot_authed: true })
          : null,
    },
    accessToken: vi.fn(async () => 'token-1'),
    records: { contentPage },
  };
  return { deps, contentPage };
}

/** Every page of the list, following the cursors as a client does. */
async function readAll(
  deps: ListHubspotPagesDeps,
  types: Parameters<typeof listHubspotPages>[0]['types'],
  limit: number,
) {
  const pages = [];
  let cursor: string | null = null;
  do {
    const page: Awaited<ReturnType<typeof listHubspotPages>> = await listHubspotPages(
      { agencyId: A, advertiserId: ADV, types, page: { limit, cursor } },
      deps,
    );
    pages.push(page.payload);
    cursor = page.nextCursor;
  } while (cursor !== null && pages.length < 50);
  return pages;
}

describe('listHubspotPages', () => {
  it("lists the portal's live pages of the kinds asked, in their order, with the spec's page types", async () => {
    // Prepare
    const { deps, contentPage } = portal({
      'landing-pages': [item('landing-pages', 1), item('landing-pages', 2, 'DRAFT')],
      'site-pages': [item('site-pages', 1)],
      'blog-posts': [item('blog-posts', 1, 'PUBLISHED_OR_SCHEDULED'), { ...item('blog-posts', 2), url: '' }],
    });
    // Act
    const reply = await listHubspotPages(
      { agencyId: A, advertiserId: ADV, types: ['blogPosts', 'landing_page', 'site_page'], page: firstPage(100) },
      deps,
    );
    // Assess
    expect(reply.payload).toEqual([
      {
        id: 'blog-posts-1',
        name: 'blog-posts 1',
        url: 'https://acme.example/blog-posts/1',
        state: 'PUBLISHED_OR_SCHEDULED',
        pageType: 'BLOG',
      },
      {
        id: 'landing-pages-1',
        name: 'landing-pages 1',
        url: 'https://acme.example/landing-pages/1',
        state: 'PUBLISHED',
        pageType: 'LANDING',
      },
      {
        id: 'site-pages-1',
        name: 'site-pages 1',
        url: 'https://acme.example/site-pages/1',
        state: 'PUBLISHED',
        pageType: 'WEB',
      },
    ]);
    expect(reply.nextCursor).toBeNull();
    expect(contentPage.mock.calls.map((call) => [call[0], call[1]])).toEqual([
      ['token-1', 'blog-posts'],
      ['token-1', 'landing-pages'],
      ['token-1', 'site-pages'],
    ]);
  });

  it('pages across kinds with cursors, reading HubSpot only as far as each page needs', async () => {
    // Prepare
    const landing = Array.from({ length: 7 }, (_, n) => item('landing-pages', n));
    const posts = Array.from({ length: 4 }, (_, n) => item('blog-posts', n));
    const { deps, contentPage } = portal({ 'landing-pages': landing, 'blog-posts': posts });
    // Act
    const pages = await readAll(deps, ['landing_page', 'blogPosts'], 5);
    // Assess
    expect(pages.map((p) => p.map((x) => x.id))).toEqual([
      ['landing-pages-0', 'landing-pages-1', 'landing-pages-2', 'landing-pages-3', 'landing-pages-4'],
      ['landing-pages-5', 'landing-pages-6', 'blog-posts-0', 'blog-posts-1', 'blog-posts-2'],
      ['blog-posts-3'],
    ]);
    expect(contentPage).toHaveBeenCalledTimes(4);
  });

  it('ends a page short after a bounded number of reads when a portal is mostly drafts', async () => {
    const drafts = Array.from({ length: 40 }, (_, n) => item('site-pages', n, 'DRAFT'));
    const { deps, contentPage } = portal({ 'site-pages': [...drafts, item('site-pages', 99)] });
    const first = await listHubspotPages(
      { agencyId: A, advertiserId: ADV, types: ['site_page'], page: firstPage(2) },
      deps,
    );
    expect(first.payload).toEqual([]);
    expect(first.nextCursor).not.toBeNull();
    expect(contentPage).toHaveBeenCalledTimes(MAX_CRM_READS_PER_PAGE);
    const all = await readAll(deps, ['site_page'], 2);
    expect(all.flat().map((p) => p.id)).toEqual(['site-pages-99']);
  });

  it("refuses a cursor of another choice of kinds, or one that is not the list's", async () => {
    const { deps } = portal({ 'landing-pages': Array.from({ length: 3 }, (_, n) => item('landing-pages', n)) });
    const first = await listHubspotPages(
      { agencyId: A, advertiserId: ADV, types: ['landing_page'], page: firstPage(1) },
      deps,
    );
    for (const [types, cursor] of [
      [['site_page'], first.nextCursor],
      [['landing_page'], 'not json'],
      [['landing_page'], '{"t":"landing_page","k":"0"}'],
    ] as const) {
      await expect(
        listHubspotPages({ agencyId: A, advertiserId: ADV, types, page: { limit: 1, cursor } }, deps),
      ).rejects.toBeInstanceOf(BadRequestError);
    }
  });

  it("refuses (400) a cursor of another advertiser's pages, the same agency's, before asking HubSpot", async () => {
    // Prepare
    const { deps, contentPage } = portal({ 'site-pages': Array.from({ length: 3 }, (_, n) => item('site-pages', n)) });
    const first = await listHubspotPages(
      { agencyId: A, advertiserId: ADV, types: ['site_page'], page: firstPage(1) },
      deps,
    );
    contentPage.mockClear();

    // Act
    const other = listHubspotPages(
      { agencyId: A, advertiserId: OTHER_ADV, types: ['site_page'], page: { limit: 1, cursor: first.nextCursor } },
      deps,
    );

    // Assess
    await expect(other).rejects.toBeInstanceOf(BadRequestError);
    expect(contentPage).not.toHaveBeenCalled();
  });

  it("answers 404 for another agency's advertiser without touching its CRM", async () => {
    const { deps, contentPage } = portal({});
    await expect(
      listHubspotPages(
        { agencyId: 'bgAgency-rival', advertiserId: ADV, types: ['site_page'], page: firstPage(10) },
        deps,
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(deps.accessToken).not.toHaveBeenCalled();
    expect(contentPage).not.toHaveBeenCalled();
  });

  it('answers 400 with a text the web shows for an advertiser without a connection or with a refused token', async () => {
    const notConnected = portal({});
    notConnected.deps.accessToken.mockRejectedValue(new BadRequestError(CRM_NOT_CONNECTED));
    await expect(
      listHubspotPages(
        { agencyId: A, advertiserId: ADV, types: ['site_page'], page: firstPage(10) },
        notConnected.deps,
      ),
    ).rejects.toMatchObject({ status: 400, userMessage: CRM_NOT_CONNECTED });

    const refused = portal({});
    refused.contentPage.mockRejectedValue(new CrmGrantError('401'));
    await expect(
      listHubspotPages({ agencyId: A, advertiserId: ADV, types: ['site_page'], page: firstPage(10) }, refused.deps),
    ).rejects.toMatchObject({ status: 400, userMessage: CRM_RECONNECT });
  });
});
