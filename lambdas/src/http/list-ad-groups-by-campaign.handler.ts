import { listAdGroupsByCampaign as operation } from '@bidgrid/shared/ad-groups/ad-group.operations';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { campaignRepository } from '../adapters/repositories/campaign.repository';
import { listAdGroupsByCampaign } from '../domain/ad-groups/ad-groups.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/adGroups/adgroupbybgcampaignid/{id}`: the campaign's ad groups ('Campaign Creative List'). */
export const { handler, raw } = httpHandler(operation, ({ caller, params, page }) =>
  listAdGroupsByCampaign(
    { agencyId: caller.agencyId, campaignId: params.id, page },
    { adGroups: adGroupRepository, campaigns: campaignRepository },
  ),
);
