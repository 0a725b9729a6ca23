import { now } from '@bidgrid/shared/clock';
import { updateLineItemStatus as operation } from '@bidgrid/shared/campaigns/line-item.operations';
import { bidderClient } from '../adapters/bidder/bidder-client';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { setLineItemStatus } from '../domain/campaigns/line-item-status.use-case';
import { httpHandler } from '../entry/http';

/** `PUT /api/lineitem/status`: the dashboard's toggle of a line item of the caller's agency. */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  setLineItemStatus(
    { agencyId: caller.agencyId, beeswaxLineItemId: body.beeswaxLineItemId, active: body.active },
    { campaigns: campaignRepository, adGroups: adGroupRepository, bidder: bidderClient(), now, log },
  ),
);
