import { describe, expect, it, vi } from 'vitest';
import type { TAdGroupCreate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import { makeAdGroup, makeCreative } from './campaigns.fixtures';
import { replaceAdGroup, type TReplacementDeps, type TReplacementStep } from './replace-ad-group';

const NEW_GROUP: TAdGroupCreate = {
  bgAdvertiserId: 'bgAdvertiser-acme',
  bgCampaignId: 'bg-campaign-spring',
  name: 'Summer banners',
  adGroupType: 'image',
};

/** Deps that record every call in order; the old ad group holds two creatives. */
function recordingDeps(): { deps: TReplacementDeps; log: string[] } {
  const log: string[] = [];
  const deps: TReplacementDeps = {
    createAdGroup: vi.fn(async (body) => {
      log.push(`create ad group ${body.name}`);
      return makeAdGroup({ adGroupId: 'bg-ad-group-summer', name: body.name });
    }),
    listCreatives: vi.fn(async (id) => {
      log.push(`list ${id}`);
      return [
        makeCreative({ bgCreativeId: 'bgCreative-old-1', beeswaxCreativeId: 11, adGroupId: id }),
        makeCreative({ bgCreativeId: 'bgCreative-old-2', beeswaxCreativeId: 12, adGroupId: id }),
      ];
    }),
    deleteAdGroup: vi.fn(async (id) => {
      log.push(`delete ad group ${id}`);
    }),
    deleteCreative: vi.fn(async (creative) => {
      log.push(`delete creative ${creative.bgCreativeId}/${creative.beeswaxCreativeId}`);
    }),
  };
  return { deps, log };
}

describe('ad group replacement', () => {
  it('creates the new ad group and creatives, then deletes the old ad group, then the old creatives', async () => {
    // Prepare
    const { deps, log } = recordingDeps();
    const steps: TReplacementStep[] = [];
    const makers = ['a.png', 'b.png'].map((name) => async () => {
      log.push(`make ${name}`);
      return makeCreative({ bgCreativeId: `bgCreative-${name.replace('.png', '')}`, name });
    });

    // Act
    const result = await replaceAdGroup(
      { oldAdGroupIds: ['bg-ad-group-spring'], newAdGroup: NEW_GROUP, makers },
      deps,
      (step) => steps.push(step),
    );

    // Assess
    expect(log).toEqual([
      'list bg-ad-group-spring',
      'create ad group Summer banners',
      'make a.png',
      'make b.png',
      'delete ad group bg-ad-group-spring',
      'delete creative bgCreative-old-1/11',
      'delete creative bgCreative-old-2/12',
    ]);
    expect(result.adGroup.adGroupId).toBe('bg-ad-group-summer');
    expect(result.creatives.map((creative) => creative.name)).toEqual(['a.png', 'b.png']);
    expect(steps).toEqual([
      { step: 'creating-ad-group' },
      { step: 'creating-creative', done: 0, total: 2 },
      { step: 'creating-creative', done: 1, total: 2 },
      { step: 'removing-old' },
    ]);
  });

  it('removes what it made and keeps the old ad group when a creative fails', async () => {
    // Prepare
    const { deps, log } = recordingDeps();
    const makers = [
      async () => makeCreative({ bgCreativeId: 'bgCreative-made', beeswaxCreativeId: 99 }),
      async () => {
        throw new Error('upload refused');
      },
    ];

    // Act
    const outcome = replaceAdGroup({ oldAdGroupIds: ['bg-ad-group-spring'], newAdGroup: NEW_GROUP, makers }, deps);

    // Assess
    await expect(outcome).rejects.toThrow('upload refused');
    expect(log).toEqual([
      'list bg-ad-group-spring',
      'create ad group Summer banners',
      'delete creative bgCreative-made/99',
      'delete ad group bg-ad-group-summer',
    ]);
  });
});
