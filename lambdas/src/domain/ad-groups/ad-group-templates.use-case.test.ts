import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ZCreativeTemplateForm } from '@bidgrid/shared/ad-groups/creative.schema';
import type { TCreativeTemplateForm } from '@bidgrid/shared/ad-groups/creative.schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../kernel/errors';
import { mp4Bytes, pngBytes } from '../../test-media';
import { memoryAdGroups, memoryStorage, MEMORY_BUCKET_URL } from '../campaigns/test-campaign-fakes';
import { adGroupTemplateFixture, memoryAdGroupTemplates } from '../templates/test-template-fakes';
import { memoryAdvertisers, memoryLogger, recordFixture } from '../test-fakes';
import { createAdGroupTemplate, createCreativeTemplate } from './ad-group-templates.use-case';
import { getCreativeUploadUrl } from './create-creative.use-case';

const A = 'bgAgency-demo';
const NOW = new Date('2026-11-25T12:00:00Z');

function world() {
  const templates = memoryAdGroupTemplates([
    [A, adGroupTemplateFixture()],
    [A, adGroupTemplateFixture({ id: 'bg-ad-group-template-video', adGroupType: 'video' })],
    ['bgAgency-rival', adGroupTemplateFixture({ id: 'bg-ad-group-template-rival' })],
  ]);
  const adGroups = memoryAdGroups();
  const { storage, objects } = memoryStorage();
  const advertisers = memoryAdvertisers([
    recordFixture(),
    recordFixture({ parentAgencyId: 'bgAgency-rival', bgAdvertiserId: 'bgAdvertiser-rival' }),
  ]);
  const deps = {
    templates: templates.repo,
    advertisers: advertisers.repo,
    adGroups: adGroups.repo,
    storage,
    now: () => NOW,
    log: memoryLogger(),
  };
  return { templates, objects, deps };
}

/** A presigned upload that happened: the API issued it for the declared type, the client PUT `data`. */
async function uploaded(w: ReturnType<typeof world>, data: Uint8Array, mimetype: 'image/png' | 'video/mp4') {
  const upload = await getCreativeUploadUrl(
    {
      agencyId: A,
      bgAdvertiserId: 'bgAdvertiser-acme',
      size: data.length,
      mimetype,
      fileName: mimetype === 'video/mp4' ? 'cut.mp4' : 'banner.png',
    },
    w.deps,
  );
  w.objects.set(upload.sourceUrl.slice(MEMORY_BUCKET_URL.length), { data, type: mimetype });
  return upload.sourceUrl;
}

const form = (overrides: Partial<TCreativeTemplateForm>) =>
  ZCreativeTemplateForm.parse({
    size: '1000',
    adGroupTemplateId: 'bg-ad-group-template-evergreen',
    creativeTemplateSrc: 'http://elsewhere.example/x.png',
    creativeType: 'image/png',
    name: ' Leaderboard ',
    description: '',
    height: '250',
    width: '300',
    beeswaxCreativeId: '',
    ...overrides,
  });

