import '../../test-env';
import { describe, expect, it } from 'vitest';
import type { AdGroupRepository, TPendingUpload } from '../../adapters/repositories/ad-group.repository';
import type { CreativeStorage } from '../../adapters/creative-storage';
import { ConflictError } from '../../lib/errors';
import type { BadRequestError } from '../../lib/errors';
import type { TAdGroupRecord, TCreativeRecord } from '../campaigns/campaign-records.schema';
import { campaignFixture, lineItemFixture, memoryCampaigns, recordingBidder } from '../campaigns/test-campaign-fakes';
import { memoryLogger, recordFixture } from '../test-fakes';
import { deleteAdGroup, updateCreativesLandingPage } from './ad-groups.use-case';
import { createCreative, getCreativeUploadUrl } from './create-creative.use-case';
import type { TCreativeFormInput } from './create-creative.use-case';

const NOW = new Date('2026-11-25T12:00:00Z');
const A = 'bgAgency-demo';

const adGroupFixture = (): TAdGroupRecord => ({
  adGroupId: 'bg-ad-group-1',
  bgAdvertiserId: 'bgAdvertiser-acme',
  bgCampaignId: 'bg-campaign-q3',
  createdBy: 'demo',
  name: 'Banners',
  description: '',
  adGroupType: 'image',
  createdAt: '2026-11-01T10:00:00.000Z',
});

const creativeFixture = (n: number): TCreativeRecord => ({
  bgCreativeId: `bgCreative-${n}`,
  beeswaxCreativeId: 900 + n,
  adGroupId: 'bg-ad-group-1',
  bgAdvertiserId: 'bgAdvertiser-acme',
  bgCampaignId: 'bg-campaign-q3',
  name: `Banner ${n}`,
  description: '',
  height: 250,
  width: 300,
  creativeType: 'image/png',
  duration: null,
  size: 1000,
  createdAt: `2026-11-0${n}T10:00:00.000Z`,
  click_url: 'https://acme.example',
  assetKey: `creatives/${A}/bgCreative-${n}/banner.png`,
  active: true,
  version: 0,
});

/** An in-memory ad-group repository with the real one's version checks. */
function memoryAdGroups(adGroups: TAdGroupRecord[], creatives: TCreativeRecord[]) {
  const groups = new Map<string, TAdGroupRecord>(adGroups.map((g) => [g.adGroupId, g]));
  const items = new Map<string, TCreativeRecord>(creatives.map((c) => [c.bgCreativeId, c]));
  const uploads = new Map<string, TPendingUpload>();
  const repo: AdGroupRepository = {
    getAdGroup: async (_a, id) => groups.get(id) ?? null,
    listAdGroups: async (_a, campaignId) => [...groups.values()].filter((g) => g.bgCampaignId === campaignId),
    putNewAdGroup: async (_a, g) => (groups.has(g.adGroupId) ? false : (groups.set(g.adGroupId, g), true)),
    deleteAdGroup: async (_a, g) => groups.delete(g.adGroupId),
    getCreative: async (_a, id) => items.get(id) ?? null,
    listCreatives: async (_a, _c, adGroupId) => [...items.values()].filter((c) => c.adGroupId === adGroupId),
    listCampaignCreatives: async (_a, campaignId) => [...items.values()].filter((c) => c.bgCampaignId === campaignId),
    async putNewCreative(_a, c) {
      if (!groups.has(c.adGroupId)) return 'no-ad-group';
      if (items.has(c.bgCreativeId)) return 'exists';
      items.set(c.bgCreativeId, c);
      return 'ok';
    },
    async replaceCreatives(_a, next) {
      if (next.some((c) => items.get(c.bgCreativeId)?.version !== c.version - 1)) return 'conflict';
      for (const c of next) items.set(c.bgCreativeId, c);
      return 'ok';
    },
    async deleteCreative(_a, c) {
      if (items.get(c.bgCreativeId)?.version !== c.version) return 'conflict';
      items.delete(c.bgCreativeId);
      return 'ok';
    },
    putUpload: async (_a, u) => void uploads.set(u.key, u),
    getUpload: async (_a, key) => uploads.get(key) ?? null,
  };
  return { repo, groups, items, uploads };
}

