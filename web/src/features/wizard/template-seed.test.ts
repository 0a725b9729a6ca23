import { describe, expect, it } from 'vitest';
import { TARGETING_LAYERS } from '@bidgrid/shared/constants';
import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import {
  ZCampaignTemplate,
  ZCampaignTemplateInput,
  ZCampaignTemplateUpdateInput,
  type TCampaignTemplate,
} from '@bidgrid/shared/templates/campaign-template.schema';
import { TEMPLATE_STEP_FIELDS, type TTemplateDataStep } from '@bidgrid/shared/templates/template-steps';
import { DraftIncompleteError, templatePayload, templateUpdatePayload } from './creation-payload';
import { draftFromTemplate } from './template-seed';
import { finishedDraft, makeAdvertiser, makeTemplate, matchedRow, unmatchedRow } from './wizard.fixtures';

describe('create from template', () => {
  it("seeds the draft with the template's data, its current advertiser and its steps", () => {
    // Prepare
    const advertiser = makeAdvertiser();

    // Act
    const { draft, steps } = draftFromTemplate(makeTemplate(), [advertiser], '2026-11-26');

    // Assess
    expect(draft.selectedAdvertiser).toEqual(advertiser);
    expect(draft.basicDetails).toMatchObject({
      name: 'Evergreen campaign',
      dailyBudget: 40,
      maxBid: 20,
      mediaType: 'video',
      startDate: '2026-12-01',
      endDate: '2026-12-06',
      estimatedBudget: 200,
    });
    expect(draft.landingPage).toBe('https://acme.example/evergreen');
    expect(draft.campaignTemplate).toEqual({
      id: 'tpl-1',
      templateSteps: ['target companies', 'zip codes'],
      updatedAt: '2026-11-21T09:00:00.000Z',
    });
    expect(steps.map((step) => step.name)).toEqual([
      'select advertiser',
      'campaign details',
      'target companies',
      'zip codes',
      'landing page',
      'ad group page',
      'summary page',
    ]);
  });

  it('leaves out dates already past and an advertiser the agency no longer has', () => {
    // Act
    const { draft } = draftFromTemplate(makeTemplate(), [], '2026-12-02');

    // Assess
    expect(draft.selectedAdvertiser).toBeNull();
    expect(draft.basicDetails.startDate).toBeNull();
    expect(draft.basicDetails.endDate).toBeNull();
    expect(draft.basicDetails.estimatedBudget).toBe(0);
  });

  it("keeps the template's roles as role keys, whose segments the Role/Title step fills in", () => {
    // Prepare
    const template = makeTemplate({
      roleTitles: [
        { roleTypeId: 'IT', roleId: 'IT-CTO' },
        { roleTypeId: 'FIN', roleId: 'FIN-CFO' },
      ],
    });

    // Act
    const { draft } = draftFromTemplate(template, [], '2026-11-26');

    // Assess
    expect(draft.campaignCookieSets).toEqual({ 'IT:IT-CTO': [], 'FIN:FIN-CFO': [] });
  });
});

/** The ad-group template the draft below was made with, as `GET /adgroups/template/{id}` answers it. */
const adGroupTemplate: TAdGroupTemplate = {
  id: 'bg-ad-group-template-summer',
  bgAdvertiserId: 'bgAdvertiser-acme',
  createdBy: 'demo',
  name: 'Summer banners',
  description: '',
  adGroupType: 'image',
  createdAt: '2026-11-01T10:00:00.000Z',
};

/** A template flow's draft with data in every one of the seven layers. */
function everyLayerDraft(): TCampaignDraft {
  const rows = [matchedRow('alpha.example'), matchedRow('beta.example', false), unmatchedRow('gamma.example')];
  return finishedDraft({
    campaignTemplateName: 'Every layer',
    createdAdGroup: null,
    selectedAdGroupTemplate: adGroupTemplate,
    selectedGeoTargetOptions: ['USA_ALL', 'US-TX', 'US-UT', 'CA-ON'],
    selectedZipCodes: ['10001', '94105'],
    selectedDomainListsIds: ['public-news', 'bgDomainList-own'],
    selectedDomainLists: [
      { beeswaxListId: 11, name: 'news-a.example', cpmBid: 31.5 },
      { beeswaxListId: 12, name: 'news-b.example', cpmBid: 18 },
      { beeswaxListId: 20, name: 'Own list' },
    ],
    foundCompanyInfo: { primarySegments: rows, uniqueSegments: rows, matches: 2, fromFile: false },
    companySortValues: { tier_values: [{ label: 'Tier 1', value: 'tier_1' }] },
    hubSpotLists: [{ listId: '101', name: 'Enterprise accounts', size: 2 }],
    campaignCookieSets: {
      'IT:IT_ALL': [],
      'IT:IT-CTO': [{ segment_key: 'seg-cto' }],
      'FIN:FIN-CFO': [{ segment_key: 'seg-cfo', segment_name: 'CFO' }],
    },
    selectedSegmentIds: ['seg-visitors-1', 'seg-visitors-2'],
    foundEmailsInfo: { emailsToHash: [{ domain: 'alpha.example', emails: ['ann@alpha.example'] }], fromFile: true },
  });
}

/** The template the server stores for a payload (its fields as parsed, its own id, owner and times), sent as JSON. */
function stored(payload: unknown): TCampaignTemplate {
  const fields = ZCampaignTemplateInput.parse(payload);
  return ZCampaignTemplate.parse(
    JSON.parse(
      JSON.stringify({
        ...fields,
        id: 'tpl-every-layer',
        agencyId: 'bgAgency-demo',
        createdBy: 'demo',
        createdAt: '2026-11-26T10:00:00.000Z',
        updatedAt: '2026-11-26T10:00:00.000Z',
      }),
    ),
  );
}

