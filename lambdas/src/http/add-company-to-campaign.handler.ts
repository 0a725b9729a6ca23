import { addCompanyToCampaign as operation } from '@bidgrid/shared/crm-card/crm-card.operations';
import { crmPortalRepository } from '../adapters/repositories/crm-portal.repository';
import { campaignTargetingChangeDeps } from '../adapters/wiring';
import { addCompanyFromCrm, crmCardUser } from '../domain/crm/crm-card.use-case';
import { httpHandler } from '../entry/http';
import { signedRequests } from '../entry/signed-request-guard';

/** `GET /public/crmcard/add-company-to-campaign`: HubSpot-signed or with a picker ticket for this company. */
export const { handler, raw } = httpHandler(
  operation,
  ({ query, log }) =>
    addCompanyFromCrm(
      {
        portalId: query.portalId,
        campaignId: query.campaignId,
        domain: query.domain,
        companyName: query.companyName,
        hubspotUser: crmCardUser(query),
      },
      { ...campaignTargetingChangeDeps(log), portals: crmPortalRepository },
    ),
  { signed: signedRequests },
);