function fakeStorage() {
  const objects = new Map<string, { size: number; type: string }>();
  const storage: CreativeStorage = {
    presignGet: async (key) => `http://s3.test/bucket/${key}?sig=1`,
    presignPut: async (key) => ({
      url: `http://s3.test/bucket/${key}?put=1`,
      headers: { 'Content-Type': 'image/png' },
    }),
    head: async (key) => {
      const o = objects.get(key);
      return o ? { size: o.size, contentType: o.type } : null;
    },
    copy: async (from, to) => void objects.set(to, objects.get(from) as { size: number; type: string }),
    put: async (key, body, type) => void objects.set(key, { size: body.length, type }),
    remove: async (key) => void objects.delete(key),
    urlOf: (key) => `http://s3.test/bucket/${key}`,
    keyFromUrl: (url) => (url.startsWith('http://s3.test/bucket/') ? (url.slice(22).split('?')[0] ?? null) : null),
  };
  return { storage, objects };
}

function world() {
  const adGroups = memoryAdGroups([adGroupFixture()], [creativeFixture(1), creativeFixture(2)]);
  const campaigns = memoryCampaigns(
    [campaignFixture()],
    [lineItemFixture(), lineItemFixture({ beeswaxLineItemId: 72 })],
  );
  const bidder = recordingBidder();
  const links: Array<[number, number]> = [];
  const { storage, objects } = fakeStorage();
  const deps = {
    adGroups: adGroups.repo,
    campaigns: campaigns.repo,
    advertisers: { getAdvertiser: async (agencyId: string) => (agencyId === A ? recordFixture() : null) },
    bidder: {
      ...bidder.bidder,
      createCreative: async () => 950,
      linkCreative: async (creative: number, lineItem: number) => {
        links.push([creative, lineItem]);
        return links.length;
      },
    },
    storage,
    now: () => NOW,
    log: memoryLogger(),
  };
  return { adGroups, bidder, links, objects, deps };
}

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

describe('updateCreativesLandingPage', () => {
  it('refuses when a creative changed meanwhile, and puts the bidder back', async () => {
    const w = world();
    w.deps.adGroups = { ...w.adGroups.repo, replaceCreatives: async () => 'conflict' };
    await expect(
      updateCreativesLandingPage({ agencyId: A, adGroupId: 'bg-ad-group-1', landingPage: 'https://x.example' }, w.deps),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(w.bidder.calls.slice(-2).map((c) => c.fields)).toEqual([
      { click_url: 'https://acme.example' },
      { click_url: 'https://acme.example' },
    ]);
  });
});

describe('createCreative and getCreativeUploadUrl', () => {
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
    const key = upload.sourceUrl.slice('http://s3.test/bucket/'.length);
    w.objects.set(key, { size: 1000, type: 'image/png' });
    // Act
    const creative = await createCreative(
      { agencyId: A, form: form({ sourceUrl: upload.sourceUrl }), file: undefined, requireSourceUrl: false },
      w.deps,
    );
    // Assess
    expect(key).toMatch(new RegExp(`^uploads/${A}/[0-9a-f-]+/my-banner\\.png$`));
    expect(creative).toMatchObject({ beeswaxCreativeId: 950, click_url: 'https://acme.example/new' });
    expect(creative.creativeSrc).toContain(`creatives/${A}/${creative.bgCreativeId}/my-banner.png`);
    expect(w.links).toEqual([
      [950, 71],
      [950, 72],
    ]);
  });

  it('undoes the bidder creative and the copied asset when the ad group is gone meanwhile', async () => {
    const w = world();
    w.objects.set(`creatives/${A}/bgCreative-1/banner.png`, { size: 1000, type: 'image/png' });
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
    w.objects.set('uploads/bgAgency-rival/u/x.png', { size: 1000, type: 'image/png' });
    w.objects.set(`uploads/${A}/forged/x.png`, { size: 1000, type: 'image/png' });
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
