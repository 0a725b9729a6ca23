import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { ConflictError, NotFoundError } from '../../kernel/errors';
import type { BadRequestError } from '../../kernel/errors';
import type { TCreativeRecord } from '../campaigns/campaign-records.schema';
import {
  adGroupFixture,
  campaignFixture,
  creativeFixture as sharedCreativeFixture,
  lineItemFixture,
  MEMORY_BUCKET_URL,
  memoryCreativeWorld,
} from '../campaigns/test-campaign-fakes';
import { mp4Bytes, pngBytes, svgWithScript } from '../../test-media';
import { createAdGroup, deleteAdGroup, deleteCreative, updateCreativesLandingPage } from './ad-groups.use-case';
import { createCreative, getCreativeUploadUrl } from './create-creative.use-case';
import type { TCreativeFormInput } from './create-creative.use-case';

const NOW = new Date('2026-11-25T12:00:00Z');
const A = 'bgAgency-demo';

/** The demo campaign's banner `n` (ids, name, day and asset of its own). */
const creativeFixture = (n: number): TCreativeRecord =>
  sharedCreativeFixture({
    bgCreativeId: `bgCreative-${n}`,
    beeswaxCreativeId: 900 + n,
    name: `Banner ${n}`,
    createdAt: `2026-11-0${n}T10:00:00.000Z`,
    assetKey: `creatives/${A}/bgCreative-${n}/banner.png`,
  });

function world() {
  return memoryCreativeWorld({
    adGroups: [adGroupFixture()],
    creatives: [creativeFixture(1), creativeFixture(2)],
    lineItems: [lineItemFixture(), lineItemFixture({ beeswaxLineItemId: 72, active: false })],
    now: NOW,
  });
}

/** A stored 300x250 PNG of `size` bytes (the form's defaults). */
const bytes = (size: number): { data: Uint8Array; type: string } => ({
  data: pngBytes(300, 250, size),
  type: 'image/png',
});

const form = (overrides: Record<string, unknown> = {}): TCreativeFormInput =>
  ({
    name: 'New banner',
    size: 1000,
    mimetype: 'image/png' as const,
    description: '',
    height: 250,
    width: 300,
    advertiser_id: 101,
    bg_advertiser_id: 'bgAdvertiser-acme',
    click_url: 'https://acme.example/new',
    adGroupId: 'bg-ad-group-1',
    duration: undefined,
    ...overrides,
  }) as TCreativeFormInput;

describe('createAdGroup: ids and parents', () => {
  const body = (overrides: Record<string, unknown> = {}) =>
    ({
      bgAdvertiserId: 'bgAdvertiser-acme',
      bgCampaignId: 'bg-campaign-new-1',
      name: 'Banners',
      description: '',
      adGroupType: 'image',
      ...overrides,
    }) as Parameters<typeof createAdGroup>[0]['body'];

  it("reserves a campaign id the wizard has not used yet for the caller's agency", async () => {
    const w = world();
    const adGroup = await createAdGroup({ agencyId: A, username: 'demo', body: body() }, w.deps);
    expect(adGroup).toMatchObject({ bgCampaignId: 'bg-campaign-new-1', createdBy: 'demo' });
    expect(adGroup.adGroupId).toMatch(/^bg-ad-group-[0-9a-f-]{36}$/);
    // Another agency can no longer build on it.
    await expect(
      w.campaigns.repo.putNewCampaign(
        campaignFixture({ agencyId: 'bgAgency-rival', bgCampaignId: 'bg-campaign-new-1' }),
        [],
        ZTargetingSelections.parse({}),
      ),
    ).resolves.toBe(false);
  });

  it("answers 404 for another agency's campaign id, existing or reserved, and stores nothing", async () => {
    const w = world();
    await w.campaigns.repo.reserveCampaignId('bgAgency-rival', 'bg-campaign-rival-draft');
    w.campaigns.byId.set(
      'bgAgency-rival|bg-campaign-rival-q3',
      campaignFixture({
        agencyId: 'bgAgency-rival',
        bgCampaignId: 'bg-campaign-rival-q3',
      }),
    );
    for (const campaignId of ['bg-campaign-rival-draft', 'bg-campaign-rival-q3']) {
      await expect(
        createAdGroup({ agencyId: A, username: 'demo', body: body({ bgCampaignId: campaignId }) }, w.deps),
      ).rejects.toBeInstanceOf(NotFoundError);
    }
    expect(w.adGroups.groups.size).toBe(1);
  });

  it('answers 409 for an ad group id that is taken', async () => {
    const w = world();
    await expect(
      createAdGroup(
        { agencyId: A, username: 'demo', body: body({ bgCampaignId: 'bg-campaign-q3', adGroupId: 'bg-ad-group-1' }) },
        w.deps,
      ),
    ).rejects.toBeInstanceOf(ConflictError);
  });
});