/**
 * What each optional layer keeps in the draft. The Role/Title layer is its role keys: their segments are
 * the catalogue's, filled in by the step, and the per-type and per-country "select all" keys are never
 * saved (001 §2).
 */
const LAYER_DATA: Record<TTemplateDataStep, (draft: TCampaignDraft) => unknown> = {
  'state provinces': (draft) => draft.selectedGeoTargetOptions.filter((key) => !key.endsWith('_ALL')),
  'zip codes': (draft) => draft.selectedZipCodes,
  'publication lists': (draft) => [draft.selectedDomainListsIds, draft.selectedDomainLists],
  'target companies': (draft) => [draft.foundCompanyInfo, draft.companySortValues, draft.hubSpotLists],
  'role titles': (draft) => Object.keys(draft.campaignCookieSets).filter((key) => !key.endsWith('_ALL')),
  'visitors retargeting segments': (draft) => draft.selectedSegmentIds,
  'CRM retargeting segments': (draft) => draft.foundEmailsInfo,
};

describe('a template keeps everything needed to recreate the campaign (001 §4)', () => {
  const steps = TARGETING_LAYERS.map((layer) => layer.step);

  it('gives back every layer, the advertiser, details, landing page and ad group: draft -> template -> draft', () => {
    // Prepare
    const draft = everyLayerDraft();
    const advertiser = draft.selectedAdvertiser;
    // Act
    const template = stored(
      templatePayload(draft, { templateSteps: steps, agencyId: 'bgAgency-demo', userName: 'demo' }),
    );
    const { draft: seeded } = draftFromTemplate(
      template,
      advertiser ? [advertiser] : [],
      '2026-11-26',
      adGroupTemplate,
    );
    // Assess
    expect(Object.keys(LAYER_DATA).sort()).toEqual([...steps].sort());
    for (const step of steps)
      expect(LAYER_DATA[step as TTemplateDataStep](seeded), step).toEqual(LAYER_DATA[step as TTemplateDataStep](draft));
    expect(seeded.selectedAdvertiser).toEqual(draft.selectedAdvertiser);
    expect(seeded.landingPage).toBe(draft.landingPage);
    expect(seeded.selectedAdGroupTemplate).toEqual(adGroupTemplate);
    const { bgCampaignId: _new, ...details } = seeded.basicDetails;
    const { bgCampaignId: _old, ...before } = draft.basicDetails;
    expect(details).toEqual(before);
    expect(seeded.campaignTemplateName).toBe('Every layer');
  });

  it('keeps in the template every field the update rule can clear', () => {
    // Prepare: the stored template of a draft with every layer.
    const template = stored(
      templatePayload(everyLayerDraft(), { templateSteps: steps, agencyId: 'bgAgency-demo', userName: 'demo' }),
    );
    // Assess: no layer field is left empty by the payload (one would be a layer the template drops).
    for (const fields of Object.values(TEMPLATE_STEP_FIELDS)) {
      for (const field of fields)
        expect(template[field], field).not.toEqual(ZCampaignTemplate.shape[field].parse(undefined));
    }
  });

  it('leaves the ad group unchosen when the fetched ad-group template is not the one saved, or no longer fits', () => {
    const template = makeTemplate({ selectedAdGroupTemplate: adGroupTemplate.id, isVideoCampaign: false });
    const other = draftFromTemplate(template, [], '2026-11-26', { ...adGroupTemplate, id: 'bg-ad-group-template-x' });
    const video = draftFromTemplate(template, [], '2026-11-26', { ...adGroupTemplate, adGroupType: 'video' });
    const none = draftFromTemplate(template, [], '2026-11-26');
    const same = draftFromTemplate(template, [], '2026-11-26', adGroupTemplate);
    expect([other, video, none].map(({ draft }) => draft.selectedAdGroupTemplate)).toEqual([null, null, null]);
    expect(same.draft.selectedAdGroupTemplate).toEqual(adGroupTemplate);
  });
});

describe("an edited template's Save (001 §4 Template update)", () => {
  it('clears the layers dropped since the template was saved and names the version it was seeded from', () => {
    // Prepare: a template with every layer, opened for edit; Zip Codes is then dropped.
    const steps = TARGETING_LAYERS.map((layer) => layer.step);
    const template = stored(
      templatePayload(everyLayerDraft(), { templateSteps: steps, agencyId: 'bgAgency-demo', userName: 'demo' }),
    );
    const { draft } = draftFromTemplate(template, [makeAdvertiser()], '2026-11-26', adGroupTemplate);
    const kept = steps.filter((step) => step !== 'zip codes');
    // Act
    const { id, body } = templateUpdatePayload(draft, {
      templateSteps: kept,
      agencyId: 'bgAgency-demo',
      userName: 'demo',
    });
    // Assess
    expect(ZCampaignTemplateUpdateInput.safeParse(body).success).toBe(true);
    expect(id).toBe('tpl-every-layer');
    expect(body.updatedAt).toBe('2026-11-26T10:00:00.000Z');
    expect(body.selectedZipCodes).toEqual([]);
    expect(body.selectedGeoTargetOptions).toEqual(template.selectedGeoTargetOptions);
    expect(body.foundCompanyInfo).toEqual(template.foundCompanyInfo);
  });

  it('refuses a draft that was not seeded from a saved template', () => {
    expect(() =>
      templateUpdatePayload(everyLayerDraft(), { templateSteps: [], agencyId: 'bgAgency-demo', userName: 'demo' }),
    ).toThrow(DraftIncompleteError);
  });
});
