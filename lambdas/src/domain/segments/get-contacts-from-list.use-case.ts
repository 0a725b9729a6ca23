import { BadRequestError, NotFoundError } from '../../kernel/errors';
import { CRM_RECONNECT } from '../crm/crm-access-token.use-case';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import { CRM_OBJECT_TYPE } from '../ports/crm-lists.port';
import type { CrmLists } from '../ports/crm-lists.port';
import type { CrmRecords } from '../ports/crm-records.port';
import { CrmGrantError } from '../vendors/vendor-refusals';

/** The answer for a list id the advertiser's portal has no contact list of. */
export const CONTACT_LIST_NOT_FOUND = 'HubSpot contact list not found.';

/** Ports of reading a contact list's e-mails. */
export interface GetContactsFromListDeps {
  advertisers: AdvertiserReader;
  /** A live access token of the advertiser's CRM connection (`crmAccessToken`, refreshed when due). */
  accessToken(agencyId: string, advertiserId: string): Promise<string>;
  lists: CrmLists;
  records: Pick<CrmRecords, 'listMemberIds' | 'contactEmails'>;
}

/**
 * `getContactsFromList {bgAdvertiserId, hubspotListId}` -> `retrievedContacts` (001 §7): the e-mail
 * addresses of a contact list of the advertiser's HubSpot portal, comma-separated. The advertiser is
 * looked up under the caller's agency first (another agency's is 404, its CRM never asked); the list
 * must be one of the portal's contact lists (a company list or an unknown id is 404, rather than
 * reading company ids as contacts). Contacts without an address are left out; the rest are
 * de-duplicated, lower-cased, in the list's order.
 */
export async function getContactsFromList(
  input: { agencyId: string; advertiserId: string; listId: string; signal?: AbortSignal },
  deps: GetContactsFromListDeps,
): Promise<string> {
  await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  const token = await deps.accessToken(input.agencyId, input.advertiserId);
  try {
    const lists = await deps.lists.searchLists(token, CRM_OBJECT_TYPE.contacts, input.signal);
    if (!lists.some((list) => list.listId === input.listId)) {
      throw new NotFoundError(CONTACT_LIST_NOT_FOUND, { internalMessage: `no contact list ${input.listId}` });
    }
    const ids = await deps.records.listMemberIds(token, input.listId, input.signal);
    const emails = await deps.records.contactEmails(token, ids, input.signal);
    return [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))].join(',');
  } catch (error) {
    if (error instanceof CrmGrantError)
      throw new BadRequestError(CRM_RECONNECT, undefined, { internalMessage: error.message });
    throw error;
  }
}
