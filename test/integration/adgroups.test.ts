import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adgroup as adGroupOps, advertiser as advertiserOps, creative as creativeOps } from '@bidgrid/shared';
import type { TCreative, TCreativeForm } from '@bidgrid/shared';
import { VALIDATION_MESSAGES as M } from '@bidgrid/shared/common/messages';
import { mp4Clip, pngBanner } from '@bidgrid/local/seed/creative-assets';
import { accessTokenFor, callFormOperation, callOperation, callOperationUnchecked } from '../support/api';
import { stackInfo } from '../support/stack';
import { bidderCall, bidderRow, fixtureIds, makeCampaign } from './campaigns.fixtures';

const { createAdGroup, getAdGroup, listAdGroupsByCampaign, deleteAdGroup, listAdGroupTemplates, getAdGroupTemplate } =
  adGroupOps;
const {
  createCreative,
  uploadCreative,
  getCreativeUploadUrl,
  listCreativesByAdGroup,
  updateCreativesLandingPage,
  deleteCreative,
  listCreativeTemplatesByAdGroupTemplate,
} = creativeOps;

const ACME = 'bgAdvertiser-demo-acme';
const ENTERPRISE = 'bg-campaign-demo-enterprise';
const ENTERPRISE_AD_GROUP = 'bg-ad-group-demo-enterprise';

const demo = () => accessTokenFor('demo');
const rival = () => accessTokenFor('rival');

async function creativesOf(adGroupId: string, token?: string) {
  return callOperation(listCreativesByAdGroup, {
    token: token ?? (await demo()),
    params: { id: adGroupId },
  });
}

async function acmeBidderId(): Promise<number> {
  const reply = await callOperation(advertiserOps.getAdvertiser, {
    token: await demo(),
    params: { id: ACME },
  });
  return reply.body.payload?.beeswaxAdvertiserId as number;
}

/** A creative form call (multipart/form-data, as the browser sends it), typed by the operation's form schema. */
async function postCreative(
  op: typeof uploadCreative | typeof createCreative,
  fields: Omit<TCreativeForm, 'file'>,
  file?: { name: string; type: string; data: Buffer },
  token?: string,
) {
  const asset = file ? { file: new File([new Uint8Array(file.data)], file.name, { type: file.type }) } : {};
  return callFormOperation(op, { token: token ?? (await demo()), body: { ...fields, ...asset } });
}

