import '../../test-env';
import { describe, expect, it } from 'vitest';
import type { BadRequestError } from '../../kernel/errors';
import { ConflictError, NotFoundError } from '../../kernel/errors';
import { pngBytes } from '../../test-media';
import {
  adGroupFixture,
  creativeFixture,
  lineItemFixture,
  MEMORY_BUCKET_URL,
  memoryCreativeWorld,
} from '../campaigns/test-campaign-fakes';
import { changeCreative } from './change-creative.use-case';
import type { TCreativeChangeInput } from './change-creative.use-case';

const NOW = new Date('2026-11-25T12:00:00Z');
const A = 'bgAgency-demo';
const OLD_KEY = `creatives/${A}/bgCreative-1/old-banner.png`;

const creative = creativeFixture({ assetKey: OLD_KEY, version: 3 });

function world() {
  const w = memoryCreativeWorld({
    adGroups: [adGroupFixture()],
    creatives: [creative],
    lineItems: [lineItemFixture(), lineItemFixture({ beeswaxLineItemId: 72 })],
    now: NOW,
  });
  w.bidder.seed('creative', 901, { active: true });
  w.objects.set(OLD_KEY, { data: pngBytes(300, 250, 1000), type: 'image/png' });
  return w;
}

const form = (overrides: Partial<TCreativeChangeInput> = {}): TCreativeChangeInput => ({
  name: 'Banner v2',
  size: 1000,
  mimetype: 'image/png',
  description: 'Autumn',
  height: 250,
  width: 300,
  advertiser_id: 101,
  bg_advertiser_id: 'bgAdvertiser-acme',
  bg_creative_id: 'bgCreative-1',
  click_url: 'https://acme.example/autumn',
  adGroupId: 'bg-ad-group-1',
  duration: undefined,
  ...overrides,
});

const file = (data: Uint8Array) => ({
  fieldName: 'file',
  fileName: 'new-banner.png',
  contentType: 'image/png',
  data: Buffer.from(data),
});

