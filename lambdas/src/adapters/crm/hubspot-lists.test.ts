import '../../test-env';
import { describe, expect, it } from 'vitest';
import { CrmGrantError } from '../../domain/vendors/vendor-refusals';
import { createHubspotLists, LIST_SEARCH_PAGE_SIZE } from './hubspot-lists';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const list = (listId: string, name: string, objectTypeId: string, size?: string) => ({
  listId,
  listVersion: 1,
  name,
  objectTypeId,
  processingStatus: 'COMPLETE',
  processingType: 'MANUAL',
  ...(size === undefined ? {} : { additionalProperties: { hs_list_size: size } }),
});

describe('HubSpot lists client', () => {
  it('pages through the search by offset, keeping lists of the asked type, with their size', async () => {
    // Prepare
    const bodies: Array<Record<string, unknown>> = [];
    const auth: Array<string | null> = [];
    const pages = [
      {
        lists: [list('1', 'Target accounts', '0-2', '12'), list('2', 'Newsletter', '0-1', '400')],
        hasMore: true,
        offset: 2,
        total: 3,
      },
      { lists: [list('3', 'Tier 1', '0-2')], hasMore: false, offset: 3, total: 3 },
    ];
    const client = createHubspotLists({
      baseUrl: 'http://crm.test',
      fetch: async (url, init) => {
        expect(url).toBe('http://crm.test/crm/lists/2026-03/search');
        bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
        auth.push(new Headers(init?.headers).get('authorization'));
        return json(200, pages.shift());
      },
    });

    // Act
    const lists = await client.searchLists('token-1', '0-2');

    // Assess
    expect(lists).toEqual([
      { listId: '1', name: 'Target accounts', size: 12 },
      { listId: '3', name: 'Tier 1' },
    ]);
    expect(bodies).toEqual([
      {
        query: '',
        count: LIST_SEARCH_PAGE_SIZE,
        offset: 0,
        objectTypeId: '0-2',
        additionalProperties: ['hs_list_size'],
      },
      {
        query: '',
        count: LIST_SEARCH_PAGE_SIZE,
        offset: 2,
        objectTypeId: '0-2',
        additionalProperties: ['hs_list_size'],
      },
    ]);
    expect(auth).toEqual(['Bearer token-1', 'Bearer token-1']);
  });

  it('turns a refused token into a CrmGrantError and stops on a reply that does not move on', async () => {
    const refused = createHubspotLists({
      baseUrl: 'http://crm.test',
      fetch: async () => json(401, { status: 'error' }),
    });
    await expect(refused.searchLists('t', '0-1')).rejects.toBeInstanceOf(CrmGrantError);
    let calls = 0;
    const stuck = createHubspotLists({
      baseUrl: 'http://crm.test',
      fetch: async () => {
        calls++;
        return json(200, { lists: [], hasMore: true, offset: 0 });
      },
    });
    expect(await stuck.searchLists('t', '0-1')).toEqual([]);
    expect(calls).toBe(1);
  });
});
