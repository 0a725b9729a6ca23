import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ConflictError } from '../../lib/errors';
import type { BadRequestError } from '../../lib/errors';
import type { TAdGroupRecord, TCreativeRecord } from '../campaigns/campaign-records.schema';
import {
  campaignFixture,
  lineItemFixture,
  memoryAdGroups,
  memoryCampaigns,
  memoryStorage,
  MEMORY_BUCKET_URL,
  recordingBidder,
} from '../campaigns/test-campaign-fakes';
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

function world() {
  const adGroups = memoryAdGroups([adGroupFixture()], [creativeFixture(1), creativeFixture(2)]);
  const campaigns = memoryCampaigns(
    [campaignFixture()],
    [lineItemFixture(), lineItemFixture({ beeswaxLineItemId: 72 })],
  );
  const bidder = recordingBidder();
  const links: Array<[number, number]> = [];
  const { storage, objects } = memoryStorage();
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

/** `size` bytes standing for an object's content. */
const bytes = (size: number): { data: Uint8Array; type: string } => ({ data: new Uint8Array(size), type: 'image/png' });

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
      { clickUrl: 'https://acme.example' },
      { clickUrl: 'https://acme.example' },
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
    expect(creative.creativeSrc).toContain(`creatives/${A}/${creative.bgCreativeId}/my-banner.png`);
    expect(w.links).toEqual([
      [950, 71],
      [950, 72],
    ]);
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
