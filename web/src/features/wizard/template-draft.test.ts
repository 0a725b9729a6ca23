import { describe, expect, it } from 'vitest';
import { newCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { draftForTemplateFlow, isTemplateEdit } from './template-draft';
import { stepsWithLayers } from './wizard-flow';
import { makeAdvertiser, makeTemplate, WINTER_AD_GROUP_TEMPLATE } from './wizard.fixtures';

const TODAY = '2026-11-26';
const adGroupTemplate = WINTER_AD_GROUP_TEMPLATE;
const template = () =>
  makeTemplate({
    selectedAdGroupTemplate: adGroupTemplate.id,
    roleTitles: [{ roleTypeId: 'rt-it', roleId: 'r-cio' }],
    updatedAt: '2026-11-20T10:00:00.000Z',
  });

describe('draftForTemplateFlow', () => {
  it("opens an edit with the chosen layers, the fetched ad group and roles, and the template's version", () => {
    // Act
    const { draft, steps } = draftForTemplateFlow(
      template(),
      [makeAdvertiser()],
      TODAY,
      { kind: 'editTemplate', layers: ['state provinces', 'target companies'] },
      { adGroupTemplate, roleTitles: [{ roleTypeId: 'rt-it', roleId: 'r-ciso' }] },
    );

    // Assess
    expect(steps).toEqual(stepsWithLayers('editTemplate', ['target companies', 'state provinces']));
    expect(draft.campaignSteps).toEqual(steps);
    expect(draft.selectedAdvertiser?.bgAdvertiserId).toBe('bgAdvertiser-acme');
    expect(draft.selectedAdGroupTemplate).toEqual(adGroupTemplate);
    expect(draft.campaignCookieSets).toEqual({ 'rt-it:r-ciso': [] });
    expect(draft.campaignTemplateName).toBe('Evergreen ABM');
    expect(draft.campaignTemplate).toEqual({
      id: 'tpl-1',
      templateSteps: ['target companies', 'zip codes'],
      updatedAt: '2026-11-20T10:00:00.000Z',
    });
    expect(isTemplateEdit(draft, steps)).toBe(true);
  });

  it("opens Create from template with the template's own steps, keeping its roles when their fetch failed", () => {
    // Act
    const { draft, steps } = draftForTemplateFlow(
      template(),
      [makeAdvertiser()],
      TODAY,
      { kind: 'fromTemplate' },
      { adGroupTemplate: null, roleTitles: null },
    );

    // Assess
    expect(steps).toEqual(stepsWithLayers('fromTemplate', ['target companies', 'zip codes']));
    expect(draft.campaignCookieSets).toEqual({ 'rt-it:r-cio': [] });
    expect(draft.selectedAdGroupTemplate).toBeNull();
    // A campaign from a template is no edit of it.
    expect(isTemplateEdit(draft, steps)).toBe(false);
  });
});

describe('isTemplateEdit', () => {
  it('is false for Create Campaign Template (no template opened) and for an empty step list', () => {
    const steps = stepsWithLayers('createTemplate', []);
    expect(isTemplateEdit(newCampaignDraft(), steps)).toBe(false);
    expect(
      isTemplateEdit({ ...newCampaignDraft(), campaignTemplate: { id: 't', templateSteps: [], updatedAt: null } }, []),
    ).toBe(false);
  });
});
