import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { hubspotLists } from '../adapters/crm/hubspot-lists';
import { hubspotRecords } from '../adapters/crm/hubspot-records';
import { hubspotReadDeps } from '../adapters/wiring';
import { getContactsFromList } from '../domain/segments/get-contacts-from-list.use-case';
import { wsHandler } from '../entry/ws';

/** `getContactsFromList {bgAdvertiserId, hubspotListId}` -> `retrievedContacts`: a contact list's e-mails, comma-separated. */
export const handler = wsHandler(realtimeEventsByName.getContactsFromList, ({ input, caller, signal }) =>
  getContactsFromList(
    { agencyId: caller.agencyId, advertiserId: input.bgAdvertiserId, listId: input.hubspotListId, signal },
    { ...hubspotReadDeps(), lists: hubspotLists(), records: hubspotRecords() },
  ),
);