describe('deleteAdGroup', () => {
  it('stops its creatives at the bidder, marks them inactive and removes the ad group', async () => {
    const w = world();
    await expect(deleteAdGroup({ agencyId: A, adGroupId: 'bg-ad-group-1' }, w.deps)).resolves.toEqual({
      adGroupId: 'bg-ad-group-1',
    });
    expect(w.bidder.calls.map((c) => [c.id, c.fields])).toEqual([
      [901, { active: false }],
      [902, { active: false }],
    ]);
    expect([...w.adGroups.items.values()].map((c) => c.active)).toEqual([false, false]);
    expect(w.adGroups.groups.size).toBe(0);
  });

  it('changes nothing when the bidder refuses, and switches back what it stopped', async () => {
    const w = world();
    let calls = 0;
    w.deps.bidder.updateCreative = async (id, fields) => {
      w.bidder.calls.push({ op: 'updateCreative', id, fields });
      if (++calls === 2) throw new Error('bidder down');
    };
    await expect(deleteAdGroup({ agencyId: A, adGroupId: 'bg-ad-group-1' }, w.deps)).rejects.toThrow('bidder down');
    expect(w.adGroups.groups.size).toBe(1);
    expect(w.bidder.calls.at(-1)).toEqual({ op: 'updateCreative', id: 901, fields: { active: true } });
  });
});

describe('deleteAdGroup when the store fails', () => {
  it('switches its creatives back on at the bidder when the store refuses the deletion', async () => {
    const w = world();
    w.bidder.seed('creative', 901, { active: true });
    w.bidder.seed('creative', 902, { active: true });
    w.deps.adGroups = {
      ...w.adGroups.repo,
      deleteAdGroup: async () => {
        throw new Error('store unavailable');
      },
    };
    await expect(deleteAdGroup({ agencyId: A, adGroupId: 'bg-ad-group-1' }, w.deps)).rejects.toThrow(
      'store unavailable',
    );
    expect([w.bidder.holds('creative', 901), w.bidder.holds('creative', 902)]).toEqual([
      { active: true },
      { active: true },
    ]);
    expect(w.adGroups.groups.size).toBe(1);
  });

  it('leaves the creatives off when a concurrent deletion removed the ad group first', async () => {
    const w = world();
    w.deps.adGroups = {
      ...w.adGroups.repo,
      deleteAdGroup: async (agencyId, adGroup) => {
        await w.adGroups.repo.deleteAdGroup(agencyId, adGroup);
        return false;
      },
    };
    await expect(deleteAdGroup({ agencyId: A, adGroupId: 'bg-ad-group-1' }, w.deps)).rejects.toBeInstanceOf(
      NotFoundError,
    );
    expect([w.bidder.holds('creative', 901), w.bidder.holds('creative', 902)]).toEqual([
      { active: false },
      { active: false },
    ]);
  });
});

