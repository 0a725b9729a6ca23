import { describe, expect, it, vi } from 'vitest';
import { NotFoundError } from '../../lib/errors';
import { CRM_RECONNECT } from '../crm-access-token.use-case';
import type { CrmLists } from '../ports/crm-lists.port';
import { recordFixture } from '../test-fakes';
import { CrmGrantError } from '../vendor-refusals';
import { getHubspotLists } from './get-hubspot-lists.use-case';
import type { GetHubspotListsDeps } from './get-hubspot-lists.use-case';

function deps(lists: CrmLists): GetHubspotListsDeps & { accessToken: ReturnType<typeof vi.fn> } {
  const record = recordFixture({ bgAdvertiserId: 'bgAdvertiser-acme', hubspot_authed: true, hubspot_portal_id: 44 });
  return {
    advertisers: {
      getAdvertiser: async (agencyId, advertiserId) =>
        agencyId === 'bgAgency-demo' && advertiserId === record.bgAdvertiserId ? record : null,
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
