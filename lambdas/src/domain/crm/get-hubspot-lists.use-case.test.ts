import { describe, expect, it, vi } from 'vitest';
import { BadRequestError, NotFoundError } from '../../kernel/errors';
import { firstPage } from '../ports/page.port';
import { CRM_RECONNECT } from './crm-access-token.use-case';
import type { CrmLists } from '../ports/crm-lists.port';
import { recordFixture } from '../test-fakes';
import { CrmGrantError } from '../vendors/vendor-refusals';
import { getHubspotLists, listHubspotListsPage } from './get-hubspot-lists.use-case';
import type { GetHubspotListsDeps } from './get-hubspot-lists.use-case';

function deps(lists: CrmLists): GetHubspotListsDeps & { accessToken: ReturnType<typeof vi.fn> } {
  const records = ['bgAdvertiser-acme', 'bgAdvertiser-bluepeak'].map((bgAdvertiserId) =>
    recordFixture({ bgAdvertiserId, hubspot_authed: true, hubspot_portal_id: 44 }),
  );
  return {
    advertisers: {
      getAdvertiser: async (agencyId, advertiserId) =>
        (agencyId === 'bgAgency-demo' && records.find((r) => r.bgAdvertiserId === advertiserId)) || null,
    },
    accessToken: vi.fn(async () => 'token-1'),
    lists,
  };
}

describe('getHubspotLists', () => {
  it("reads the advertiser's company or contact lists with the connection's token", async () => {
    // Prepare
    const searchLists = vi.fn(async () => [{ listId: '1', name: 'Target accounts', size: 12 }]);
    const ports = deps({ searchLists });

    // Act
    const companies = await getHubspotLists(
      { agencyId: 'bgAgency-demo', advertiserId: 'bgAdvertiser-acme', listType: 'companies' },
      ports,
    );
    await getHubspotLists(
      { agencyId: 'bgAgency-demo', advertiserId: 'bgAdvertiser-acme', listType: 'contacts' },
      ports,
    );

    // Assess
    expect(companies).toEqual([{ listId: '1', name: 'Target accounts', size: 12 }]);
    expect(searchLists.mock.calls.map((call) => (call as unknown[]).slice(0, 2))).toEqual([
      ['token-1', '0-2'],
      ['token-1', '0-1'],
    ]);
  });

  it("answers 404 for another agency's advertiser without touching its CRM connection", async () => {
    const searchLists = vi.fn();
    const ports = deps({ searchLists });
    await expect(
      getHubspotLists({ agencyId: 'bgAgency-rival', advertiserId: 'bgAdvertiser-acme', listType: 'companies' }, ports),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(ports.accessToken).not.toHaveBeenCalled();
    expect(searchLists).not.toHaveBeenCalled();
  });

  it('asks the user to connect again when HubSpot refuses the token', async () => {
    const ports = deps({
      searchLists: async () => {
        throw new CrmGrantError('refused');
      },
    });
    await expect(
      getHubspotLists({ agencyId: 'bgAgency-demo', advertiserId: 'bgAdvertiser-acme', listType: 'companies' }, ports),
    ).rejects.toMatchObject({ status: 400, userMessage: CRM_RECONNECT });
  });
});

describe('listHubspotListsPage', () => {
  const lists = Array.from({ length: 5 }, (_, n) => ({ listId: String(n), name: `List ${n}`, size: n }));
  const input = (advertiserId: string, listType: 'companies' | 'contacts', cursor: string | null) => ({
    agencyId: 'bgAgency-demo',
    advertiserId,
    listType,
    page: { limit: 2, cursor },
  });

  it('pages through the lists, each cursor continuing where the last page ended', async () => {
    // Prepare
    const ports = deps({ searchLists: async () => lists });

    // Act
    const first = await listHubspotListsPage(
      { ...input('bgAdvertiser-acme', 'companies', null), page: firstPage(2) },
      ports,
    );
    const second = await listHubspotListsPage(input('bgAdvertiser-acme', 'companies', first.nextCursor), ports);
    const last = await listHubspotListsPage(input('bgAdvertiser-acme', 'companies', second.nextCursor), ports);

    // Assess
    expect([first, second, last].map((p) => p.payload.map((l) => l.listId))).toEqual([['0', '1'], ['2', '3'], ['4']]);
    expect(last.nextCursor).toBeNull();
  });

  it("refuses (400) a cursor of another advertiser's lists or of the other list type, before asking HubSpot", async () => {
    // Prepare
    const searchLists = vi.fn(async () => lists);
    const ports = deps({ searchLists });
    const first = await listHubspotListsPage(input('bgAdvertiser-acme', 'companies', null), ports);
    searchLists.mockClear();

    // Act
    const attempts = await Promise.all(
      [
        input('bgAdvertiser-bluepeak', 'companies', first.nextCursor),
        input('bgAdvertiser-acme', 'contacts', first.nextCursor),
        input('bgAdvertiser-acme', 'companies', '2'),
      ].map((i) => listHubspotListsPage(i, ports).catch((error: unknown) => error)),
    );

    // Assess
    for (const attempt of attempts) expect(attempt).toBeInstanceOf(BadRequestError);
    expect(searchLists).not.toHaveBeenCalled();
  });
});