describe('updateCreativesLandingPage', () => {
  it('puts the click URLs back at the bidder when the store write fails', async () => {
    const w = world();
    w.deps.adGroups = {
      ...w.adGroups.repo,
      replaceCreatives: async () => {
        throw new Error('store unavailable');
      },
    };
    await expect(
      updateCreativesLandingPage({ agencyId: A, adGroupId: 'bg-ad-group-1', landingPage: 'https://x.example' }, w.deps),
    ).rejects.toThrow('store unavailable');
    expect([w.bidder.holds('creative', 901), w.bidder.holds('creative', 902)]).toEqual([
      { clickUrl: 'https://acme.example' },
      { clickUrl: 'https://acme.example' },
    ]);
  });

  it('after a lost race, leaves the bidder with the click URL the winner stored', async () => {
    const w = world();
    w.deps.adGroups = {
      ...w.adGroups.repo,
      replaceCreatives: async (agencyId, next) => {
        // Another edit stores its URL first.
        const current = [...w.adGroups.items.values()];
        await w.adGroups.repo.replaceCreatives(
          agencyId,
          current.map((c) => ({ ...c, click_url: 'https://winner.example', version: c.version + 1 })),
        );
        return w.adGroups.repo.replaceCreatives(agencyId, next);
      },
    };
    await expect(
      updateCreativesLandingPage({ agencyId: A, adGroupId: 'bg-ad-group-1', landingPage: 'https://x.example' }, w.deps),
    ).rejects.toBeInstanceOf(ConflictError);
    expect([w.bidder.holds('creative', 901), w.bidder.holds('creative', 902)]).toEqual([
      { clickUrl: 'https://winner.example' },
      { clickUrl: 'https://winner.example' },
    ]);
  });

  it('refuses when a creative changed meanwhile, and puts the bidder back', async () => {
    const w = world();
    w.deps.adGroups = { ...w.adGroups.repo, replaceCreatives: async () => 'conflict' };
    await expect(
      updateCreativesLandingPage({ agencyId: A, adGroupId: 'bg-ad-group-1', landingPage: 'https://x.example' }, w.deps),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(w.bidder.calls.slice(-2).map((c) => c.fields)).toEqual([
      { clickUrl: 'https://acme.example' },
      { clickUrl: 'https://acme.example' },
    ]);
  });
});

describe('createCreative: the asset is checked by its bytes, whatever path it came by', () => {
  /** A presigned upload that happened: the API issued it for `declared`, the client PUT `data`. */
  async function uploaded(
    w: ReturnType<typeof world>,
    data: Uint8Array,
    declared: { mimetype: 'image/png' | 'video/mp4'; fileName: string },
  ) {
    const upload = await getCreativeUploadUrl(
      { agencyId: A, bgAdvertiserId: 'bgAdvertiser-acme', size: data.length, ...declared },
      w.deps,
    );
    const key = upload.sourceUrl.slice(MEMORY_BUCKET_URL.length);
    w.objects.set(key, { data, type: declared.mimetype });
    return { key, sourceUrl: upload.sourceUrl };
  }
  const refusal = (attempt: Promise<unknown>) =>
    attempt.then(
      () => {
        throw new Error('expected a refusal');
      },
      (e: unknown) => e as BadRequestError,
    );

  it('refuses an SVG with a script sent as image/png: no bidder call, no creative, and the object is gone', async () => {
    // Prepare
    const w = world();
    const svg = svgWithScript(1000);
    const { key, sourceUrl } = await uploaded(w, svg, { mimetype: 'image/png', fileName: 'banner.png' });
    const created: number[] = [];
    w.deps.bidder.createCreative = async () => (created.push(950), 950);
    // Act
    const error = await refusal(
      createCreative({ agencyId: A, form: form({ sourceUrl }), file: undefined, requireSourceUrl: false }, w.deps),
    );
    // Assess
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ sourceUrl: ['File of an unsupported type: banner.png, unknown type.'] });
    expect(created).toEqual([]);
    expect(w.adGroups.items.size).toBe(2);
    expect(w.objects.has(key)).toBe(false);
  });

  it('refuses a PNG whose real size is not the declared one, and deletes the upload', async () => {
    const w = world();
    const { key, sourceUrl } = await uploaded(w, pngBytes(728, 90, 1000), { mimetype: 'image/png', fileName: 'b.png' });
    const error = await refusal(
      createCreative({ agencyId: A, form: form({ sourceUrl }), file: undefined, requireSourceUrl: false }, w.deps),
    );
    expect(error.fieldErrors).toEqual({ width: ['The image is 728x90, not 300x250'] });
    expect(w.objects.has(key)).toBe(false);
  });

  it('stores a good upload under its checked type and serves it with that type', async () => {
    const w = world();
    const { sourceUrl } = await uploaded(w, pngBytes(300, 250, 1000), { mimetype: 'image/png', fileName: 'b.png' });
    const creative = await createCreative(
      { agencyId: A, form: form({ sourceUrl }), file: undefined, requireSourceUrl: false },
      w.deps,
    );
    const stored = w.adGroups.items.get(creative.bgCreativeId);
    expect(w.objects.get(stored?.assetKey ?? '')?.type).toBe('image/png');
    expect(creative.creativeSrc).toContain('type=image%2Fpng');
  });

  it("takes a video's duration from its movie header, read by ranges", async () => {
    // Prepare: a video ad group and a 15.5 s MP4 whose movie box follows its media.
    const w = world();
    w.adGroups.groups.set('bg-ad-group-1', { ...adGroupFixture(), adGroupType: 'video' });
    await w.campaigns.repo.replaceCampaign({ ...campaignFixture(), isVideoCampaign: true, version: 1 });
    const video = mp4Bytes({ width: 640, height: 360, seconds: 15.5, mediaBytes: 300_000, moovFirst: false });
    const { sourceUrl } = await uploaded(w, video, { mimetype: 'video/mp4', fileName: 'clip.mp4' });
    // Act
    const creative = await createCreative(
      {
        agencyId: A,
        form: form({ sourceUrl, mimetype: 'video/mp4', size: video.length, width: 640, height: 360, duration: 60 }),
        file: undefined,
        requireSourceUrl: false,
      },
      w.deps,
    );
    // Assess
    expect(creative).toMatchObject({ creativeType: 'video/mp4', duration: 15.5, width: 640, height: 360 });
  });

  it('checks a file sent in the request the same way: a PNG called video/mp4 is refused', async () => {
    const w = world();
    w.adGroups.groups.set('bg-ad-group-1', { ...adGroupFixture(), adGroupType: 'video' });
    const png = pngBytes(300, 250, 1000);
    const error = await refusal(
      createCreative(
        {
          agencyId: A,
          form: form({ mimetype: 'video/mp4' }),
          file: { fieldName: 'file', fileName: 'clip.mp4', contentType: 'video/mp4', data: Buffer.from(png) },
          requireSourceUrl: false,
        },
        w.deps,
      ),
    );
    expect(error.fieldErrors).toEqual({ mimetype: ['The file is image/png, not video/mp4'] });
  });
});

