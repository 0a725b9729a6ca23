import { describe, expect, it } from 'vitest';
import {
  STEP_GATE_MESSAGES,
  adGroupCreativesGate,
  companiesListGate,
  contactsListGate,
  crmRetargetingGate,
  destinationPageGate,
  hubspotTierGate,
  publicationListsGate,
  regionsGate,
  roleTitlesGate,
  savedAdGroupGate,
  segmentsGate,
  selectAdvertiserGate,
  targetCompaniesGate,
  zipCodesGate,
} from './step-gates';

describe('step gates', () => {
  it('hold the exact texts of 001 §5', () => {
    expect(STEP_GATE_MESSAGES).toEqual({
      selectAdvertiser: 'Please, select advertiser.',
      hubspotTier: 'Select a HubSpot Ideal Customer Profile Tier.',
      listForCompanies: 'Select a List to get Companies.',
      listForEmails: 'Please, choose a HubSpot List and select "Get Emails".',
      listForContacts: 'Select a List to get Contacts.',
      publicationLists: 'Please, select required domain lists.',
      regions: 'Please, select the required regions.',
      segments: 'Please, select at least one segment',
      zipCodes: 'Please, enter the required zip codes.',
      destinationPage: 'Please, select a destination page to continue.',
      roleTitles: 'Please, select at least one Role/Title to continue.',
      adGroupCreatives: 'Please, upload creative assets to continue.',
      adGroupSelection: 'Please, select Ad Group to continue.',
    });
  });

  it('block a step without its choice and pass with it', () => {
    const G = STEP_GATE_MESSAGES;
    const cases: Array<[string | null, string | null, string]> = [
      [selectAdvertiserGate(null), selectAdvertiserGate('bgAdvertiser-1'), G.selectAdvertiser],
      [hubspotTierGate([]), hubspotTierGate(['tier_1']), G.hubspotTier],
      [companiesListGate(''), companiesListGate('42'), G.listForCompanies],
      [contactsListGate(undefined), contactsListGate('42'), G.listForContacts],
      [crmRetargetingGate(0), crmRetargetingGate(3), G.listForEmails],
      [publicationListsGate([]), publicationListsGate(['dl-1']), G.publicationLists],
      [regionsGate(['USA_ALL']), regionsGate(['USA_ALL', 'US-NY']), G.regions],
      [segmentsGate(null), segmentsGate(['seg-1']), G.segments],
      [zipCodesGate([' ']), zipCodesGate(['10001']), G.zipCodes],
      [destinationPageGate(' '), destinationPageGate('https://acme.com'), G.destinationPage],
      [roleTitlesGate(['3_ALL']), roleTitlesGate(['3:17']), G.roleTitles],
      [adGroupCreativesGate(0), adGroupCreativesGate(1), G.adGroupCreatives],
      [savedAdGroupGate(null), savedAdGroupGate('bg-ad-group-template-1'), G.adGroupSelection],
    ];
    for (const [blocked, passed, message] of cases) {
      expect(blocked).toBe(message);
      expect(passed).toBeNull();
    }
  });

  it('name what the chosen company source still needs', () => {
    expect(targetCompaniesGate('hubspotTiers', 0)).toBe('Select a HubSpot Ideal Customer Profile Tier.');
    expect(targetCompaniesGate('hubspotLists', 0)).toBe('Select a List to get Companies.');
    expect(targetCompaniesGate('csv', 0)).toBe('Please, upload one .csv file.');
    expect(targetCompaniesGate('csv', 5)).toBeNull();
  });
});
