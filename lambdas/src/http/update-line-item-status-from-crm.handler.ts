import { updateLineItemStatusFromCrm as operation } from '@bidgrid/shared/api/operations/crm-card.operations';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { crmPortalRepository } from '../adapters/repositories/crm-portal.repository';
import { getSecret } from '../adapters/secrets';
import { setLineItemStatusFromCrm } from '../domain/campaigns/crm-line-item-status.use-case';
import { httpHandler } from '../lib/http';

/** `PUT /public/crmcard/line-item-status`: HubSpot-signed line-item switch of a sales-enabled campaign. */
export const { handler, raw } = httpHandler(operation, ({ body, request, log }) =>
  setLineItemStatusFromCrm(
    { request, beeswaxLineItemId: body.beeswaxLineItemId, active: body.active },
    {
      campaigns: campaignRepository,
      portals: crmPortalRepository,
      bidder: bidderClient(),
      secrets: getSecret,
      now: () => new Date(),
      log,
    },
  ),
);
