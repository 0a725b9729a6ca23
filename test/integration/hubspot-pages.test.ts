import { describe, expect, it } from 'vitest';
import { crm } from '@bidgrid/shared';
import { INVALID_CURSOR_MESSAGE } from '@bidgrid/lambdas/kernel/invalid-cursor';
import { accessTokenFor, callAllPages, callOperation, callOperationUnchecked } from '../support/api';

const { listHubspotPages } = crm;
const CONNECTED = 'bgAdvertiser-demo-bluepeak';
const NOT_CONNECTED = 'bgAdvertiser-demo-northwind';
/** Another advertiser of the demo agency with a HubSpot connection. */
const ALSO_CONNECTED = 'bgAdvertiser-demo-keystone';

describe('GET /api/hubspot/pages/{id}?types= (001 §2 Landing Page)', () => {
  it("lists the connected advertiser's live pages of the kinds asked, page after page", async () => {
    // Act
    const all = await callAllPages(listHubspotPages, {
      token: await accessTokenFor('demo'),
      params: { id: CONNECTED },
      query: { limit: 20 },
    });
    const posts = await callAllPages(listHubspotPages, {
      token: await accessTokenFor('demo'),
      params: { id: CONNECTED },
      query: { types: 'blogPosts' },
    });

    // Assess: the simulator's portal holds 30 landing pages, 8 site pages and 45 posts, one in five a draft.
    const pages = all.payloads.flat();
    expect(all.payloads.length).toBeGreaterThan(1);
    expect(pages.filter((p) => p.pageType === 'LANDING')).toHaveLength(24);
    expect(pages.filter((p) => p.pageType === 'WEB')).toHaveLength(7);
    expect(pages.filter((p) => p.pageType === 'BLOG')).toHaveLength(36);
    expect(new Set(pages.map((p) => p.id)).size).toBe(pages.length);
    expect(pages.every((p) => p.state === 'PUBLISHED' && p.url.startsWith('https://'))).toBe(true);
    expect(posts.payloads.flat().map((p) => p.pageType)).toEqual(Array(36).fill('BLOG'));
  });

  it('answers 400 with a text the web shows for an advertiser without a HubSpot connection', async () => {
    const reply = await callOperation(listHubspotPages, {
      token: await accessTokenFor('demo'),
      params: { id: NOT_CONNECTED },
      query: {},
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('This advertiser is not connected to HubSpot.');
  });

  it("answers 404 for another agency's advertiser and 400 for an unknown kind", async () => {
    const rival = await callOperation(listHubspotPages, {
      token: await accessTokenFor('rival'),
      params: { id: CONNECTED },
      query: {},
    });
    const badKind = await callOperationUnchecked(listHubspotPages, {
      token: await accessTokenFor('demo'),
      params: { id: CONNECTED },
      query: { types: 'landing_page,pdf' },
    });
    expect(rival.status).toBe(404);
    expect(badKind.status).toBe(400);
  });

  it("refuses (400) a page cursor of one advertiser's pages on another advertiser of the same agency", async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    const first = await callOperation(listHubspotPages, { token, params: { id: CONNECTED }, query: { limit: 2 } });
    const cursor = first.body.nextCursor;
    if (!cursor) throw new Error('The first page of pages has no next page');

    // Act
    const own = await callOperation(listHubspotPages, {
      token,
      params: { id: CONNECTED },
      query: { limit: 2, cursor },
    });
    const other = await callOperation(listHubspotPages, {
      token,
      params: { id: ALSO_CONNECTED },
      query: { limit: 2, cursor },
    });

    // Assess
    expect([own.status, other.status]).toEqual([200, 400]);
    expect(other.body.fieldErrors).toEqual({ cursor: [INVALID_CURSOR_MESSAGE] });
  });
});
