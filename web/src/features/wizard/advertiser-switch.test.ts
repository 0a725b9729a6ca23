import { describe, expect, it } from 'vitest';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TPublicList } from '@bidgrid/shared/lists/domain-list.schema';
import { switchAdvertiser } from './advertiser-switch';
import { finishedDraft, makeAdvertiser, matchedRow, WINTER_AD_GROUP_TEMPLATE } from './wizard.fixtures';

const acme = makeAdvertiser({ bgAdvertiserId: 'bgAdvertiser-acme', hubspot_authed: true, hubspot_portal_id: 4410001 });
const globex = makeAdvertiser({ bgAdvertiserId: 'bgAdvertiser-globex', name: 'Globex' });

/** A SINGLE public list (bidder list 31) and a SPLIT one (bidder lists 41 and 42). */
const PUBLIC_LISTS: TPublicList[] = [
  {
    id: 'pl-finance',
    listType: 'SINGLE',
    name: 'Finance news',
    createdAt: '2026-01-01T00:00:00.000Z',
    domainLists: [
      { beeswaxListId: 31, name: 'Finance news', createdAt: '2026-01-01T00:00:00.000Z', publicPublications: [] },
    ],
  },
  {
    id: 'pl-tech',
    listType: 'SPLIT',
    name: 'Premium tech',
    createdAt: '2026-01-01T00:00:00.000Z',
    domainLists: [
      { beeswaxListId: 41, name: 'a.example', createdAt: '2026-01-01T00:00:00.000Z', publicPublications: [] },
      { beeswaxListId: 42, name: 'b.example', createdAt: '2026-01-01T00:00:00.000Z', publicPublications: [] },
    ],
  },
];

/** Acme's draft with a choice in every layer: what is Acme's and what belongs to no advertiser. */
function acmeDraft(overrides: Partial<TCampaignDraft> = {}): TCampaignDraft {
  return finishedDraft({
    selectedAdvertiser: acme,
    selectedSegmentIds: ['seg-pricing'],
    foundCompanyInfo: {
      primarySegments: [matchedRow('bluepeak.example')],
      uniqueSegments: [matchedRow('bluepeak.example')],
      matches: 1,
      fromFile: false,
    },
    companySortValues: { tier_values: [{ label: 'Tier 1', value: 'tier_1' }] },
    hubSpotLists: [{ listId: '7', name: 'Key accounts' }],
    foundEmailsInfo: { emailsToHash: [{ domain: 'general', emails: ['a@bluepeak.example'] }], fromFile: false },
    selectedDomainListsIds: ['bg-domain-list-acme', 'pl-finance', 'pl-tech'],
    selectedDomainLists: [
      { beeswaxListId: 77, name: 'Acme own list' },
      { beeswaxListId: 31, name: 'Finance news' },
      { beeswaxListId: 41, name: 'a.example', cpmBid: 30 },
      { beeswaxListId: 42, name: 'b.example', cpmBid: 25 },
    ],
    foundHubspotPages: [
      { id: 'p1', name: 'Demo', url: 'https://acme.example/demo', state: 'PUBLISHED', pageType: 'LANDING' },
    ],
    landingPage: 'https://acme.example/demo?utm_campaign=winter',
    selectedAdGroupTemplate: WINTER_AD_GROUP_TEMPLATE,
    selectedZipCodes: ['62701'],
    selectedGeoTargetOptions: ['US-TX'],
    campaignCookieSets: { 'IT:IT-CTO': [{ segment_key: 'seg-cto' }] },
    ...overrides,
  });
}

describe('switchAdvertiser', () => {
  it("clears what was the previous advertiser's and keeps what belongs to none", () => {
    // Act
    const result = switchAdvertiser(acmeDraft(), globex, PUBLIC_LISTS);

    // Assess: what goes, in the dialog's order, and the steps no longer done.
    expect(result.cleared).toEqual([
      'segments',
      'hubspotCompanies',
      'hubspotEmails',
      'customDomainLists',
      'adGroup',
      'crmPage',
    ]);
    expect(result.undone).toEqual([
      'visitors retargeting segments',
      'target companies',
      'CRM retargeting segments',
      'publication lists',
      'ad group page',
      'landing page',
    ]);
    expect(result.discard?.adGroupId).toBe('bg-ad-group-summer');
    expect(result.draft).toMatchObject({
      selectedAdvertiser: globex,
      selectedSegmentIds: [],
      foundCompanyInfo: null,
      companySortValues: { tier_values: [] },
      hubSpotLists: [],
      foundEmailsInfo: null,
      selectedDomainListsIds: ['pl-finance', 'pl-tech'],
      selectedDomainLists: [
        { beeswaxListId: 31, name: 'Finance news' },
        { beeswaxListId: 41, name: 'a.example', cpmBid: 30 },
        { beeswaxListId: 42, name: 'b.example', cpmBid: 25 },
      ],
      customDomainLists: [],
      createdAdGroup: null,
      selectedAdGroupTemplate: null,
      foundHubspotPages: [],
      landingPage: '',
      // Nobody's: the regions, ZIP codes, roles and the campaign's details stay.
      selectedZipCodes: ['62701'],
      selectedGeoTargetOptions: ['US-TX'],
      campaignCookieSets: { 'IT:IT-CTO': [{ segment_key: 'seg-cto' }] },
      basicDetails: { name: 'Summer push' },
    });
  });

  it('keeps CSV companies and e-mails and a custom landing page, which belong to no advertiser', () => {
    // Prepare
    const draft = acmeDraft({
      selectedSegmentIds: [],
      foundCompanyInfo: {
        primarySegments: [matchedRow('bluepeak.example')],
        uniqueSegments: [matchedRow('bluepeak.example')],
        matches: 1,
        fromFile: true,
      },
      companySortValues: { tier_values: [] },
      hubSpotLists: [],
      foundEmailsInfo: { emailsToHash: [{ domain: 'general', emails: ['a@bluepeak.example'] }], fromFile: true },
      selectedDomainListsIds: ['pl-finance'],
      selectedDomainLists: [{ beeswaxListId: 31, name: 'Finance news' }],
      landingPage: 'https://acme.example/winter',
      createdAdGroup: null,
      selectedAdGroupTemplate: null,
    });

    // Act
    const result = switchAdvertiser(draft, globex, PUBLIC_LISTS);

    // Assess: nothing to clear, so no dialog; the draft has the new advertiser.
    expect(result.cleared).toEqual([]);
    expect(result.discard).toBeNull();
    expect(result.draft.foundCompanyInfo?.fromFile).toBe(true);
    expect(result.draft.foundEmailsInfo?.fromFile).toBe(true);
    expect(result.draft.landingPage).toBe('https://acme.example/winter');
    expect(result.draft.selectedDomainListsIds).toEqual(['pl-finance']);
    expect(result.draft.selectedAdvertiser).toBe(globex);
  });

  it('takes a fresh copy of the same advertiser without clearing anything', () => {
    // Prepare
    const draft = acmeDraft();
    const withCard = { ...acme, advertiser_card_name: 'New card' };

    // Act
    const result = switchAdvertiser(draft, withCard, []);

    // Assess
    expect(result.cleared).toEqual([]);
    expect(result.draft).toEqual({ ...draft, selectedAdvertiser: withCard });
  });
});
