import { randomUUID } from 'node:crypto';
import { searchHubspotCompanies as operation } from '@bidgrid/shared/crm/crm.operations';
import { hubspotCompaniesDeps } from '../adapters/crm/hubspot-companies-deps';
import { matchingRunKey } from '../domain/targeting/match-companies.use-case';
import { searchTargetedCompanies } from '../domain/crm/hubspot-companies.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/hubspot/companies/search`: one page of the portal's companies passing the filters, matched. */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  searchTargetedCompanies(
    {
      agencyId: caller.agencyId,
      advertiserId: body.bgAdvertiserId,
      filters: body.filters,
      after: body.after,
      numberResults: body.numberResults,
      reqID: body.reqID,
      // Each REST call is its own matching run (the event's runs are its reqID).
      runKey: matchingRunKey(['rest-hubspot-search', caller.agencyId, caller.username, randomUUID()]),
    },
    hubspotCompaniesDeps(),
  ),
);
