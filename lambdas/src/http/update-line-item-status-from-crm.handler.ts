import { now } from '@bidgrid/shared/clock';
import { updateLineItemStatusFromCrm as operation } from '@bidgrid/shared/crm-card/crm-card.operations';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { crmPortalRepository } from '../adapters/repositories/crm-portal.repository';
import { setLineItemStatusFromCrm } from '../domain/campaigns/crm-line-item-status.use-case';
import { httpHandler } from '../entry/http';
import { signedRequests } from '../entry/signed-request-guard';

/** `PUT /public/crmcard/line-item-status`: HubSpot-signed line-item switch of a sales-enabled campaign. */
export const { handler, raw } = httpHandler(
  operation,
  ({ query, body, log }) =>
    setLineItemStatusFromCrm(
      { portalId: query.portalId, beeswaxLineItemId: body.beeswaxLineItemId, active: body.active },
      {
        campaigns: campaignRepository,
        adGroups: adGroupRepository,
        portals: crmPortalRepository,
        bidder: bidderClient(),
        now,
        log,
      },
    ),
  { signed: signedRequests },
);
