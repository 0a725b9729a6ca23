import { describe, expect, it } from 'vitest';
import { advertiser as advertiserOps, creative as creativeOps } from '@bidgrid/shared';
import { pngBanner } from '@bidgrid/local/seed/creative-assets';
import { accessTokenFor, callFormOperation, callOperation } from '../support/api';
import {
  bidderCall,
  bidderRow,
  clearBidderFaults,
  fixtureIds,
  injectBidderFault,
  makeCampaign,
} from './campaigns.fixtures';

const { changeCreative, listCreativesByAdGroup } = creativeOps;
const ACME = 'bgAdvertiser-demo-acme';
const demo = () => accessTokenFor('demo');

/** A fresh campaign of the demo agency, its ad group and first creative as the API lists them. */
async function campaignWithCreative() {
  const campaign = await makeCampaign();
  const { adGroupId } = await fixtureIds(campaign);
  const listed = await callOperation(listCreativesByAdGroup, { token: await demo(), params: { id: adGroupId } });
  const creative = listed.body.payload?.find((c) => c.width === 300);
  if (!creative) throw new Error('no 300x250 creative');
  const advertiser = await callOperation(advertiserOps.getAdvertiser, { token: await demo(), params: { id: ACME } });
  return {
    campaign,
    adGroupId,
    creative,
    lineItems: campaign.companies?.length ?? 1,
    fields: {
      name: 'Autumn rectangle',
      description: 'Changed by a test',
      advertiser_id: String(advertiser.body.payload?.beeswaxAdvertiserId),
      bg_advertiser_id: ACME,
      bg_creative_id: creative.bgCreativeId,
      click_url: 'https://acmerobotics.example/autumn',
      adGroupId,
      mimetype: 'image/png',
      width: '300',
      height: '250',
    } as const,
  };
}

describe('POST /api/creatives/change (001 §7)', () => {
  it("replaces a creative's file: a new bidder creative on every line item, the old one gone", async () => {
    // Prepare
    const { adGroupId, creative, lineItems, fields } = await campaignWithCreative();
    const banner = pngBanner(300, 250, [200, 30, 30], [255, 255, 255]);

    // Act
    const changed = await callFormOperation(changeCreative, {
      token: await demo(),
      body: {
        ...fields,
        size: String(banner.length),
        file: new File([new Uint8Array(banner)], 'autumn.png', { type: 'image/png' }),
      },
    });

    // Assess
    expect(changed.status).toBe(200);
    const next = changed.body.payload;
    expect(next).toMatchObject({ bgCreativeId: creative.bgCreativeId, name: 'Autumn rectangle', size: banner.length });
    expect(next?.beeswaxCreativeId).not.toBe(creative.beeswaxCreativeId);
    const asset = Buffer.from(await (await fetch(next?.creativeSrc ?? '')).arrayBuffer());
    expect(asset.equals(banner)).toBe(true);
    const links = await bidderCall<unknown[]>('GET', `/rest/creative_line_item?creative_id=${next?.beeswaxCreativeId}`);
    expect(links.payload).toHaveLength(lineItems);
    expect(await bidderRow('creative', creative.beeswaxCreativeId)).toBeUndefined();
    expect((await fetch(creative.creativeSrc)).status).not.toBe(200);
    const listed = await callOperation(listCreativesByAdGroup, { token: await demo(), params: { id: adGroupId } });
    expect(listed.body.payload?.find((c) => c.bgCreativeId === creative.bgCreativeId)?.beeswaxCreativeId).toBe(
      next?.beeswaxCreativeId,
    );
  });

  it('changes the name and click URL alone, here and at the bidder', async () => {
    const { creative, fields } = await campaignWithCreative();
    const changed = await callFormOperation(changeCreative, {
      token: await demo(),
      body: { ...fields, size: String(creative.size) },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.payload).toMatchObject({
      beeswaxCreativeId: creative.beeswaxCreativeId,
      click_url: 'https://acmerobotics.example/autumn',
    });
    expect(await bidderRow('creative', creative.beeswaxCreativeId)).toMatchObject({
      creative_name: 'Autumn rectangle',
      click_url: 'https://acmerobotics.example/autumn',
    });
  });

  it('leaves the creative as it was when the bidder fails half way', async () => {
    // Prepare
    const { adGroupId, creative, fields } = await campaignWithCreative();
    const banner = pngBanner(300, 250, [30, 200, 30], [0, 0, 0]);
    await injectBidderFault({ method: 'POST', path: '/rest/creative_line_item', status: 400, times: 1 });

    // Act
    let changed;
    try {
      changed = await callFormOperation(changeCreative, {
        token: await demo(),
        body: {
          ...fields,
          size: String(banner.length),
          file: new File([new Uint8Array(banner)], 'green.png', { type: 'image/png' }),
        },
      });
    } finally {
      await clearBidderFaults();
    }

    // Assess
    expect(changed.status).not.toBe(200);
    expect(changed.body.success).toBe(false);
    const listed = await callOperation(listCreativesByAdGroup, { token: await demo(), params: { id: adGroupId } });
    const now = listed.body.payload?.find((c) => c.bgCreativeId === creative.bgCreativeId);
    expect(now).toMatchObject({ beeswaxCreativeId: creative.beeswaxCreativeId, name: creative.name });
    expect((await bidderRow('creative', creative.beeswaxCreativeId))?.['active']).toBe(true);
  });

  it("answers 404 for another agency's creative", async () => {
    const { fields, creative } = await campaignWithCreative();
    const reply = await callFormOperation(changeCreative, {
      token: await accessTokenFor('rival'),
      body: { ...fields, size: String(creative.size) },
    });
    expect(reply.status).toBe(404);
  });
});
