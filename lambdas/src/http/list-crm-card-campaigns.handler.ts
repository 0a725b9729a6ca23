import { listCrmCardCampaigns as operation } from '@bidgrid/shared/crm-card/crm-card.operations';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { crmPortalRepository } from '../adapters/repositories/crm-portal.repository';
import { listCrmCardCampaigns } from '../domain/crm/crm-card.use-case';
import { httpHandler } from '../entry/http';
import { signedRequests } from '../entry/signed-request-guard';

/** `GET /public/crmcard/campaigns`: HubSpot-signed or with a picker ticket; the portal's sales-enabled campaigns. */
export const { handler, raw } = httpHandler(
  operation,
  ({ query }) =>
    listCrmCardCampaigns({ portalId: query.portalId }, { portals: crmPortalRepository, campaigns: campaignRepository }),
  { signed: signedRequests },
);
