import { listHubspotLists as operation } from '@bidgrid/shared/crm/crm.operations';
import { hubspotLists } from '../adapters/crm/hubspot-lists';
import { hubspotReadDeps } from '../adapters/wiring';
import { listHubspotListsPage } from '../domain/crm/get-hubspot-lists.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/hubspot/lists/{id}?listType=`: the company or contact lists of the advertiser's HubSpot portal, paged. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, query, page }) =>
  listHubspotListsPage(
    { agencyId: caller.agencyId, advertiserId: params.id, listType: query.listType, page },
    { ...hubspotReadDeps(), lists: hubspotLists() },
  ),
);