describe('deleteCreative', () => {
  it('deletes it here, then at the bidder', async () => {
    const w = world();
    await expect(
      deleteCreative({ agencyId: A, bgCreativeId: 'bgCreative-1', beeswaxCreativeId: 901 }, w.deps),
    ).resolves.toEqual({ bgCreativeId: 'bgCreative-1' });
    expect(w.adGroups.items.has('bgCreative-1')).toBe(false);
    expect(w.bidder.deleted(901)).toBe(true);
  });

  it('leaves the bidder creative serving when the store refuses the deletion or fails', async () => {
    const w = world();
    w.bidder.seed('creative', 901, { active: true });
    w.deps.adGroups = { ...w.adGroups.repo, deleteCreative: async () => 'conflict' };
    await expect(
      deleteCreative({ agencyId: A, bgCreativeId: 'bgCreative-1', beeswaxCreativeId: 901 }, w.deps),
    ).rejects.toBeInstanceOf(ConflictError);
    w.deps.adGroups = {
      ...w.adGroups.repo,
      deleteCreative: async () => {
        throw new Error('store unavailable');
      },
    };
    await expect(
      deleteCreative({ agencyId: A, bgCreativeId: 'bgCreative-1', beeswaxCreativeId: 901 }, w.deps),
    ).rejects.toThrow('store unavailable');
    expect(w.bidder.deleted(901)).toBe(false);
    expect(w.bidder.holds('creative', 901)).toEqual({ active: true });
    expect(w.adGroups.items.has('bgCreative-1')).toBe(true);
  });
});