/** The PNG's size from its IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

describe('ad groups and creatives of a campaign', () => {
  it('lists the ad groups and their creatives, whose assets are real files behind presigned URLs', async () => {
    // Act
    const groups = await callOperation(listAdGroupsByCampaign, {
      token: await demo(),
      params: { id: ENTERPRISE },
    });
    const one = await callOperation(getAdGroup, { token: await demo(), params: { id: ENTERPRISE_AD_GROUP } });
    const creatives = await creativesOf(ENTERPRISE_AD_GROUP);
    const video = await creativesOf('bg-ad-group-demo-video');
    // Assess
    expect(groups.body.payload).toEqual([
      expect.objectContaining({ adGroupId: ENTERPRISE_AD_GROUP, adGroupType: 'image' }),
    ]);
    expect(one.body.payload?.name).toBe('Enterprise banners');
    expect(creatives.body.payload).toHaveLength(3);
    for (const creative of creatives.body.payload ?? []) {
      const asset = Buffer.from(await (await fetch(creative.creativeSrc)).arrayBuffer());
      expect(asset.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(pngSize(asset)).toEqual({ width: creative.width, height: creative.height });
      expect(asset.length).toBe(creative.size);
    }
    const clip = video.body.payload?.[0];
    expect(clip?.creativeType).toBe('video/mp4');
    const mp4 = Buffer.from(await (await fetch(clip?.creativeSrc ?? '')).arrayBuffer());
    expect(mp4.subarray(4, 8).toString('ascii')).toBe('ftyp');
  });

  it('answers 400 for malformed ids and 404 to another agency', async () => {
    expect((await callOperation(listAdGroupsByCampaign, { token: await demo(), params: { id: 'x' } })).status).toBe(
      400,
    );
    expect(
      (await callOperation(getAdGroup, { token: await demo(), params: { id: 'bg-ad-group-template-1' } })).status,
    ).toBe(400);
    expect((await creativesOf('nope')).status).toBe(400);
    expect(
      (await callOperation(listAdGroupsByCampaign, { token: await rival(), params: { id: ENTERPRISE } })).status,
    ).toBe(404);
    expect(
      (await callOperation(getAdGroup, { token: await rival(), params: { id: ENTERPRISE_AD_GROUP } })).status,
    ).toBe(404);
    expect((await creativesOf(ENTERPRISE_AD_GROUP, await rival())).status).toBe(404);
  });
});

describe('replacing a campaign ad group (001 §4)', () => {
  it('creates the new ad group and creatives, then deletes the old ones, at the bidder too', async () => {
    // Prepare
    const fixture = await makeCampaign();
    const old = await fixtureIds(fixture);
    const token = await demo();
    const advertiserId = await acmeBidderId();
    const oldCreatives = (await creativesOf(old.adGroupId)).body.payload ?? [];
    const lineItemCount = fixture.companies?.length ?? 1;

    // Act 1: the new ad group.
    const created = await callOperation(createAdGroup, {
      token,
      body: {
        bgAdvertiserId: ACME,
        bgCampaignId: fixture.id,
        name: 'Replacement',
        description: '',
        adGroupType: 'image',
      },
    });
    expect(created.status).toBe(200);
    const adGroupId = created.body.payload?.adGroupId as string;

    // Act 2: one creative through a presigned upload, one as a file part, one from an existing asset.
    const banner = pngBanner(300, 250, [0, 90, 160], [250, 160, 0]);
    const upload = await callOperation(getCreativeUploadUrl, {
      token,
      query: { bgAdvertiserId: ACME, fileName: 'new banner.png', mimetype: 'image/png', size: String(banner.length) },
    });
    expect(upload.status).toBe(200);
    const put = await fetch(upload.body.payload?.uploadUrl ?? '', {
      method: 'PUT',
      headers: upload.body.payload?.headers ?? {},
      body: new Uint8Array(banner),
    });
    expect(put.status).toBe(200);
    const common = {
      description: 'replacement',
      advertiser_id: String(advertiserId),
      bg_advertiser_id: ACME,
      click_url: 'https://acmerobotics.example/new',
      adGroupId,
      bgCampaignId: fixture.id,
    };
    const fromUpload = await postCreative(uploadCreative, {
      ...common,
      name: 'New rectangle',
      sourceUrl: upload.body.payload?.sourceUrl ?? '',
      size: String(banner.length),
      mimetype: 'image/png',
      width: '300',
      height: '250',
    });
    const leaderboard = pngBanner(728, 90, [0, 90, 160], [250, 160, 0]);
    const fromFile = await postCreative(
      uploadCreative,
      {
        ...common,
        name: 'New leaderboard',
        size: String(leaderboard.length),
        mimetype: 'image/png',
        width: '728',
        height: '90',
      },
      { name: 'leaderboard.png', type: 'image/png', data: leaderboard },
    );
    const fromAsset = await postCreative(createCreative, {
      ...common,
      name: 'Reused rectangle',
      sourceUrl: oldCreatives[0]?.creativeSrc ?? '',
      size: String(oldCreatives[0]?.size),
      mimetype: 'image/png',
      width: '300',
      height: '250',
    });
    expect([fromUpload.status, fromFile.status, fromAsset.status]).toEqual([200, 200, 200]);

    // Act 3: delete the old ad group, then the old creatives.
    const removed = await callOperation(deleteAdGroup, { token, body: { adGroupId: old.adGroupId } });
    expect(removed.status).toBe(200);
    for (const c of oldCreatives) expect((await bidderRow('creative', c.beeswaxCreativeId))?.['active']).toBe(false);
    for (const c of oldCreatives) {
      const gone = await callOperation(deleteCreative, {
        token,
        body: { bgCreativeId: c.bgCreativeId, beeswaxCreativeId: c.beeswaxCreativeId },
      });
      expect(gone.status).toBe(200);
    }

    // Assess
    const groups = await callOperation(listAdGroupsByCampaign, { token, params: { id: fixture.id } });
    expect(groups.body.payload?.map((g) => g.adGroupId)).toEqual([adGroupId]);
    const fresh = (await creativesOf(adGroupId)).body.payload ?? [];
    expect(fresh.map((c) => c.name).sort()).toEqual(['New leaderboard', 'New rectangle', 'Reused rectangle']);
    for (const c of fresh) {
      const links = await bidderCall<unknown[]>('GET', `/rest/creative_line_item?creative_id=${c.beeswaxCreativeId}`);
      expect(links.payload).toHaveLength(lineItemCount);
      const asset = Buffer.from(await (await fetch(c.creativeSrc)).arrayBuffer());
      expect(pngSize(asset)).toEqual({ width: c.width, height: c.height });
    }
    for (const c of oldCreatives) expect(await bidderRow('creative', c.beeswaxCreativeId)).toBeUndefined();
    expect((await creativesOf(old.adGroupId)).status).toBe(404);
    // The reused asset is a copy: deleting its source left it in place.
    expect((await fetch(fresh.find((c) => c.name === 'Reused rectangle')?.creativeSrc ?? '')).status).toBe(200);
  });

  it('refuses what does not fit the campaign or the files', async () => {
    const fixture = await makeCampaign();
    const { adGroupId } = await fixtureIds(fixture);
    const token = await demo();
    const advertiserId = String(await acmeBidderId());
    const wrongType = await callOperation(createAdGroup, {
      token,
      body: { bgAdvertiserId: ACME, bgCampaignId: fixture.id, name: 'Video', adGroupType: 'video' },
    });
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.fieldErrors ?? {})).toEqual(['adGroupType']);
    const badBody = await callOperationUnchecked(createAdGroup, { token, body: { bgAdvertiserId: ACME, name: '' } });
    expect(badBody.status).toBe(400);
    expect(Object.keys(badBody.body.fieldErrors ?? {}).sort()).toEqual(['adGroupType', 'bgCampaignId', 'name']);

    const common = {
      description: '',
      advertiser_id: advertiserId,
      bg_advertiser_id: ACME,
      click_url: 'https://acmerobotics.example/x',
      adGroupId,
    };
    const png = pngBanner(300, 250, [1, 2, 3], [4, 5, 6]);
    const video = await postCreative(
      uploadCreative,
      { ...common, name: 'Clip', size: String(png.length), mimetype: 'video/mp4', width: '300', height: '250' },
      { name: 'clip.mp4', type: 'video/mp4', data: png },
    );
    expect(video.status).toBe(400);
    expect(video.body.fieldErrors?.['mimetype']).toEqual([M.displayCampaignOnlyImages]);
    const lying = await postCreative(
      uploadCreative,
      { ...common, name: 'Lie', size: String(png.length), mimetype: 'image/png', width: '728', height: '90' },
      { name: 'lie.png', type: 'image/png', data: png },
    );
    expect(lying.status).toBe(400);
    expect(Object.keys(lying.body.fieldErrors ?? {})).toEqual(['width']);
    const info = stackInfo();
    const stolen = await postCreative(createCreative, {
      ...common,
      name: 'Stolen',
      sourceUrl: `${info.s3Endpoint}/${info.bucket}/creatives/bgAgency-rival/bgCreative-rival-spring-1/spring.png`,
      size: String(png.length),
      mimetype: 'image/png',
      width: '300',
      height: '250',
    });
    expect(stolen.status).toBe(400);
    expect(Object.keys(stolen.body.fieldErrors ?? {})).toEqual(['sourceUrl']);
    const tooBig = await callOperation(getCreativeUploadUrl, {
      token,
      query: { bgAdvertiserId: ACME, fileName: 'huge.png', mimetype: 'image/png', size: '900000' },
    });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.fieldErrors?.['size']).toEqual(['File with the wrong size: huge.png, 900000 bytes.']);
  });

  it("keeps another agency out of the demo agency's ad groups and creatives", async () => {
    const token = await rival();
    const creatives = (await creativesOf(ENTERPRISE_AD_GROUP)).body.payload ?? [];
    const target = creatives[0] as TCreative;
    const attempts = await Promise.all([
      callOperation(createAdGroup, {
        token,
        body: { bgAdvertiserId: ACME, bgCampaignId: ENTERPRISE, name: 'Mine now', adGroupType: 'image' },
      }),
      callOperation(deleteAdGroup, { token, body: { adGroupId: ENTERPRISE_AD_GROUP } }),
      callOperation(deleteCreative, {
        token,
        body: { bgCreativeId: target.bgCreativeId, beeswaxCreativeId: target.beeswaxCreativeId },
      }),
      callOperation(updateCreativesLandingPage, {
        token,
        body: { adGroupId: ENTERPRISE_AD_GROUP, landingPage: 'https://evil.example' },
      }),
      callOperation(getCreativeUploadUrl, {
        token,
        query: { bgAdvertiserId: ACME, fileName: 'x.png', mimetype: 'image/png', size: '1000' },
      }),
      postCreative(
        uploadCreative,
        {
          name: 'x',
          description: '',
          advertiser_id: '1',
          bg_advertiser_id: ACME,
          click_url: 'https://evil.example',
          adGroupId: ENTERPRISE_AD_GROUP,
          size: '1000',
          mimetype: 'image/png',
          width: '300',
          height: '250',
          sourceUrl: target.creativeSrc,
        },
        undefined,
        token,
      ),
    ]);
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await creativesOf(ENTERPRISE_AD_GROUP)).body.payload).toEqual(
      creatives.map((c) => ({ ...c, creativeSrc: expect.any(String) })),
    );
  });
});

describe('creatives from a presigned upload get the checks of a direct upload', () => {
  /** Gets a presigned upload for `declared`, PUTs `data` under the declared type, as a browser would. */
  async function upload(
    data: Buffer,
    declared: { fileName: string; mimetype: 'image/png' | 'video/mp4' },
    token: string,
  ) {
    const issued = await callOperation(getCreativeUploadUrl, {
      token,
      query: { bgAdvertiserId: ACME, size: String(data.length), ...declared },
    });
    expect(issued.status).toBe(200);
    const payload = issued.body.payload;
    if (!payload) throw new Error('No upload URL issued');
    const put = await fetch(payload.uploadUrl, { method: 'PUT', headers: payload.headers, body: new Uint8Array(data) });
    expect(put.status).toBe(200);
    return payload.sourceUrl;
  }

  async function creativeFields(adGroupId: string) {
    return {
      description: '',
      advertiser_id: String(await acmeBidderId()),
      bg_advertiser_id: ACME,
      click_url: 'https://acmerobotics.example/checked',
      adGroupId,
    };
  }

  it('refuses an SVG with a script sent as image/png and a PNG of another size: no creative, upload gone', async () => {
    // Prepare
    const fixture = await makeCampaign();
    const { adGroupId } = await fixtureIds(fixture);
    const token = await demo();
    const before = (await creativesOf(adGroupId)).body.payload ?? [];
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="250"><script>alert(document.domain)</script></svg>',
    );
    const svgSource = await upload(svg, { fileName: 'banner.png', mimetype: 'image/png' }, token);
    const leaderboard = pngBanner(728, 90, [10, 20, 30], [40, 50, 60]);
    const wrongSizeSource = await upload(leaderboard, { fileName: 'rectangle.png', mimetype: 'image/png' }, token);
    const fields = await creativeFields(adGroupId);

    // Act
    const svgReply = await postCreative(uploadCreative, {
      ...fields,
      name: 'Not an image',
      sourceUrl: svgSource,
      size: String(svg.length),
      mimetype: 'image/png',
      width: '300',
      height: '250',
    });
    const sizeReply = await postCreative(uploadCreative, {
      ...fields,
      name: 'Wrong size',
      sourceUrl: wrongSizeSource,
      size: String(leaderboard.length),
      mimetype: 'image/png',
      width: '300',
      height: '250',
    });

    // Assess
    expect(svgReply.status).toBe(400);
    expect(svgReply.body.fieldErrors).toEqual({
      sourceUrl: ['File of an unsupported type: banner.png, unknown type.'],
    });
    expect(sizeReply.status).toBe(400);
    expect(sizeReply.body.fieldErrors).toEqual({ width: ['The image is 728x90, not 300x250'] });
    expect((await creativesOf(adGroupId)).body.payload).toEqual(
      before.map((c) => ({ ...c, creativeSrc: expect.any(String) })),
    );
    expect((await fetch(svgSource)).status).toBe(404);
    expect((await fetch(wrongSizeSource)).status).toBe(404);
  });

  it('stores a good upload under its checked type and serves it with that type and nosniff', async () => {
    const fixture = await makeCampaign();
    const { adGroupId } = await fixtureIds(fixture);
    const token = await demo();
    const banner = pngBanner(300, 250, [0, 90, 160], [250, 160, 0]);
    const sourceUrl = await upload(banner, { fileName: 'checked.png', mimetype: 'image/png' }, token);
    const reply = await postCreative(uploadCreative, {
      ...(await creativeFields(adGroupId)),
      name: 'Checked',
      sourceUrl,
      size: String(banner.length),
      mimetype: 'image/png',
      width: '300',
      height: '250',
    });
    expect(reply.status).toBe(200);
    const served = await fetch(reply.body.payload?.creativeSrc ?? '');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(banner)).toBe(true);
  });

  it("takes an uploaded video's duration from its file, not from the form", async () => {
    const fixture = await makeCampaign({
      video: true,
      adGroupName: 'Clips',
      creatives: [{ name: 'Clip 15s', width: 640, height: 352, seconds: 15 }],
    });
    const { adGroupId } = await fixtureIds(fixture);
    const clip = mp4Clip(640, 352, 30, [0, 0, 0], [255, 255, 255]);
    const sourceUrl = await upload(clip, { fileName: 'clip.mp4', mimetype: 'video/mp4' }, await demo());
    const reply = await postCreative(uploadCreative, {
      ...(await creativeFields(adGroupId)),
      name: 'Clip 30s',
      sourceUrl,
      size: String(clip.length),
      mimetype: 'video/mp4',
      width: '640',
      height: '352',
      duration: '12',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toMatchObject({ creativeType: 'video/mp4', duration: 30 });
  });
});