describe('createAdGroupTemplate', () => {
  const body = { bgAdvertiserId: 'bgAdvertiser-acme', name: ' Evergreen set ', description: '', adGroupType: 'image' };

  it("saves an empty template of the caller's advertiser, owned by the caller", async () => {
    // Prepare
    const w = world();
    // Act
    const template = await createAdGroupTemplate(
      {
        agencyId: A,
        username: 'demo',
        body: { ...body, id: 'bg-ad-group-template-new', createdBy: 'rival' } as never,
      },
      w.deps,
    );
    // Assess
    expect(template).toEqual({
      id: 'bg-ad-group-template-new',
      bgAdvertiserId: 'bgAdvertiser-acme',
      createdBy: 'demo',
      name: 'Evergreen set',
      description: '',
      adGroupType: 'image',
      createdAt: NOW.toISOString(),
    });
    expect(w.templates.byKey.get(`${A}|bg-ad-group-template-new`)).toEqual(template);
  });

  it("answers 404 for another agency's advertiser and 409 for a taken id", async () => {
    const w = world();
    await expect(
      createAdGroupTemplate(
        { agencyId: A, username: 'demo', body: { ...body, bgAdvertiserId: 'bgAdvertiser-rival' } as never },
        w.deps,
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      createAdGroupTemplate(
        { agencyId: A, username: 'demo', body: { ...body, id: 'bg-ad-group-template-evergreen' } as never },
        w.deps,
      ),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(w.templates.byKey.size).toBe(3);
  });
});

describe('createCreativeTemplate', () => {
  it('keeps its own checked copy of the uploaded file, which outlives the upload', async () => {
    // Prepare
    const w = world();
    const sourceUrl = await uploaded(w, pngBytes(300, 250, 1000), 'image/png');
    // Act
    const saved = await createCreativeTemplate(
      { agencyId: A, form: form({ creativeTemplateSrc: sourceUrl, id: 'bg-creative-template-1' }) },
      w.deps,
    );
    // Assess
    const [stored] = [...w.templates.creatives.values()];
    expect(stored?.assetKey).toMatch(
      new RegExp(`^templates/${A}/bg-ad-group-template-evergreen/bg-creative-template-1/[0-9a-f]{8}-banner\\.png$`),
    );
    expect(saved).toEqual({
      id: 'bg-creative-template-1',
      adGroupTemplateId: 'bg-ad-group-template-evergreen',
      creativeType: 'image/png',
      name: 'Leaderboard',
      description: '',
      height: 250,
      width: 300,
      beeswaxCreativeId: null,
      size_in_bytes: 1000,
      duration: null,
      creativeTemplateSrc: `${MEMORY_BUCKET_URL}${stored?.assetKey}?sig=1&type=image%2Fpng`,
    });
    w.objects.delete(sourceUrl.slice(MEMORY_BUCKET_URL.length));
    expect(w.objects.get(stored?.assetKey ?? '')?.type).toBe('image/png');
  });

  it("takes a video's duration from its file", async () => {
    const w = world();
    const video = mp4Bytes({ width: 640, height: 360, seconds: 17 });
    const sourceUrl = await uploaded(w, video, 'video/mp4');
    const saved = await createCreativeTemplate(
      {
        agencyId: A,
        form: form({
          adGroupTemplateId: 'bg-ad-group-template-video',
          creativeTemplateSrc: sourceUrl,
          creativeType: 'video/mp4',
          size: String(video.length),
          width: '640',
          height: '360',
          duration: '30',
        }),
      },
      w.deps,
    );
    expect(saved.duration).toBe(17);
  });

  it("answers 404 for another agency's template and 400 for another agency's asset", async () => {
    const w = world();
    await expect(
      createCreativeTemplate({ agencyId: A, form: form({ adGroupTemplateId: 'bg-ad-group-template-rival' }) }, w.deps),
    ).rejects.toBeInstanceOf(NotFoundError);
    const rivalAsset = `${MEMORY_BUCKET_URL}creatives/bgAgency-rival/bgCreative-9/banner.png`;
    w.objects.set(rivalAsset.slice(MEMORY_BUCKET_URL.length), { data: pngBytes(300, 250, 1000), type: 'image/png' });
    const error = await createCreativeTemplate(
      { agencyId: A, form: form({ creativeTemplateSrc: rivalAsset }) },
      w.deps,
    ).catch((e: unknown) => e);
    expect((error as BadRequestError).fieldErrors).toEqual({ creativeTemplateSrc: ['Not an asset of this account'] });
    expect(w.templates.creatives.size).toBe(0);
  });

  it("refuses a file that does not fit the template's type or the size rules, with the spec's texts", async () => {
    const w = world();
    const error = await createCreativeTemplate(
      { agencyId: A, form: form({ creativeType: 'video/mp4', width: '333', height: '333' }) },
      w.deps,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).fieldErrors?.['creativeType']).toEqual([
      'Because you chose a non-video (display) campaign, you are only able to upload images/gifs for this campaign, not videos.',
    ]);
    const wrongSize = await createCreativeTemplate(
      { agencyId: A, form: form({ width: '333', height: '333' }) },
      w.deps,
    ).catch((e: unknown) => e);
    expect((wrongSize as BadRequestError).fieldErrors).toEqual({
      width: ['File with the wrong dimension: Leaderboard, 333x333.'],
    });
  });

  it('refuses bytes that are not what the form declares, and removes the refused upload', async () => {
    const w = world();
    const sourceUrl = await uploaded(w, pngBytes(728, 90, 1000), 'image/png');
    const error = await createCreativeTemplate(
      { agencyId: A, form: form({ creativeTemplateSrc: sourceUrl }) },
      w.deps,
    ).catch((e: unknown) => e);
    expect((error as BadRequestError).fieldErrors).toEqual({ width: ['The image is 728x90, not 300x250'] });
    expect(w.objects.has(sourceUrl.slice(MEMORY_BUCKET_URL.length))).toBe(false);
    expect(w.templates.creatives.size).toBe(0);
  });

  it('leaves no copy behind when the template was deleted meanwhile', async () => {
    const w = world();
    const sourceUrl = await uploaded(w, pngBytes(300, 250, 1000), 'image/png');
    w.deps.templates = {
      ...w.templates.repo,
      putNewCreativeTemplate: async () => 'no-template',
    };
    await expect(
      createCreativeTemplate({ agencyId: A, form: form({ creativeTemplateSrc: sourceUrl }) }, w.deps),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect([...w.objects.keys()].filter((key) => key.startsWith('templates/'))).toEqual([]);
  });

  it('answers 409 for an id already used in the template', async () => {
    const w = world();
    const sourceUrl = await uploaded(w, pngBytes(300, 250, 1000), 'image/png');
    const first = form({ creativeTemplateSrc: sourceUrl, id: 'bg-creative-template-1' });
    await createCreativeTemplate({ agencyId: A, form: first }, w.deps);
    await expect(createCreativeTemplate({ agencyId: A, form: first }, w.deps)).rejects.toBeInstanceOf(ConflictError);
    expect(w.templates.creatives.size).toBe(1);
  });
});
