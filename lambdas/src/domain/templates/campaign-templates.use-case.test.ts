import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ZCampaignTemplateInput } from '@bidgrid/shared/entities/campaign-template.schema';
import type { TCampaignTemplateInput } from '@bidgrid/shared/entities/campaign-template.schema';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/validation/messages';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { firstPage } from '../ports/page.port';
import { memoryAdvertisers, recordFixture } from '../test-fakes';
import { createCampaignTemplate, listCampaignTemplates } from './campaign-templates.use-case';
import { adGroupTemplateFixture, memoryAdGroupTemplates, memoryCampaignTemplates } from './test-template-fakes';

const A = 'bgAgency-demo';
const NOW = new Date('2026-11-25T12:00:00Z');

function world() {
  const campaignTemplates = memoryCampaignTemplates();
  const adGroupTemplates = memoryAdGroupTemplates([
    [A, adGroupTemplateFixture()],
    [A, adGroupTemplateFixture({ id: 'bg-ad-group-template-video', adGroupType: 'video' })],
    [A, adGroupTemplateFixture({ id: 'bg-ad-group-template-other', bgAdvertiserId: 'bgAdvertiser-other' })],
    ['bgAgency-rival', adGroupTemplateFixture({ id: 'bg-ad-group-template-rival' })],
  ]);
  const advertisers = memoryAdvertisers([
    recordFixture(),
    recordFixture({ bgAdvertiserId: 'bgAdvertiser-other', beeswaxAdvertiserId: 102, name: 'Other' }),
    recordFixture({ parentAgencyId: 'bgAgency-rival', bgAdvertiserId: 'bgAdvertiser-rival' }),
  ]);
  let ids = 0;
  const deps = {
    campaignTemplates: campaignTemplates.repo,
    advertisers: advertisers.repo,
    adGroupTemplates: adGroupTemplates.repo,
    now: () => NOW,
    newId: () => `tpl-${++ids}`,
  };
  return { campaignTemplates, deps };
}

const body = (overrides: Partial<TCampaignTemplateInput> = {}) =>
  ZCampaignTemplateInput.parse({
    templateName: ' Q4 push ',
    templateSteps: ['target companies'],
    dailyBudget: 50,
    maxBid: 25,
    bgAdvertiserId: 'bgAdvertiser-acme',
    name: 'Q4 brand',
    isVideoCampaign: false,
    startDate: '2026-12-01',
    endDate: '2026-12-11',
    ...overrides,
  });

