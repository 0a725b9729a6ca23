import { describe, expect, it } from 'vitest';
import type { TAdGroupTemplate } from '@bidgrid/shared/entities/ad-group.schema';
import { newCampaignDraft } from '@bidgrid/shared/entities/campaign-draft.schema';
import { templatePayload } from './creation-payload';
import { draftForTemplateFlow, isTemplateEdit, TEMPLATE_NOT_OPENED, templateUpdateBody } from './template-draft';
import { stepsWithLayers } from './wizard-flow';
import { finishedDraft, makeAdvertiser, makeTemplate, matchedRow } from './wizard.fixtures';

const TODAY = '2026-11-26';
const adGroupTemplate: TAdGroupTemplate = {
  id: 'bg-ad-group-template-winter',
  bgAdvertiserId: 'bgAdvertiser-acme',
  createdBy: 'demo',
  name: 'Winter banners',
  description: '',
  adGroupType: 'video',
  createdAt: '2026-11-01T10:00:00.000Z',
};
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
    expect(isTemplateEdit({ ...newCampaignDraft(), campaignTemplate: { id: 't', templateSteps: [] } }, [])).toBe(false);
  });
});

describe('templateUpdateBody', () => {
  const payloadOf = (templateSteps: Parameters<typeof templatePayload>[1]['templateSteps']) =>
    templatePayload(
      finishedDraft({
        campaignTemplateName: 'Evergreen',
        foundCompanyInfo: { primarySegments: [], uniqueSegments: [matchedRow('a.com')], matches: 1, fromFile: true },
        selectedZipCodes: ['10001'],
        selectedGeoTargetOptions: ['USA-TX'],
      }),
      { templateSteps, agencyId: 'bgAgency-demo', userName: 'demo' },
    );

  it('clears the data of steps the saved template had and the edit dropped, and sends its version', () => {
    // Act
    const { id, body } = templateUpdateBody(payloadOf(['target companies', 'state provinces']), {
      id: 'tpl-1',
      templateSteps: ['target companies', 'zip codes'],
      updatedAt: '2026-11-20T10:00:00.000Z',
    });

    // Assess: ZIP codes dropped; companies kept; states newly chosen kept.
    expect(id).toBe('tpl-1');
    expect(body.selectedZipCodes).toEqual([]);
    expect(body.foundCompanyInfo?.uniqueSegments).toHaveLength(1);
    expect(body.selectedGeoTargetOptions).toEqual(['USA-TX']);
    expect(body.updatedAt).toBe('2026-11-20T10:00:00.000Z');
    expect(body.templateSteps).toEqual(['target companies', 'state provinces']);
  });

  it('refuses a draft that was not opened from a saved template', () => {
    expect(() => templateUpdateBody(payloadOf([]), null)).toThrow(TEMPLATE_NOT_OPENED);
    expect(() => templateUpdateBody(payloadOf([]), { id: 'tpl-1', templateSteps: [] })).toThrow(TEMPLATE_NOT_OPENED);
  });
});
