import { listHubspotPages as operation } from '@bidgrid/shared/crm/crm.operations';
import { hubspotRecords } from '../adapters/crm/hubspot-records';
import { hubspotReadDeps } from '../adapters/wiring';
import { listHubspotPages } from '../domain/crm/list-hubspot-pages.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/hubspot/pages/{id}?types=`: the landing pages, site pages and blog posts of the advertiser's portal. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, query, page }) =>
  listHubspotPages(
    { agencyId: caller.agencyId, advertiserId: params.id, types: query.types, page },
    {
      ...hubspotReadDeps(),
      records: hubspotRecords(),
    },
  ),
);
