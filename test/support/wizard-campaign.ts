import { adgroup as adGroupOps, advertiser as advertiserOps, creative } from '@bidgrid/shared';
import { pngBanner } from '@bidgrid/local/seed/creative-assets';
import { callFormOperation, callOperation } from './api';

/** The bidder's id of an advertiser of the caller. */
export async function bidderAdvertiserId(token: string, advertiserId: string): Promise<number> {
  const reply = await callOperation(advertiserOps.getAdvertiser, { token, params: { id: advertiserId } });
  const id = reply.body.payload?.beeswaxAdvertiserId;
  if (id === undefined) throw new Error(`advertiser ${advertiserId}: ${reply.status} ${reply.body.error ?? ''}`);
  return id;
}

/**
 * What the wizard's Ad Group step does before the campaign exists: an ad group under the new
 * campaign id with one uploaded 300x250 banner. Its ids, for the creation payload.
 */
export async function adGroupWithBanner(
  token: string,
  bgCampaignId: `bg-campaign-${string}`,
  advertiserId: string,
): Promise<{ adGroupId: string; creativeId: `bgCreative-${string}` }> {
  const adGroup = await callOperation(adGroupOps.createAdGroup, {
    token,
    body: {
      bgAdvertiserId: advertiserId as `bgAdvertiser-${string}`,
      bgCampaignId,
      name: 'Creation banners',
      adGroupType: 'image',
    },
  });
  const adGroupId = adGroup.body.payload?.adGroupId;
  if (!adGroupId) throw new Error(`ad group not made: ${adGroup.status} ${adGroup.body.error ?? ''}`);
  const banner = pngBanner(300, 250, [20, 40, 80], [200, 120, 40]);
  const made = await callFormOperation(creative.uploadCreative, {
    token,
    body: {
      name: 'Rectangle',
      description: '',
      size: String(banner.length),
      mimetype: 'image/png',
      width: '300',
      height: '250',
      advertiser_id: String(await bidderAdvertiserId(token, advertiserId)),
      bg_advertiser_id: advertiserId,
      click_url: 'https://acmerobotics.example/winter',
      adGroupId,
      bgCampaignId,
      file: new File([new Uint8Array(banner)], 'rectangle.png', { type: 'image/png' }),
    },
  });
  const creativeId = made.body.payload?.bgCreativeId;
  if (!creativeId) throw new Error(`creative not made: ${made.status} ${made.body.error ?? ''}`);
  return { adGroupId, creativeId: creativeId as `bgCreative-${string}` };
}
