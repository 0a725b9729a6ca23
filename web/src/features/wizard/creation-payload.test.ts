import { describe, expect, it } from 'vitest';
import { ZCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import { ZCampaignTemplateInput } from '@bidgrid/shared/templates/campaign-template.schema';
import {
  creationPayload,
  DraftIncompleteError,
  publicListSelections,
  summaryFigures,
  targetingInfo,
  templatePayload,
} from './creation-payload';
import { finishedDraft, matchedRow, unmatchedRow } from './wizard.fixtures';

const context = { agencyId: 'bgAgency-demo', userName: 'demo' };

describe('creation payload', () => {
  it('sends the chosen public lists with the CPM bid of each split domain, and every chosen bidder list', () => {
    // Prepare
    const at = '2026-11-01T00:00:00.000Z';
    const split = {
      id: 'pl-tech',
      listType: 'SPLIT' as const,
      name: 'Tech',
      createdAt: at,
      domainLists: [30, 31].map((id) => ({
        beeswaxListId: id,
        name: `d${id}.com`,
        createdAt: at,
        publicPublications: [],
      })),
    };
    const single = { ...split, id: 'pl-biz', listType: 'SINGLE' as const, name: 'Biz', domainLists: [] };
    const draft = finishedDraft({
      publicDomainLists: [split, single],
      selectedDomainListsIds: ['pl-tech'],
      selectedDomainLists: [
        { beeswaxListId: 30, name: 'd30.com', cpmBid: 25 },
        { beeswaxListId: 31, name: 'd31.com', cpmBid: 40 },
      ],
    });

    // Act
    const payload = creationPayload(draft, { ...context, campaignType: 'custom' });

    // Assess
    expect(publicListSelections(draft)).toEqual([
      {
        id: 'pl-tech',
        listType: 'SPLIT',
        name: 'Tech',
        domainLists: [
          { beeswaxListId: 30, name: 'd30.com', cpmBid: 25 },
          { beeswaxListId: 31, name: 'd31.com', cpmBid: 40 },
        ],
      },
    ]);
    expect(payload.publicDomainLists).toEqual(publicListSelections(draft));
    expect(payload.targetingInfo?.domain_list).toEqual(draft.selectedDomainLists);
    expect(ZCampaignCreate.safeParse(payload).success).toBe(true);
  });

  it('maps a finished draft to the 001 §3 payload the shared schema accepts, companies included and matched only', () => {
    // Prepare
    const draft = finishedDraft({
      foundCompanyInfo: {
        primarySegments: [],
        uniqueSegments: [matchedRow('bluepeak.com'), matchedRow('orbit.com', false), unmatchedRow('nowhere.example')],
        matches: 2,
        fromFile: true,
      },
    });

    // Act
    const payload = creationPayload(draft, { ...context, campaignType: 'custom' });

    // Assess
    expect(ZCampaignCreate.safeParse(payload).success).toBe(true);
    expect(payload).toMatchObject({
      bgCampaignId: 'bg-campaign-summer',
      beeswaxCampaign: {
        active: false,
        advertiser_id: 101,
        budget_type: 2,
        campaign_budget: 500,
        dailyBudget: 50,
        campaign_name: 'Summer push',
        start_date: '2026-12-01',
        end_date: '2026-12-11',
      },
      max_bid: 25,
      bgAdvertiserId: 'bgAdvertiser-acme',
      creativeIds: ['bgCreative-1', 'bgCreative-2'],
      isVideoCampaign: false,
      matches: 1,
      campaignType: 'custom',
    });
    expect(payload.foundCompanyInfo?.companies.map((row) => row.domain)).toEqual(['bluepeak.com']);
  });

  it('refuses a draft without its ad group, naming the step to go back to', () => {
    // Prepare
    const draft = finishedDraft({ createdAdGroup: null });

    // Act
    const build = () => creationPayload(draft, { ...context, campaignType: 'managed' });

    // Assess
    expect(build).toThrow(DraftIncompleteError);
    expect(build).toThrow('Please, upload creative assets to continue.');
  });

  it('refuses a draft without a landing page, which every creative gets before the creation', () => {
    // Prepare
    const draft = finishedDraft({ landingPage: ' ' });

    // Act
    let refused: unknown;
    try {
      creationPayload(draft, { ...context, campaignType: 'managed' });
    } catch (error) {
      refused = error;
    }

    // Assess
    expect(refused).toBeInstanceOf(DraftIncompleteError);
    expect(refused).toMatchObject({ message: 'Please, select a destination page to continue.', step: 'landing page' });
  });

  it('derives countries from the chosen regions and never sends the select-all keys', () => {
    // Prepare
    const draft = finishedDraft({
      geoTargetOptions: [
        { key: 'US-TX', region_name: 'Texas', country_code_2: 'US', country_code_3: 'USA' },
        { key: 'CA-ON', region_name: 'Ontario', country_code_2: 'CA', country_code_3: 'CAN' },
      ],
      selectedGeoTargetOptions: ['USA_ALL', 'US-TX'],
      selectedZipCodes: ['78701'],
    });

    // Act
    const info = targetingInfo(draft);

    // Assess
    expect(info.geo_country).toEqual(['USA']);
    expect(info.geo_state).toEqual([{ country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' }]);
    expect(info.geo_zip).toEqual(['78701']);
  });

  it('counts cost per day, cost in all, accounts and line items (one without a company layer)', () => {
    // Prepare
    const withCompanies = finishedDraft({
      foundCompanyInfo: {
        primarySegments: [],
        uniqueSegments: [matchedRow('a.com'), matchedRow('b.com'), matchedRow('c.com', false)],
        matches: 3,
        fromFile: true,
      },
    });

    // Act
    const figures = summaryFigures(withCompanies);
    const plain = summaryFigures(finishedDraft());

    // Assess
    expect(figures).toEqual({ costPerDay: 50, costInAll: 500, days: 10, accounts: 2, lineItems: 2 });
    expect(plain.lineItems).toBe(1);
    expect(plain.accounts).toBe(0);
  });

  it('maps a template flow draft to the template body with the chosen layers', () => {
    // Prepare
    const draft = finishedDraft({ campaignTemplateName: 'Evergreen', createdAdGroup: null });

    // Act
    const body = templatePayload(draft, { ...context, templateSteps: ['zip codes'] });

    // Assess
    expect(ZCampaignTemplateInput.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      templateName: 'Evergreen',
      templateSteps: ['zip codes'],
      bgAdvertiserId: 'bgAdvertiser-acme',
      dailyBudget: 50,
      maxBid: 25,
      isVideoCampaign: false,
      selectedAdGroupTemplate: null,
    });
  });
});

describe('Role/Title layer in the payloads', () => {
  const ROLES = [
    {
      roleType: 'Information Technology',
      roleTypeId: 'IT',
      roleSet: [
        {
          role: 'Chief Technology Officer',
          roleId: 'IT-CTO',
          cookieSets: [{ segment_key: 'seg-cto' }, { segment_key: 'seg-cto-2' }],
        },
        { role: 'Network Engineer', roleId: 'IT-NET', cookieSets: [{ segment_key: 'seg-net' }] },
      ],
    },
  ];

  it("sends each chosen role's segments with its name and ids, never a type's select-all key", () => {
    // Prepare: IT chosen with its Select all.
    const draft = finishedDraft({
      campaignTemplateName: 'Roles',
      roleTitleList: ROLES,
      campaignCookieSets: {
        'IT:IT_ALL': [],
        'IT:IT-CTO': [{ segment_key: 'seg-cto' }, { segment_key: 'seg-cto-2' }],
        'IT:IT-NET': [{ segment_key: 'seg-net' }],
      },
    });

    // Act
    const info = targetingInfo(draft);
    const template = templatePayload(draft, { ...context, templateSteps: ['role titles'] });

    // Assess
    expect(info.role_title_segments).toEqual([
      { role_name: 'Chief Technology Officer', segment_key: 'seg-cto', roleTypeId: 'IT', roleId: 'IT-CTO' },
      { role_name: 'Chief Technology Officer', segment_key: 'seg-cto-2', roleTypeId: 'IT', roleId: 'IT-CTO' },
      { role_name: 'Network Engineer', segment_key: 'seg-net', roleTypeId: 'IT', roleId: 'IT-NET' },
    ]);
    expect(template.roleTitles).toEqual([
      { roleTypeId: 'IT', roleId: 'IT-CTO' },
      { roleTypeId: 'IT', roleId: 'IT-NET' },
    ]);
  });
});
