import { listHubspotPages as operation } from '@bidgrid/shared/api/operations/crm.operations';
import { hubspotOAuth } from '../adapters/crm/hubspot-oauth';
import { hubspotRecords } from '../adapters/crm/hubspot-records';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { crmConnectionRepository } from '../adapters/repositories/crm-connection.repository';
import { tokenKeys } from '../adapters/token-keys';
import { crmAccessToken } from '../domain/crm-access-token.use-case';
import { listHubspotPages } from '../domain/crm/list-hubspot-pages.use-case';
import { httpHandler } from '../lib/http';

/** `GET /api/hubspot/pages/{id}?types=`: the landing pages, site pages and blog posts of the advertiser's portal. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, query, page }) =>
  listHubspotPages(
    { agencyId: caller.agencyId, advertiserId: params.id, types: query.types, page },
    {
      advertisers: advertiserRepository,
      accessToken: async (agencyId, advertiserId) =>
        (
          await crmAccessToken(
            { agencyId, advertiserId },
            { crm: crmConnectionRepository, oauth: hubspotOAuth(), keys: tokenKeys, now: () => new Date() },
          )
        ).accessToken,
      records: hubspotRecords(),
    },
  ),
);
