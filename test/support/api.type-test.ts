/**
 * Compile-time proof that the test client is typed by the operation's schemas: `tsc -b` compiles this
 * file and each `@ts-expect-error` fails the build if the line under it ever compiles. Nothing here runs.
 */
import { advertiser, campaign, creative, type TAdvertiser, type TCampaign } from '@bidgrid/shared';
import { callFormOperation, callOperation, callOperationUnchecked } from './api';

export async function typeChecks(token: string): Promise<void> {
  // Inputs and the reply's payload come from the operation.
  const reply = await callOperation(campaign.listCampaignsByAdvertiser, {
    token,
    params: { advertiserId: 'bgAdvertiser-1' },
    query: { timeFrame: '7_DAYS' },
  });
  const campaigns: TCampaign[] | undefined = reply.body.payload;
  const created = await callOperation(advertiser.getAdvertiser, { token, params: { id: 'bgAdvertiser-1' } });
  const one: TAdvertiser | undefined = created.body.payload;

  // @ts-expect-error reading a field the payload schema lacks
  void reply.body.payload?.[0]?.campaignName;

  // @ts-expect-error a wrong path parameter name
  await callOperation(advertiser.getAdvertiser, { token, params: { advertiserId: 'bgAdvertiser-1' } });

  await callOperation(campaign.listCampaignsByAdvertiser, {
    token,
    params: { advertiserId: 'a' },
    // @ts-expect-error a query value the schema refuses
    query: { timeFrame: 'EVER' },
  });

  // @ts-expect-error a body without its required fields
  await callOperation(campaign.archiveCampaign, { token, body: { bgCampaignId: 'bg-campaign-1' } });

  // A form operation's body is typed the same way.
  await callFormOperation(creative.uploadCreative, {
    token,
    body: {
      name: 'banner.png',
      sourceUrl: 'https://assets.example/banner.png',
      size: 1000,
      mimetype: 'image/png',
      width: 300,
      height: 250,
      advertiser_id: 1,
      bg_advertiser_id: 'bgAdvertiser-1',
      click_url: 'https://acme.example/',
      adGroupId: 'bg-ad-group-1',
    },
  });
  // @ts-expect-error a form body with a value the schema refuses
  await callFormOperation(creative.uploadCreative, { token, body: { name: 'x', mimetype: 'text/plain' } });

  // The escape hatch sends anything, on purpose, and types nothing.
  const bad = await callOperationUnchecked(campaign.archiveCampaign, { token, body: { bgCampaignId: 1 } });
  const unknownPayload: unknown = bad.body.payload;

  void [campaigns, one, unknownPayload];
}
