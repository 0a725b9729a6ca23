import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ZCampaignTemplateInput } from '@bidgrid/shared/templates/campaign-template.schema';
import { NotFoundError } from '../../kernel/errors';
import { memoryAdvertisers, recordFixture } from '../test-fakes';
import { createCampaignTemplate } from '../templates/campaign-templates.use-case';
import { memoryAdGroupTemplates, memoryCampaignTemplates } from '../templates/test-template-fakes';
import { getCampaignTemplateRoleTitles, listRoleTitles } from './role-titles.use-case';
import { CATALOG_FIXTURE, memoryRoleCatalog } from './test-role-fakes';

const A = 'bgAgency-demo';

/** A template of `username` saved through the use case, with two roles. */
async function savedTemplate(username: string) {
  const campaignTemplates = memoryCampaignTemplates();
  const saved = await createCampaignTemplate(
    {
      agencyId: A,
      username,
      body: ZCampaignTemplateInput.parse({
        templateName: 'Roles',
        templateSteps: ['role titles'],
        dailyBudget: 50,
        maxBid: 25,
        bgAdvertiserId: 'bgAdvertiser-acme',
        name: 'Roles',
        isVideoCampaign: false,
        roleTitles: [
          { roleTypeId: 'IT', roleId: 'IT-CTO' },
          { roleTypeId: 'FIN', roleId: 'FIN-CFO' },
        ],
      }),
    },
    {
      campaignTemplates: campaignTemplates.repo,
      advertisers: memoryAdvertisers([recordFixture()]).repo,
      adGroupTemplates: memoryAdGroupTemplates().repo,
      now: () => new Date('2026-11-25T12:00:00Z'),
      newId: () => 'tpl-1',
    },
  );
  return { campaignTemplates, saved };
}

describe('listRoleTitles', () => {
  it('answers the catalogue as stored, the same for every caller', async () => {
    // Prepare
    const catalog = memoryRoleCatalog();
    // Act
    const listed = await listRoleTitles({ roleCatalog: catalog.repo });
    // Assess
    expect(listed).toEqual(CATALOG_FIXTURE);
  });
});

describe('getCampaignTemplateRoleTitles', () => {
  it("answers the roles saved in the caller's own template", async () => {
    // Prepare
    const { campaignTemplates, saved } = await savedTemplate('demo');
    // Act
    const roles = await getCampaignTemplateRoleTitles(
      { agencyId: A, username: 'demo', templateId: saved.id },
      { campaignTemplates: campaignTemplates.repo },
    );
    // Assess
    expect(roles).toEqual([
      { roleTypeId: 'IT', roleId: 'IT-CTO' },
      { roleTypeId: 'FIN', roleId: 'FIN-CFO' },
    ]);
  });

  it("answers 404 for a colleague's template, another agency's and an unknown id alike", async () => {
    // Prepare: the template is demo's.
    const { campaignTemplates, saved } = await savedTemplate('demo');
    const deps = { campaignTemplates: campaignTemplates.repo };
    // Act
    const asks = [
      getCampaignTemplateRoleTitles({ agencyId: A, username: 'colleague', templateId: saved.id }, deps),
      getCampaignTemplateRoleTitles({ agencyId: 'bgAgency-rival', username: 'demo', templateId: saved.id }, deps),
      getCampaignTemplateRoleTitles({ agencyId: A, username: 'demo', templateId: 'tpl-unknown' }, deps),
    ];
    // Assess
    for (const ask of asks) await expect(ask).rejects.toBeInstanceOf(NotFoundError);
  });
});
