import '../../test-env';
import { describe, expect, it } from 'vitest';
import {
  ZCampaignTemplateInput,
  ZCampaignTemplateUpdateInput,
} from '@bidgrid/shared/templates/campaign-template.schema';
import type {
  TCampaignTemplate,
  TCampaignTemplateInput,
  TCampaignTemplateUpdateInput,
} from '@bidgrid/shared/templates/campaign-template.schema';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/common/messages';
import { BadRequestError, ConflictError, NotFoundError } from '../../kernel/errors';
import { firstPage } from '../ports/page.port';
import { memoryAdvertisers, recordFixture } from '../test-fakes';
import {
  CAMPAIGN_TEMPLATE_MESSAGES,
  createCampaignTemplate,
  deleteCampaignTemplate,
  listCampaignTemplates,
  updateCampaignTemplate,
} from './campaign-templates.use-case';
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

describe('updateCampaignTemplate', () => {
  const LATER = new Date('2026-11-26T09:30:00Z');

  /** The demo user's template with roles, zip codes and companies, saved at NOW; then the clock moves on. */
  async function saved(w = world()) {
    const row = {
      domain: 'acme.example',
      include: true,
      domainInfo: { domain: 'acme.example', ipSegments: ['10.0.0.0/24'] },
    };
    const template = await createCampaignTemplate(
      {
        agencyId: A,
        username: 'demo',
        body: body({
          templateSteps: ['role titles', 'zip codes', 'target companies'],
          roleTitles: [{ roleTypeId: 'IT', roleId: 'IT-CTO' }],
          selectedZipCodes: ['10001', '94105'],
          foundCompanyInfo: { primarySegments: [row], uniqueSegments: [row], matches: 1, fromFile: false },
          matches: 1,
        }),
      },
      w.deps,
    );
    w.deps.now = () => LATER;
    return { w, template };
  }

  /** The update body of `template` as the client would send it after editing, with `changes`. */
  const edit = (template: TCampaignTemplate, changes: Partial<TCampaignTemplateUpdateInput> = {}) =>
    ZCampaignTemplateUpdateInput.parse({ ...template, ...changes });

  it('replaces the fields and keeps id, agency, owner and creation time; updatedAt becomes now', async () => {
    // Prepare
    const { w, template } = await saved();
    // Act
    const updated = await updateCampaignTemplate(
      {
        agencyId: A,
        username: 'demo',
        templateId: template.id,
        body: edit(template, {
          id: 'other-id',
          agencyId: 'bgAgency-rival',
          createdBy: 'rival',
          templateName: ' Renamed ',
          dailyBudget: 60,
        }),
      },
      w.deps,
    );
    // Assess
    expect(updated).toMatchObject({
      id: template.id,
      agencyId: A,
      createdBy: 'demo',
      templateName: 'Renamed',
      dailyBudget: 60,
      estimatedBudget: 600,
      createdAt: NOW.toISOString(),
      updatedAt: LATER.toISOString(),
    });
    expect([...w.campaignTemplates.byKey.keys()]).toEqual([`${A}|demo|${template.id}`]);
    expect(w.campaignTemplates.byKey.get(`${A}|demo|${template.id}`)).toEqual(updated);
  });

  it('clears the data of steps the stored template had and the body dropped, whatever the body sends', async () => {
    // Prepare
    const { w, template } = await saved();
    // Act: Zip Codes is no longer chosen, though the body still carries its codes.
    const updated = await updateCampaignTemplate(
      {
        agencyId: A,
        username: 'demo',
        templateId: template.id,
        body: edit(template, { templateSteps: ['role titles', 'target companies'] }),
      },
      w.deps,
    );
    // Assess
    expect(updated.selectedZipCodes).toEqual([]);
    expect(updated.roleTitles).toEqual(template.roleTitles);
    expect(updated.foundCompanyInfo).toEqual(template.foundCompanyInfo);
    expect(w.campaignTemplates.byKey.get(`${A}|demo|${template.id}`)?.selectedZipCodes).toEqual([]);
  });

  it("answers the same 404 for a colleague's, another agency's and a missing template, and changes nothing", async () => {
    // Prepare
    const { w, template } = await saved();
    const before = structuredClone(w.campaignTemplates.byKey);
    const attempt = (agencyId: string, username: string, templateId: string) =>
      updateCampaignTemplate({ agencyId, username, templateId, body: edit(template) }, w.deps).catch((e: unknown) => e);
    // Act
    const errors = [
      await attempt(A, 'colleague', template.id),
      await attempt('bgAgency-rival', 'demo', template.id),
      await attempt(A, 'demo', 'no-such-template'),
    ];
    // Assess
    for (const error of errors) {
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).userMessage).toBe(CAMPAIGN_TEMPLATE_MESSAGES.notFound);
    }
    expect(w.campaignTemplates.byKey).toEqual(before);
  });

  it('answers 409 for a save of an older version, so a save made since is not lost', async () => {
    // Prepare: the template is saved once more after the client opened it.
    const { w, template } = await saved();
    await updateCampaignTemplate(
      { agencyId: A, username: 'demo', templateId: template.id, body: edit(template, { templateName: 'First save' }) },
      w.deps,
    );
    // Act
    const stale = await updateCampaignTemplate(
      { agencyId: A, username: 'demo', templateId: template.id, body: edit(template, { templateName: 'Second save' }) },
      w.deps,
    ).catch((e: unknown) => e);
    // Assess
    expect(stale).toBeInstanceOf(ConflictError);
    expect((stale as ConflictError).userMessage).toBe(CAMPAIGN_TEMPLATE_MESSAGES.changedSince);
    expect(w.campaignTemplates.byKey.get(`${A}|demo|${template.id}`)?.templateName).toBe('First save');
  });

  it('answers 409 when another save lands between its read and its write, and 404 when a delete does', async () => {
    // Prepare: a store in which something happens right after the template is read.
    const { w, template } = await saved();
    const key = `${A}|demo|${template.id}`;
    const between = (happen: () => void) => ({
      ...w.deps,
      campaignTemplates: {
        ...w.deps.campaignTemplates,
        getCampaignTemplate: async (agencyId: string, username: string, id: string) => {
          const read = await w.deps.campaignTemplates.getCampaignTemplate(agencyId, username, id);
          happen();
          return read;
        },
      },
    });
    // Act
    const raced = await updateCampaignTemplate(
      { agencyId: A, username: 'demo', templateId: template.id, body: edit(template, { templateName: 'Mine' }) },
      between(() => {
        const current = w.campaignTemplates.byKey.get(key);
        if (current)
          w.campaignTemplates.byKey.set(key, { ...current, templateName: 'Theirs', updatedAt: LATER.toISOString() });
      }),
    ).catch((e: unknown) => e);
    const gone = await updateCampaignTemplate(
      {
        agencyId: A,
        username: 'demo',
        templateId: template.id,
        body: edit(template, { updatedAt: LATER.toISOString() }),
      },
      between(() => w.campaignTemplates.byKey.delete(key)),
    ).catch((e: unknown) => e);
    // Assess
    expect(raced).toBeInstanceOf(ConflictError);
    expect(gone).toBeInstanceOf(NotFoundError);
    expect(w.campaignTemplates.byKey.has(key)).toBe(false);
  });

  it("keeps the create rules: field errors for bad references and dates, 404 for another agency's advertiser", async () => {
    // Prepare
    const { w, template } = await saved();
    // Act
    const badDates = await updateCampaignTemplate(
      {
        agencyId: A,
        username: 'demo',
        templateId: template.id,
        body: edit(template, { endDate: '2026-12-01', selectedAdGroupTemplate: 'bg-ad-group-template-video' }),
      },
      w.deps,
    ).catch((e: unknown) => e);
    const rivalAdvertiser = await updateCampaignTemplate(
      {
        agencyId: A,
        username: 'demo',
        templateId: template.id,
        body: edit(template, { bgAdvertiserId: 'bgAdvertiser-rival', selectedAdvertiser: null, advertiser_id: null }),
      },
      w.deps,
    ).catch((e: unknown) => e);
    // Assess
    expect((badDates as BadRequestError).fieldErrors).toEqual({
      endDate: ['The end date must be after the start date'],
      selectedAdGroupTemplate: ['Does not match the campaign media type'],
    });
    expect(rivalAdvertiser).toBeInstanceOf(NotFoundError);
    expect(w.campaignTemplates.byKey.get(`${A}|demo|${template.id}`)).toEqual(template);
  });

  it('answers 400 with its reason for a template grown beyond what the store holds', async () => {
    const w = world();
    w.deps.campaignTemplates = memoryCampaignTemplates([], 5_000).repo;
    const { template } = await saved(w);
    const rows = Array.from({ length: 100 }, (_, i) => ({
      domain: `company-${i}.example`,
      include: true,
      domainInfo: { domain: `company-${i}.example`, ipSegments: [`10.0.${i}.0/24`] },
    }));
    const error = await updateCampaignTemplate(
      {
        agencyId: A,
        username: 'demo',
        templateId: template.id,
        body: edit(template, {
          foundCompanyInfo: { primarySegments: rows, uniqueSegments: rows, matches: 100, fromFile: true },
        }),
      },
      w.deps,
    ).catch((e: unknown) => e);
    expect((error as BadRequestError).fieldErrors).toEqual({ foundCompanyInfo: [CAMPAIGN_TEMPLATE_MESSAGES.tooLarge] });
  });
});

