import { describe, expect, it } from 'vitest';
import { TARGETING_LAYERS } from '../constants';
import { ZCampaignTemplate, type TCampaignTemplate } from './campaign-template.schema';
import { clearDroppedStepData, droppedTemplateSteps, TEMPLATE_STEP_FIELDS } from './template-steps';

/** A template holding data for every layer. */
function fullTemplate(): TCampaignTemplate {
  const row = {
    domain: 'acme.example',
    include: true,
    domainInfo: { domain: 'acme.example', ipSegments: ['10.0.0.0/24'] },
  };
  return ZCampaignTemplate.parse({
    id: 'tpl-1',
    agencyId: 'bgAgency-demo',
    createdBy: 'demo',
    templateName: 'All layers',
    templateSteps: TARGETING_LAYERS.map((layer) => layer.step),
    dailyBudget: 10,
    maxBid: 5,
    bgAdvertiserId: 'bgAdvertiser-acme',
    name: 'Campaign',
    isVideoCampaign: false,
    roleTitles: [{ roleTypeId: 'IT', roleId: 'IT-CTO' }],
    foundCompanyInfo: { primarySegments: [row], uniqueSegments: [row], matches: 1, fromFile: false },
    matches: 1,
    foundEmailsInfo: { emailsToHash: [{ domain: 'acme.example', emails: ['a@acme.example'] }], fromFile: false },
    companySortValues: { tier_values: [{ label: 'Tier 1', value: 'tier_1' }] },
    hubSpotLists: [{ listId: '101', name: 'Enterprise accounts' }],
    selectedDomainListsIds: ['public-news'],
    selectedDomainLists: [{ beeswaxListId: 11, name: 'news.example', cpmBid: 31 }],
    selectedGeoTargetOptions: ['US-CA'],
    selectedZipCodes: ['10001'],
    selectedSegmentIds: ['seg-1'],
    createdAt: '2026-11-25T12:00:00.000Z',
    updatedAt: '2026-11-25T12:00:00.000Z',
  });
}

describe('the template update rule (001 §4)', () => {
  it('gives every one of the seven optional layers its fields', () => {
    expect(Object.keys(TEMPLATE_STEP_FIELDS).sort()).toEqual(TARGETING_LAYERS.map((layer) => layer.step).sort());
  });

  it('clears the data of steps the saved template had and the current steps lack, and keeps the rest', () => {
    // Prepare
    const saved = fullTemplate();
    const current = saved.templateSteps.filter((step) => step !== 'zip codes' && step !== 'target companies');
    // Act
    const next = clearDroppedStepData(saved, saved.templateSteps, current);
    // Assess
    expect(next).toEqual({
      ...saved,
      selectedZipCodes: [],
      foundCompanyInfo: null,
      matches: 0,
      companySortValues: { tier_values: [] },
      hubSpotLists: [],
    });
    expect(saved.selectedZipCodes).toEqual(['10001']);
  });

  it('clears each layer of the spec when its step is dropped', () => {
    const saved = fullTemplate();
    const cases: Array<[string, Partial<TCampaignTemplate>]> = [
      ['role titles', { roleTitles: [] }],
      ['CRM retargeting segments', { foundEmailsInfo: null }],
      ['publication lists', { selectedDomainListsIds: [], selectedDomainLists: [] }],
      ['state provinces', { selectedGeoTargetOptions: [] }],
      ['zip codes', { selectedZipCodes: [] }],
      [
        'target companies',
        { foundCompanyInfo: null, matches: 0, companySortValues: { tier_values: [] }, hubSpotLists: [] },
      ],
      ['visitors retargeting segments', { selectedSegmentIds: [] }],
    ];
    for (const [dropped, cleared] of cases) {
      const next = clearDroppedStepData(
        saved,
        saved.templateSteps,
        saved.templateSteps.filter((step) => step !== dropped),
      );
      expect(next, dropped).toEqual({ ...saved, ...cleared });
    }
  });

  it('leaves data of a step the saved template never had, and of steps kept or added', () => {
    const saved = fullTemplate();
    const next = clearDroppedStepData(saved, ['zip codes'], ['zip codes', 'role titles']);
    expect(next).toEqual(saved);
  });

  it('names only the dropped steps that own data, once each', () => {
    expect(
      droppedTemplateSteps(
        ['role titles', 'landing page', 'zip codes', 'zip codes', 'state provinces'],
        ['state provinces'],
      ),
    ).toEqual(['role titles', 'zip codes']);
  });

  it('works on a payload whose layer fields are optional, as the web sends it', () => {
    const next = clearDroppedStepData({ templateName: 'x', selectedZipCodes: ['10001'] }, ['zip codes'], []);
    expect(next).toEqual({ templateName: 'x', selectedZipCodes: [] });
  });
});
