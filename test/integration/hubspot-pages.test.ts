import { describe, expect, it } from 'vitest';
import { crm } from '@bidgrid/shared';
import { accessTokenFor, callAllPages, callOperation, callOperationUnchecked } from '../support/api';

const { listHubspotPages } = crm;
const CONNECTED = 'bgAdvertiser-demo-bluepeak';
const NOT_CONNECTED = 'bgAdvertiser-demo-northwind';

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
});
