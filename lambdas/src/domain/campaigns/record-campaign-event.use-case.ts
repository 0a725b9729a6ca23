import type { TCampaignEvent } from '@bidgrid/shared/campaigns/campaign-create.schema';
import { invalidRequest } from '../../kernel/validation';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CampaignCreationRepository } from '../ports/campaign-creation.port';
import type { CampaignReader } from '../ports/campaign.port';
import { AD_GROUP_MESSAGES } from '../ad-groups/ad-groups.use-case';
import { requireCampaign } from './campaign-access';

/** Ports of the created-campaign record. */
export interface RecordCampaignEventDeps {
  campaigns: CampaignReader;
  advertisers: AdvertiserReader;
  creation: Pick<CampaignCreationRepository, 'recordCreated'>;
  now: () => Date;
}

/**
 * `POST /campaign/event` (001 §7): the wizard says it finished creating a campaign. The campaign must
 * be the caller's (404 otherwise) and the bidder advertiser id its advertiser's; the event goes into
 * the agency's activity record once: a repeat (a retried request, a second tab) records nothing
 * more and answers the same.
 */
export async function recordCampaignEvent(
  input: { agencyId: string; username: string; body: TCampaignEvent },
  deps: RecordCampaignEventDeps,
): Promise<{ bgCampaignId: string; recorded: true }> {
  const { agencyId, body } = input;
  const campaign = await requireCampaign(agencyId, body.bgCampaignId, deps.campaigns);
  const advertiser = await requireAdvertiser(agencyId, campaign.bgAdvertiserId, deps.advertisers);
  if (advertiser.beeswaxAdvertiserId !== body.beeswaxAdvertiserId) {
    const fieldErrors = { beeswaxAdvertiserId: [AD_GROUP_MESSAGES.notThisAdvertiser] };
    throw invalidRequest(fieldErrors);
  }
  await deps.creation.recordCreated(agencyId, {
    bgCampaignId: campaign.bgCampaignId,
    campaignName: body.campaignName,
    beeswaxAdvertiserId: body.beeswaxAdvertiserId,
    username: input.username,
    recordedAt: deps.now().toISOString(),
  });
  return { bgCampaignId: campaign.bgCampaignId, recorded: true };
}