describe('ids and parents of new ad groups and creatives', () => {
  const RIVAL_ADVERTISER = 'bgAdvertiser-rival-orbit';
  const adGroupBody = (overrides: {
    bgCampaignId: string;
    adGroupId?: string;
    bgAdvertiserId?: string;
    name?: string;
  }) => ({
    bgAdvertiserId: ACME,
    name: 'Ids',
    adGroupType: 'image' as const,
    ...overrides,
  });

  it('refuses a client id of the wrong prefix (400) and an ad group id that is taken (409)', async () => {
    const token = await demo();
    const fixture = await makeCampaign();
    const wrongPrefix = await callOperation(createAdGroup, {
      token,
      body: adGroupBody({ bgCampaignId: fixture.id, adGroupId: 'bg-ad-group-template-sneaky' }),
    });
    expect(wrongPrefix.status).toBe(400);
    expect(Object.keys(wrongPrefix.body.fieldErrors ?? {})).toEqual(['adGroupId']);
    const id = `bg-ad-group-it-${randomUUID()}`;
    const first = await callOperation(createAdGroup, {
      token,
      body: adGroupBody({ bgCampaignId: fixture.id, adGroupId: id }),
    });
    const again = await callOperation(createAdGroup, {
      token,
      body: adGroupBody({ bgCampaignId: fixture.id, adGroupId: id }),
    });
    const seeded = await callOperation(createAdGroup, {
      token,
      body: adGroupBody({ bgCampaignId: fixture.id, adGroupId: ENTERPRISE_AD_GROUP }),
    });
    expect([first.status, again.status, seeded.status]).toEqual([200, 409, 409]);
  });

  it("answers 404 to an ad group under another agency's campaign id, made or only reserved by the wizard", async () => {
    // Prepare: demo's wizard reserves a fresh campaign id with its first ad group.
    const draftCampaign = `bg-campaign-it-${randomUUID()}`;
    const draft = await callOperation(createAdGroup, {
      token: await demo(),
      body: adGroupBody({ bgCampaignId: draftCampaign }),
    });
    expect(draft.status).toBe(200);
    // Act: the rival, with an advertiser of its own, names demo's campaigns.
    const token = await rival();
    const onMade = await callOperation(createAdGroup, {
      token,
      body: adGroupBody({ bgAdvertiserId: RIVAL_ADVERTISER, bgCampaignId: ENTERPRISE }),
    });
    const onReserved = await callOperation(createAdGroup, {
      token,
      body: adGroupBody({ bgAdvertiserId: RIVAL_ADVERTISER, bgCampaignId: draftCampaign }),
    });
    // Assess
    expect([onMade.status, onReserved.status]).toEqual([404, 404]);
    expect(JSON.stringify([onMade.body, onReserved.body])).not.toContain('Enterprise');
    // Demo keeps building on its own reserved id.
    const second = await callOperation(createAdGroup, {
      token: await demo(),
      body: adGroupBody({ bgCampaignId: draftCampaign }),
    });
    expect(second.status).toBe(200);
  });

  it("answers 409 to the rival's ad group under demo's ad-group id, and the rival's reads of that id stay 404", async () => {
    // Prepare: demo's seeded ad group; the rival's own advertiser and a campaign id of its own.
    const token = await rival();
    const before = await callOperation(getAdGroup, { token: await demo(), params: { id: ENTERPRISE_AD_GROUP } });

    // Act: the request.
    const taken = await callOperation(createAdGroup, {
      token,
      body: adGroupBody({
        adGroupId: ENTERPRISE_AD_GROUP,
        bgAdvertiserId: RIVAL_ADVERTISER,
        bgCampaignId: `bg-campaign-it-${randomUUID()}`,
      }),
    });
    const rivalRead = await callOperation(getAdGroup, { token, params: { id: ENTERPRISE_AD_GROUP } });
    const rivalCreatives = await creativesOf(ENTERPRISE_AD_GROUP, token);

    // Assess
    expect([taken.status, rivalRead.status, rivalCreatives.status]).toEqual([409, 404, 404]);
    const after = await callOperation(getAdGroup, { token: await demo(), params: { id: ENTERPRISE_AD_GROUP } });
    expect(after.body.payload).toEqual(before.body.payload);
  });

  it("answers 409 to the rival's creative under demo's creative id, in an ad group of the rival's own", async () => {
    // Prepare: a demo creative's id, and the rival's own ad group with a file to upload.
    const [demoCreative] = (await creativesOf(ENTERPRISE_AD_GROUP)).body.payload ?? [];
    if (!demoCreative) throw new Error('The seeded ad group has no creative');
    const token = await rival();
    const own = await callOperation(createAdGroup, {
      token,
      body: adGroupBody({ bgAdvertiserId: RIVAL_ADVERTISER, bgCampaignId: `bg-campaign-it-${randomUUID()}` }),
    });
    const rivalAdGroup = own.body.payload?.adGroupId ?? '';
    const rivalAdvertiser = await callOperation(advertiserOps.getAdvertiser, {
      token,
      params: { id: RIVAL_ADVERTISER },
    });
    const banner = pngBanner(300, 250, [20, 20, 20], [200, 0, 0]);

    // Act
    const taken = await postCreative(
      uploadCreative,
      {
        name: 'Not yours',
        description: '',
        advertiser_id: String(rivalAdvertiser.body.payload?.beeswaxAdvertiserId),
        bg_advertiser_id: RIVAL_ADVERTISER,
        bg_creative_id: demoCreative.bgCreativeId,
        click_url: 'https://orbit.example/x',
        adGroupId: rivalAdGroup,
        size: String(banner.length),
        mimetype: 'image/png',
        width: '300',
        height: '250',
      },
      { name: 'banner.png', type: 'image/png', data: banner },
      token,
    );

    // Assess
    expect([own.status, taken.status]).toEqual([200, 409]);
    expect((await creativesOf(rivalAdGroup, token)).body.payload).toEqual([]);
    const demos = (await creativesOf(ENTERPRISE_AD_GROUP)).body.payload?.find(
      (c) => c.bgCreativeId === demoCreative.bgCreativeId,
    );
    expect(demos).toMatchObject({ name: demoCreative.name, adGroupId: ENTERPRISE_AD_GROUP });
  });

  it('refuses a creative id taken by another ad group (409), leaving that creative and its asset as they were', async () => {
    // Prepare: a campaign with a creative, and a second ad group of it.
    const fixture = await makeCampaign();
    const { creativeIds } = await fixtureIds(fixture);
    const token = await demo();
    const taken = (await creativesOf((await fixtureIds(fixture)).adGroupId)).body.payload?.find(
      (c) => c.bgCreativeId === creativeIds[0],
    ) as TCreative;
    const other = await callOperation(createAdGroup, {
      token,
      body: adGroupBody({ bgCampaignId: fixture.id, name: 'Second' }),
    });
    // Act: a creative of the second ad group under the taken id, from the taken creative's own asset.
    const reply = await postCreative(createCreative, {
      name: 'Reused id',
      description: '',
      advertiser_id: String(await acmeBidderId()),
      bg_advertiser_id: ACME,
      bg_creative_id: taken.bgCreativeId,
      click_url: 'https://acmerobotics.example/x',
      adGroupId: other.body.payload?.adGroupId ?? '',
      sourceUrl: taken.creativeSrc,
      size: String(taken.size),
      mimetype: taken.creativeType,
      width: String(taken.width),
      height: String(taken.height),
    });
    // Assess
    expect(reply.status).toBe(409);
    const after = (await creativesOf((await fixtureIds(fixture)).adGroupId)).body.payload?.find(
      (c) => c.bgCreativeId === taken.bgCreativeId,
    ) as TCreative;
    expect(after).toMatchObject({ name: taken.name, adGroupId: taken.adGroupId });
    expect((await fetch(after.creativeSrc)).status).toBe(200);
    expect((await creativesOf(other.body.payload?.adGroupId ?? '')).body.payload).toEqual([]);
  });
});