describe('changeCreative', () => {
  it('changes the name, description and click URL here and at the bidder, keeping the asset', async () => {
    // Prepare
    const w = world();
    // Act
    const changed = await changeCreative({ agencyId: A, form: form(), file: undefined }, w.deps);
    // Assess
    expect(changed).toMatchObject({ bgCreativeId: 'bgCreative-1', beeswaxCreativeId: 901, name: 'Banner v2' });
    expect(w.adGroups.items.get('bgCreative-1')).toMatchObject({
      name: 'Banner v2',
      description: 'Autumn',
      click_url: 'https://acme.example/autumn',
      assetKey: OLD_KEY,
      version: 4,
    });
    expect(w.bidder.holds('creative', 901)).toEqual({
      active: true,
      name: 'Banner v2',
      clickUrl: 'https://acme.example/autumn',
    });
  });

  it('replaces the asset with a new bidder creative on every line item, then removes the old one', async () => {
    // Prepare
    const w = world();
    // Act
    const changed = await changeCreative({ agencyId: A, form: form(), file: file(pngBytes(300, 250, 1000)) }, w.deps);
    // Assess
    const stored = w.adGroups.items.get('bgCreative-1');
    expect(stored).toMatchObject({ beeswaxCreativeId: 950, version: 4, name: 'Banner v2' });
    expect(stored?.assetKey).toMatch(new RegExp(`^creatives/${A}/bgCreative-1/[0-9a-f]{8}-new-banner\\.png$`));
    expect(changed.creativeSrc).toBe(`${MEMORY_BUCKET_URL}${stored?.assetKey}?sig=1&type=image%2Fpng`);
    expect(w.links).toEqual([
      [950, 71],
      [950, 72],
    ]);
    expect(w.bidder.deleted(901)).toBe(true);
    expect(w.objects.has(OLD_KEY)).toBe(false);
  });

  it('leaves the old creative serving and nothing new anywhere when the store refuses', async () => {
    // Prepare
    const w = world();
    w.deps.adGroups = { ...w.adGroups.repo, replaceCreatives: async () => 'conflict' };
    // Act
    const error = await changeCreative(
      { agencyId: A, form: form(), file: file(pngBytes(300, 250, 1000)) },
      w.deps,
    ).catch((e: unknown) => e);
    // Assess
    expect(error).toBeInstanceOf(ConflictError);
    expect(w.bidder.deleted(950)).toBe(true);
    expect(w.bidder.deleted(901)).toBe(false);
    expect(w.bidder.holds('creative', 901)).toEqual({ active: true });
    expect([...w.objects.keys()]).toEqual([OLD_KEY]);
    expect(w.adGroups.items.get('bgCreative-1')).toEqual(creative);
  });

  it('undoes the new bidder creative when linking fails half way', async () => {
    const w = world();
    w.deps.bidder.linkCreative = async (c, li) => {
      if (li === 72) throw new Error('bidder down');
      w.links.push([c, li]);
      return 1;
    };
    await expect(
      changeCreative({ agencyId: A, form: form(), file: file(pngBytes(300, 250, 1000)) }, w.deps),
    ).rejects.toThrow('bidder down');
    expect(w.bidder.deleted(950)).toBe(true);
    expect(w.bidder.holds('creative', 901)).toEqual({ active: true });
    expect(w.adGroups.items.get('bgCreative-1')).toEqual(creative);
  });

  it('gives the bidder a name cut to its 255 characters, keeping ours whole', async () => {
    const w = world();
    const long = 'N'.repeat(512);
    await changeCreative({ agencyId: A, form: form({ name: long }), file: undefined }, w.deps);
    expect(w.bidder.holds('creative', 901)?.['name']).toBe('N'.repeat(255));
    expect(w.adGroups.items.get('bgCreative-1')?.name).toBe(long);
  });

  it('answers 409, not the vendor error, when a change that won meanwhile removed the bidder creative', async () => {
    // Prepare: another change replaced the creative (new bidder id, next version) while this one ran.
    const w = world();
    w.deps.bidder.updateCreative = async () => {
      w.adGroups.items.set('bgCreative-1', { ...creative, beeswaxCreativeId: 960, version: creative.version + 1 });
      throw new Error('bidder: creative 901 not found');
    };
    // Act
    const error = await changeCreative({ agencyId: A, form: form(), file: undefined }, w.deps).catch((e: unknown) => e);
    // Assess
    expect(error).toBeInstanceOf(ConflictError);
    expect(w.adGroups.items.get('bgCreative-1')?.beeswaxCreativeId).toBe(960);
  });

  it('keeps the bidder failure when nothing changed meanwhile', async () => {
    const w = world();
    w.deps.bidder.updateCreative = async () => {
      throw new Error('bidder down');
    };
    await expect(changeCreative({ agencyId: A, form: form(), file: undefined }, w.deps)).rejects.toThrow('bidder down');
  });

  it("answers 404 for another agency's creative", async () => {
    const w = world();
    await expect(
      changeCreative({ agencyId: 'bgAgency-rival', form: form(), file: undefined }, w.deps),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a form that names another ad group, a video, or a new size without a file', async () => {
    const w = world();
    w.adGroups.groups.set('bg-ad-group-2', adGroupFixture({ adGroupId: 'bg-ad-group-2' }));
    const otherGroup = await changeCreative(
      { agencyId: A, form: form({ adGroupId: 'bg-ad-group-2' }), file: undefined },
      w.deps,
    ).catch((e: unknown) => e);
    expect((otherGroup as BadRequestError).fieldErrors).toEqual({ adGroupId: ['Does not match the creative'] });
    const video = await changeCreative(
      { agencyId: A, form: form({ mimetype: 'video/mp4' }), file: undefined },
      w.deps,
    ).catch((e: unknown) => e);
    expect((video as BadRequestError).fieldErrors).toEqual({
      mimetype: [
        'Because you chose a non-video (display) campaign, you are only able to upload images/gifs for this campaign, not videos.',
      ],
    });
    const resized = await changeCreative(
      { agencyId: A, form: form({ width: 728, height: 90 }), file: undefined },
      w.deps,
    ).catch((e: unknown) => e);
    expect(Object.keys((resized as BadRequestError).fieldErrors ?? {})).toEqual(['file']);
    expect(w.adGroups.items.get('bgCreative-1')).toEqual(creative);
  });
});
