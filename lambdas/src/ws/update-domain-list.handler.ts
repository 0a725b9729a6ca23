import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { domainListDeps } from '../adapters/wiring';
import { updateDomainList } from '../domain/lists/domain-lists.use-case';
import { wsHandler } from '../entry/ws';

/** `updateDomainList {bgAdvertiserId, beeswaxListId, domainListId, listName, ...}` -> `domainListUpdated`. */
export const handler = wsHandler(realtimeEventsByName.updateDomainList, ({ input, caller, log }) =>
  updateDomainList({ agencyId: caller.agencyId, request: input }, domainListDeps(log)),
);
