import { describe, expect, it, vi } from 'vitest';
import { BadRequestError, NotFoundError } from '../../kernel/errors';
import { CRM_RECONNECT } from '../crm/crm-access-token.use-case';
import { recordFixture } from '../test-fakes';
import { CrmGrantError } from '../vendors/vendor-refusals';
import { CONTACT_LIST_NOT_FOUND, getContactsFromList } from './get-contacts-from-list.use-case';
import type { GetContactsFromListDeps } from './get-contacts-from-list.use-case';

function deps(overrides: Partial<GetContactsFromListDeps> = {}) {
  const record = recordFixture({ bgAdvertiserId: 'bgAdvertiser-acme', hubspot_authed: true, hubspot_portal_id: 44 });
  const listMemberIds = vi.fn(async () => ['1', '2', '3', '4']);
  const contactEmails = vi.fn(async () => ['Ann@acme.example', 'bob@acme.example', 'ann@acme.example']);
  const searchLists = vi.fn(async () => [{ listId: '201', name: 'Webinar attendees' }]);
  const ports: GetContactsFromListDeps = {
    advertisers: {
      getAdvertiser: async (agencyId, advertiserId) =>
        agencyId === 'bgAgency-demo' && advertiserId === record.bgAdvertiserId ? record : null,
    },
    accessToken: vi.fn(async () => 'token-1'),
    lists: { searchLists },
    records: { listMemberIds, contactEmails },
    ...overrides,
  };
  return { ports, listMemberIds, contactEmails, searchLists };
}

const input = { agencyId: 'bgAgency-demo', advertiserId: 'bgAdvertiser-acme', listId: '201' };

describe('getContactsFromList', () => {
  it("answers the contact list's e-mails comma-separated, lower-cased and once each", async () => {
    // Prepare
    const d = deps();

    // Act
    const emails = await getContactsFromList(input, d.ports);

    // Assess
    expect(emails).toBe('ann@acme.example,bob@acme.example');
    expect(d.searchLists.mock.calls[0]?.slice(0, 2)).toEqual(['token-1', '0-1']);
    expect(d.listMemberIds.mock.calls[0]?.slice(0, 2)).toEqual(['token-1', '201']);
    expect(d.contactEmails.mock.calls[0]?.slice(0, 2)).toEqual(['token-1', ['1', '2', '3', '4']]);
  });

  it("answers 404 for a list that is not one of the portal's contact lists, reading no members", async () => {
    // Prepare
    const d = deps();

    // Act
    const emails = getContactsFromList({ ...input, listId: '999' }, d.ports);

    // Assess
    await expect(emails).rejects.toMatchObject({ status: 404, userMessage: CONTACT_LIST_NOT_FOUND });
    expect(d.listMemberIds).not.toHaveBeenCalled();
  });

  it("answers 404 for another agency's advertiser without asking for its token", async () => {
    const d = deps();
    await expect(getContactsFromList({ ...input, agencyId: 'bgAgency-rival' }, d.ports)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect(d.ports.accessToken).not.toHaveBeenCalled();
  });

  it('asks the user to connect again when HubSpot refuses the token', async () => {
    const d = deps({
      lists: {
        searchLists: async () => {
          throw new CrmGrantError('refused');
        },
      },
    });
    const emails = getContactsFromList(input, d.ports);
    await expect(emails).rejects.toBeInstanceOf(BadRequestError);
    await expect(emails).rejects.toMatchObject({ userMessage: CRM_RECONNECT });
  });
});