describe('createCreative and getCreativeUploadUrl', () => {
  it('undoes the bidder creative and the copied asset when the store write fails', async () => {
    const w = world();
    w.objects.set(`creatives/${A}/bgCreative-1/banner.png`, bytes(1000));
    w.deps.adGroups = {
      ...w.adGroups.repo,
      putNewCreative: async () => {
        throw new Error('store unavailable');
      },
    };
    const deleted: number[] = [];
    w.deps.bidder.deleteCreative = async (id) => void deleted.push(id);
    await expect(
      createCreative(
        {
          agencyId: A,
          form: form({ sourceUrl: `${MEMORY_BUCKET_URL}creatives/${A}/bgCreative-1/banner.png` }),
          file: undefined,
          requireSourceUrl: true,
        },
        w.deps,
      ),
    ).rejects.toThrow('store unavailable');
    expect(deleted).toEqual([950]);
    expect([...w.objects.keys()]).toEqual([`creatives/${A}/bgCreative-1/banner.png`]);
  });

  it('stores an uploaded asset as its own copy, creates and links the bidder creative, then the creative', async () => {
    // Prepare: a presigned upload that happened.
    const w = world();
    const upload = await getCreativeUploadUrl(
      {
        agencyId: A,
        bgAdvertiserId: 'bgAdvertiser-acme',
        fileName: 'my banner.png',
        mimetype: 'image/png',
        size: 1000,
      },
      w.deps,
    );
    const key = upload.sourceUrl.slice(MEMORY_BUCKET_URL.length);
    w.objects.set(key, bytes(1000));
    // Act
    const creative = await createCreative(
      { agencyId: A, form: form({ sourceUrl: upload.sourceUrl }), file: undefined, requireSourceUrl: false },
      w.deps,
    );
    // Assess
    expect(key).toMatch(new RegExp(`^uploads/${A}/[0-9a-f-]+/my-banner\\.png$`));
    expect(creative).toMatchObject({ beeswaxCreativeId: 950, click_url: 'https://acme.example/new' });
    expect(creative.creativeSrc).toMatch(
      new RegExp(`creatives/${A}/${creative.bgCreativeId}/[0-9a-f]{8}-my-banner\\.png`),
    );
    expect(w.links).toEqual([
      [950, 71],
      [950, 72],
    ]);
    // The bidder made the line items inactive until they had a creative: the one chosen to be on serves now.
    expect(w.bidder.calls.filter((c) => c.op === 'updateLineItem')).toEqual([
      { op: 'updateLineItem', id: 71, fields: { active: true } },
    ]);
  });

  it("refuses a creative id that is taken elsewhere in the agency before touching anything (409), and leaves that creative's asset", async () => {
    // Prepare: creative 1 of ad group 1, and a second ad group of the campaign.
    const w = world();
    const existingAsset = `creatives/${A}/bgCreative-1/banner.png`;
    w.objects.set(existingAsset, bytes(1000));
    w.adGroups.groups.set('bg-ad-group-2', { ...adGroupFixture(), adGroupId: 'bg-ad-group-2' });
    const created: number[] = [];
    w.deps.bidder.createCreative = async () => {
      created.push(951);
      return 951;
    };
    // Act: a new creative in ad group 2 under creative 1's id, from a file of the same name.
    const attempt = createCreative(
      {
        agencyId: A,
        form: form({
          adGroupId: 'bg-ad-group-2',
          bg_creative_id: 'bgCreative-1',
          sourceUrl: `${MEMORY_BUCKET_URL}${existingAsset}`,
        }),
        file: undefined,
        requireSourceUrl: true,
      },
      w.deps,
    );
    // Assess
    await expect(attempt).rejects.toBeInstanceOf(ConflictError);
    expect(created).toEqual([]);
    expect([...w.objects.keys()]).toEqual([existingAsset]);
    expect(w.adGroups.items.get('bgCreative-1')?.adGroupId).toBe('bg-ad-group-1');
  });

  it("keeps the winner's asset when two requests race with one creative id and one file name", async () => {
    // Prepare: both requests pass the freshness check (the race window), so the store decides.
    const w = world();
    w.objects.set(`creatives/${A}/bgCreative-1/banner.png`, bytes(1000));
    w.adGroups.groups.set('bg-ad-group-2', { ...adGroupFixture(), adGroupId: 'bg-ad-group-2' });
    w.deps.adGroups = { ...w.adGroups.repo, getCreative: async () => null };
    const attempt = (adGroupId: string) =>
      createCreative(
        {
          agencyId: A,
          form: form({
            adGroupId,
            bg_creative_id: 'bgCreative-raced',
            sourceUrl: `${MEMORY_BUCKET_URL}creatives/${A}/bgCreative-1/banner.png`,
          }),
          file: undefined,
          requireSourceUrl: true,
        },
        w.deps,
      );
    // Act
    await attempt('bg-ad-group-1');
    const loser = await attempt('bg-ad-group-2').catch((e: unknown) => e);
    // Assess
    expect(loser).toBeInstanceOf(ConflictError);
    const winner = w.adGroups.items.get('bgCreative-raced');
    expect(winner?.assetKey).toMatch(new RegExp(`^creatives/${A}/bgCreative-raced/`));
    expect(w.objects.has(winner?.assetKey ?? '')).toBe(true);
  });

  it('undoes the bidder creative and the copied asset when the ad group is gone meanwhile', async () => {
    const w = world();
    w.objects.set(`creatives/${A}/bgCreative-1/banner.png`, bytes(1000));
    w.deps.adGroups = { ...w.adGroups.repo, putNewCreative: async () => 'no-ad-group' };
    const deleted: number[] = [];
    w.deps.bidder.deleteCreative = async (id) => void deleted.push(id);
    await expect(
      createCreative(
        {
          agencyId: A,
          form: form({ sourceUrl: `http://s3.test/bucket/creatives/${A}/bgCreative-1/banner.png` }),
          file: undefined,
          requireSourceUrl: true,
        },
        w.deps,
      ),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(deleted).toEqual([950]);
    expect([...w.objects.keys()]).toEqual([`creatives/${A}/bgCreative-1/banner.png`]);
  });

  it("refuses another agency's asset, an upload it never issued and a video in a display ad group", async () => {
    const w = world();
    const attempt = (overrides: Record<string, unknown>) =>
      createCreative({ agencyId: A, form: form(overrides), file: undefined, requireSourceUrl: false }, w.deps).then(
        () => {
          throw new Error('expected a refusal');
        },
        (e: unknown) => e as BadRequestError,
      );
    w.objects.set('uploads/bgAgency-rival/u/x.png', bytes(1000));
    w.objects.set(`uploads/${A}/forged/x.png`, bytes(1000));
    expect((await attempt({ sourceUrl: 'http://s3.test/bucket/uploads/bgAgency-rival/u/x.png' })).fieldErrors).toEqual({
      sourceUrl: ['Not an asset of this account'],
    });
    expect((await attempt({ sourceUrl: `http://s3.test/bucket/uploads/${A}/forged/x.png` })).fieldErrors).toEqual({
      sourceUrl: ['Not an upload issued for this file type'],
    });
    expect(
      Object.keys((await attempt({ mimetype: 'video/mp4', sourceUrl: 'http://s3.test/bucket/x' })).fieldErrors ?? {}),
    ).toEqual(['mimetype']);
    expect(Object.keys((await attempt({ advertiser_id: 5 })).fieldErrors ?? {})).toEqual(['advertiser_id', 'file']);
  });
});