describe('createCampaignTemplate', () => {
  it('saves a template owned by the caller, with the fields the server decides', async () => {
    // Prepare
    const w = world();
    // Act
    const saved = await createCampaignTemplate(
      {
        agencyId: A,
        username: 'demo',
        body: body({
          id: 'chosen-by-client',
          agencyId: 'bgAgency-rival',
          createdBy: 'rival',
          estimatedBudget: 1,
          selectedAdGroupTemplate: 'bg-ad-group-template-evergreen',
        }),
      },
      w.deps,
    );
    // Assess
    expect(saved).toMatchObject({
      id: 'tpl-1',
      agencyId: A,
      createdBy: 'demo',
      templateName: 'Q4 push',
      estimatedBudget: 500,
      advertiser_id: 101,
      selectedAdvertiser: { bgAdvertiserId: 'bgAdvertiser-acme', beeswaxAdvertiserId: 101, name: 'Acme Corp' },
      selectedAdGroupTemplate: 'bg-ad-group-template-evergreen',
      templateSteps: ['target companies'],
      createdAt: NOW.toISOString(),
    });
    expect([...w.campaignTemplates.byKey.keys()]).toEqual([`${A}|demo|tpl-1`]);
  });

  it('keeps a template without dates, its estimated budget 0', async () => {
    const w = world();
    const saved = await createCampaignTemplate(
      { agencyId: A, username: 'demo', body: body({ startDate: null, endDate: null }) },
      w.deps,
    );
    expect(saved.estimatedBudget).toBe(0);
  });

  it("answers 404 for another agency's advertiser or ad-group template, and stores nothing", async () => {
    const w = world();
    await expect(
      createCampaignTemplate(
        { agencyId: A, username: 'demo', body: body({ bgAdvertiserId: 'bgAdvertiser-rival' }) },
        w.deps,
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      createCampaignTemplate(
        { agencyId: A, username: 'demo', body: body({ selectedAdGroupTemplate: 'bg-ad-group-template-rival' }) },
        w.deps,
      ),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(w.campaignTemplates.byKey.size).toBe(0);
  });

  it('answers 400 with field errors for references that do not fit together', async () => {
    const w = world();
    const error = await createCampaignTemplate(
      {
        agencyId: A,
        username: 'demo',
        body: body({
          selectedAdvertiser: { bgAdvertiserId: 'bgAdvertiser-other', beeswaxAdvertiserId: 102, name: 'Other' },
          advertiser_id: 102,
          selectedAdGroupTemplate: 'bg-ad-group-template-video',
        }),
      },
      w.deps,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).fieldErrors).toEqual({
      'selectedAdvertiser.bgAdvertiserId': ['Does not match the advertiser'],
      advertiser_id: ['Does not match the advertiser'],
      selectedAdGroupTemplate: ['Does not match the campaign media type'],
    });
    const otherAdvertiser = await createCampaignTemplate(
      { agencyId: A, username: 'demo', body: body({ selectedAdGroupTemplate: 'bg-ad-group-template-other' }) },
      w.deps,
    ).catch((e: unknown) => e);
    expect((otherAdvertiser as BadRequestError).fieldErrors).toEqual({
      selectedAdGroupTemplate: ['Does not match the advertiser'],
    });
    expect(w.campaignTemplates.byKey.size).toBe(0);
  });

  it("keeps the details form's date and budget rules when dates are set", async () => {
    const w = world();
    const sameDay = await createCampaignTemplate(
      { agencyId: A, username: 'demo', body: body({ endDate: '2026-12-01' }) },
      w.deps,
    ).catch((e: unknown) => e);
    expect((sameDay as BadRequestError).fieldErrors).toEqual({
      endDate: ['The end date must be after the start date'],
    });
    const overBudget = await createCampaignTemplate(
      { agencyId: A, username: 'demo', body: body({ dailyBudget: 1, endDate: '2026-12-03', maxBid: 25 }) },
      w.deps,
    ).catch((e: unknown) => e);
    expect((overBudget as BadRequestError).fieldErrors).toEqual({
      maxBid: ['Max Bid can not be greater than the Estimated Budget'],
    });
    const years = await createCampaignTemplate(
      { agencyId: A, username: 'demo', body: body({ dailyBudget: 900_000, endDate: '2099-12-01' }) },
      w.deps,
    ).catch((e: unknown) => e);
    expect((years as BadRequestError).fieldErrors).toEqual({
      dailyBudget: [VALIDATION_MESSAGES.estimatedBudgetCeiling],
    });
  });

  it('answers 400 with its reason, not a failed write, for a template larger than the store holds', async () => {
    // Prepare
    const w = world();
    w.deps.campaignTemplates = memoryCampaignTemplates([], 5_000).repo;
    const rows = Array.from({ length: 100 }, (_, i) => ({
      domain: `company-${i}.example`,
      include: true,
      domainInfo: { domain: `company-${i}.example`, ipSegments: [`10.0.${i}.0/24`] },
    }));
    // Act
    const error = await createCampaignTemplate(
      {
        agencyId: A,
        username: 'demo',
        body: body({ foundCompanyInfo: { primarySegments: rows, uniqueSegments: rows, matches: 100, fromFile: true } }),
      },
      w.deps,
    ).catch((e: unknown) => e);
    // Assess
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).fieldErrors).toEqual({
      foundCompanyInfo: ['This template is too large to save. Please keep fewer target companies or e-mails in it.'],
    });
  });

  it('answers 409 rather than overwrite when the new id is taken', async () => {
    const w = world();
    w.deps.newId = () => 'same';
    await createCampaignTemplate({ agencyId: A, username: 'demo', body: body() }, w.deps);
    await expect(
      createCampaignTemplate({ agencyId: A, username: 'demo', body: body() }, w.deps),
    ).rejects.toBeInstanceOf(ConflictError);
  });
});

describe('listCampaignTemplates', () => {
  it("lists the caller's own templates newest first, and no one else's", async () => {
    // Prepare
    const w = world();
    let day = 0;
    w.deps.now = () => new Date(Date.UTC(2026, 10, 20 + ++day));
    await createCampaignTemplate({ agencyId: A, username: 'demo', body: body({ templateName: 'older' }) }, w.deps);
    await createCampaignTemplate({ agencyId: A, username: 'demo', body: body({ templateName: 'newer' }) }, w.deps);
    await createCampaignTemplate(
      { agencyId: A, username: 'colleague', body: body({ templateName: 'theirs' }) },
      w.deps,
    );
    // Act
    const mine = await listCampaignTemplates(
      { agencyId: A, username: 'demo', userId: 'demo', page: firstPage(100) },
      w.deps,
    );
    // Assess
    expect(mine.payload.map((t) => t.templateName)).toEqual(['newer', 'older']);
    expect(mine.nextCursor).toBeNull();
  });

  it("answers 404 for another user's templates", async () => {
    const w = world();
    await createCampaignTemplate({ agencyId: A, username: 'colleague', body: body() }, w.deps);
    await expect(
      listCampaignTemplates({ agencyId: A, username: 'demo', userId: 'colleague', page: firstPage(100) }, w.deps),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