describe('deleteCampaignTemplate', () => {
  it("deletes the owner's template; a second delete answers 404", async () => {
    // Prepare
    const w = world();
    const template = await createCampaignTemplate({ agencyId: A, username: 'demo', body: body() }, w.deps);
    // Act
    const first = await deleteCampaignTemplate({ agencyId: A, username: 'demo', templateId: template.id }, w.deps);
    const second = await deleteCampaignTemplate(
      { agencyId: A, username: 'demo', templateId: template.id },
      w.deps,
    ).catch((e: unknown) => e);
    // Assess
    expect(first).toEqual({ id: template.id });
    expect(second).toBeInstanceOf(NotFoundError);
    expect(w.campaignTemplates.byKey.size).toBe(0);
  });

  it("answers 404 to a colleague and to another agency's user, and keeps the template", async () => {
    const w = world();
    const template = await createCampaignTemplate({ agencyId: A, username: 'demo', body: body() }, w.deps);
    for (const [agencyId, username] of [
      [A, 'colleague'],
      ['bgAgency-rival', 'demo'],
    ] as const) {
      const error = await deleteCampaignTemplate({ agencyId, username, templateId: template.id }, w.deps).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(NotFoundError);
      expect((error as NotFoundError).userMessage).toBe(CAMPAIGN_TEMPLATE_MESSAGES.notFound);
    }
    expect([...w.campaignTemplates.byKey.keys()]).toEqual([`${A}|demo|${template.id}`]);
  });
});