describe('PUT /api/creatives/updateLandingPage and DELETE /api/creatives/delete', () => {
  it('sets the click URL of every creative of the ad group, here and at the bidder', async () => {
    const fixture = await makeCampaign();
    const { adGroupId } = await fixtureIds(fixture);
    const token = await demo();
    const reply = await callOperation(updateCreativesLandingPage, {
      token,
      body: { adGroupId, landingPage: 'https://acmerobotics.example/landing?utm_campaign=q4' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload?.map((c) => c.click_url)).toEqual([
      'https://acmerobotics.example/landing?utm_campaign=q4',
      'https://acmerobotics.example/landing?utm_campaign=q4',
    ]);
    for (const c of reply.body.payload ?? []) {
      expect((await bidderRow('creative', c.beeswaxCreativeId))?.['click_url']).toBe(
        'https://acmerobotics.example/landing?utm_campaign=q4',
      );
    }
    const unsafe = await callOperation(updateCreativesLandingPage, {
      token,
      body: { adGroupId, landingPage: 'javascript:alert(1)' },
    });
    expect(unsafe.status).toBe(400);
    expect(Object.keys(unsafe.body.fieldErrors ?? {})).toEqual(['landingPage']);
  });

  it("refuses a creative whose bidder id is not the creative's", async () => {
    const fixture = await makeCampaign();
    const { creativeIds } = await fixtureIds(fixture);
    const reply = await callOperation(deleteCreative, {
      token: await demo(),
      body: { bgCreativeId: String(creativeIds[0]), beeswaxCreativeId: 999_999 },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fieldErrors ?? {})).toEqual(['beeswaxCreativeId']);
    const malformed = await callOperationUnchecked(deleteCreative, {
      token: await demo(),
      body: { bgCreativeId: 'c-1' },
    });
    expect(malformed.status).toBe(400);
  });
});

describe("'Choose creatives from templates' (ad-group templates)", () => {
  const EVERGREEN = 'bg-ad-group-template-demo-evergreen';

  it("lists the advertiser's templates and their creatives, and makes a campaign's new ad group from them", async () => {
    // Prepare
    const token = await demo();
    const templates = await callOperation(listAdGroupTemplates, {
      token,
      params: { advertiserId: ACME },
    });
    const one = await callOperation(getAdGroupTemplate, { token, params: { id: EVERGREEN } });
    const creatives = await callOperation(listCreativeTemplatesByAdGroupTemplate, {
      token,
      params: { id: EVERGREEN },
    });
    expect(templates.body.payload?.map((t) => t.id)).toEqual(
      expect.arrayContaining([EVERGREEN, 'bg-ad-group-template-demo-video-cuts']),
    );
    expect(one.body.payload).toMatchObject({ name: 'Evergreen display set', adGroupType: 'image' });
    expect(creatives.body.payload).toHaveLength(3);
    const fixture = await makeCampaign();
    const advertiserId = String(await acmeBidderId());
    const created = await callOperation(createAdGroup, {
      token,
      body: { bgAdvertiserId: ACME, bgCampaignId: fixture.id, name: 'From template', adGroupType: 'image' },
    });
    const adGroupId = created.body.payload?.adGroupId as string;
    // Act
    for (const t of creatives.body.payload ?? []) {
      const reply = await postCreative(createCreative, {
        name: t.name,
        description: t.description,
        sourceUrl: t.creativeTemplateSrc,
        size: String(t.size_in_bytes),
        mimetype: t.creativeType,
        width: String(t.width),
        height: String(t.height),
        advertiser_id: advertiserId,
        bg_advertiser_id: ACME,
        click_url: 'https://acmerobotics.example/evergreen',
        adGroupId,
        bgCampaignId: fixture.id,
      });
      expect(reply.status).toBe(200);
    }
    // Assess
    const made = (await creativesOf(adGroupId)).body.payload ?? [];
    expect(made.map((c) => c.name).sort()).toEqual((creatives.body.payload ?? []).map((t) => t.name).sort());
    for (const c of made) {
      const asset = Buffer.from(await (await fetch(c.creativeSrc)).arrayBuffer());
      expect(pngSize(asset)).toEqual({ width: c.width, height: c.height });
    }
  });

  it('answers 400 for malformed ids and 404 to another agency', async () => {
    expect(
      (await callOperation(getAdGroupTemplate, { token: await demo(), params: { id: 'bg-ad-group-1' } })).status,
    ).toBe(400);
    expect(
      (await callOperation(listAdGroupTemplates, { token: await rival(), params: { advertiserId: ACME } })).status,
    ).toBe(404);
    expect(
      (await callOperation(listCreativeTemplatesByAdGroupTemplate, { token: await rival(), params: { id: EVERGREEN } }))
        .status,
    ).toBe(404);
  });
});
