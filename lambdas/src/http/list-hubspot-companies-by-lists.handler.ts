import { randomUUID } from 'node:crypto';
import { listHubspotCompaniesByLists as operation } from '@bidgrid/shared/crm/crm.operations';
import { hubspotCompaniesDeps } from '../adapters/crm/hubspot-companies-deps';
import { matchingRunKey } from '../domain/targeting/match-companies.use-case';
import { companiesFromLists } from '../domain/crm/hubspot-companies.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/hubspot/companies/bylists`: the companies of the advertiser's HubSpot lists, matched. */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  companiesFromLists(
    {
      agencyId: caller.agencyId,
      advertiserId: body.bgAdvertiserId,
      listIds: body.hubspotListIds,
      runKey: matchingRunKey(['rest-hubspot-lists', caller.agencyId, caller.username, randomUUID()]),
    },
    hubspotCompaniesDeps(),
  ),
);
