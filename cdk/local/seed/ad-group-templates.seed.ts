import { nowMs } from '@bidgrid/shared/clock';
import { mp4Clip, pngBanner, type Rgb } from './creative-assets';
import type { SeedModule } from './seed-module';

/** A seeded ad-group template with its creative templates. */
interface SeedAdGroupTemplate {
  readonly id: `bg-ad-group-template-${string}`;
  readonly agencyId: `bgAgency-${string}`;
  readonly advertiserId: `bgAdvertiser-${string}`;
  readonly name: string;
  readonly description: string;
  readonly colors: readonly [Rgb, Rgb];
  readonly creatives: ReadonlyArray<{ name: string; width: number; height: number; seconds?: number }>;
}

/**
 * Saved ad groups of the demo advertisers, so the dashboard's 'Choose creatives from templates'
 * replacement has something to choose (the wizard's template saving writes the same items).
 */
export const SEED_AD_GROUP_TEMPLATES: readonly SeedAdGroupTemplate[] = [
  {
    id: 'bg-ad-group-template-demo-evergreen',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    name: 'Evergreen display set',
    description: 'Brand banners that fit any campaign.',
    colors: [
      [13, 71, 161],
      [0, 172, 193],
    ],
    creatives: [
      { name: 'Evergreen - Medium Rectangle', width: 300, height: 250 },
      { name: 'Evergreen - Leaderboard', width: 728, height: 90 },
      { name: 'Evergreen - Mobile Banner', width: 320, height: 50 },
    ],
  },
  {
    id: 'bg-ad-group-template-demo-video-cuts',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    name: 'Video cuts',
    description: 'Short brand clips.',
    colors: [
      [74, 20, 140],
      [236, 64, 122],
    ],
    creatives: [{ name: 'Brand cut 15s', width: 640, height: 352, seconds: 15 }],
  },
  {
    id: 'bg-ad-group-template-demo-freight',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-bluepeak',
    name: 'Freight evergreen',
    description: '',
    colors: [
      [27, 94, 32],
      [255, 193, 7],
    ],
    creatives: [{ name: 'Freight - Medium Rectangle', width: 300, height: 250 }],
  },
];

/** Creative template ids of a seeded template: its suffix and the creative's position. */
export const seedCreativeTemplateId = (templateId: string, index: number): `bg-creative-template-${string}` =>
  `bg-creative-template-${templateId.slice('bg-ad-group-template-'.length)}-${index + 1}`;

/** The templates with real assets in the creative bucket (`templates/{agency}/{template}/...`). */
export const adGroupTemplatesSeed: SeedModule = {
  name: 'ad-group-templates',
  store: 'dynamodb',
  async run({ logger }) {
    const { templateRepository, creativeStorage } = await import('@bidgrid/lambdas/seeding');
    for (const seed of SEED_AD_GROUP_TEMPLATES) {
      if (await templateRepository.getAdGroupTemplate(seed.agencyId, seed.id)) continue;
      const video = seed.creatives.some((c) => c.seconds !== undefined);
      const creatives = [];
      for (const [index, spec] of seed.creatives.entries()) {
        const isVideo = spec.seconds !== undefined;
        const asset = isVideo
          ? mp4Clip(spec.width, spec.height, spec.seconds ?? 15, ...seed.colors)
          : pngBanner(spec.width, spec.height, ...seed.colors);
        const id = seedCreativeTemplateId(seed.id, index);
        const assetKey = `templates/${seed.agencyId}/${seed.id}/${spec.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${isVideo ? 'mp4' : 'png'}`;
        await creativeStorage.put(assetKey, asset, isVideo ? 'video/mp4' : 'image/png');
        creatives.push({
          id,
          adGroupTemplateId: seed.id,
          creativeType: isVideo ? ('video/mp4' as const) : ('image/png' as const),
          name: spec.name,
          description: '',
          height: spec.height,
          width: spec.width,
          beeswaxCreativeId: null,
          size_in_bytes: asset.length,
          duration: spec.seconds ?? null,
          assetKey,
        });
      }
      await templateRepository.putNewAdGroupTemplate(
        seed.agencyId,
        {
          id: seed.id,
          bgAdvertiserId: seed.advertiserId,
          createdBy: 'demo',
          name: seed.name,
          description: seed.description,
          adGroupType: video ? 'video' : 'image',
          createdAt: new Date(nowMs() - 30 * 86_400_000).toISOString(),
        },
        creatives,
      );
    }
    logger.debug(`seeded ${SEED_AD_GROUP_TEMPLATES.length} ad-group templates`);
  },
};
