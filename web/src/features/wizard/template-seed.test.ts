import { describe, expect, it } from 'vitest';
import { draftFromTemplate } from './template-seed';
import { makeAdvertiser, makeTemplate } from './wizard.fixtures';

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
    expect(draft.campaignTemplate).toEqual({ id: 'tpl-1', templateSteps: ['target companies', 'zip codes'] });
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
