import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { domainListDeps } from '../adapters/wiring';
import { createDomainList } from '../domain/lists/domain-lists.use-case';
import { wsHandler } from '../entry/ws';

/** `createNewDomainList {bgAdvertiserId, listName, domains}` -> `newDomainListCreated` (the new list). */
export const handler = wsHandler(realtimeEventsByName.createNewDomainList, ({ input, caller, log }) =>
  createDomainList({ agencyId: caller.agencyId, request: input }, domainListDeps(log)),
);
