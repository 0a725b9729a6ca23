import type { TStepName } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaignDraft, TCreatedAdGroup } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TPublicList } from '@bidgrid/shared/lists/domain-list.schema';
import { pageForUrl } from './landing-pages';

/**
 * Changing a draft's advertiser (issue 26 §2, 001 §2): what belonged to the previous advertiser is
 * cleared, so the Summary never sends another advertiser's data (its segments, its HubSpot companies
 * and e-mails, its custom domain lists, its ad group, its CRM pages), which the server refuses. CSV
 * companies and e-mails, the public lists, the regions, ZIP codes, roles and a custom landing page
 * belong to no advertiser and stay.
 */

/** What a change of advertiser can clear, in the order the dialog lists it. */
export const SWITCH_CLEARS = [
  'segments',
  'hubspotCompanies',
  'hubspotEmails',
  'customDomainLists',
  'adGroup',
  'crmPage',
] as const;
export type TSwitchClear = (typeof SWITCH_CLEARS)[number];

/** Ours: how the dialog names each. */
export const SWITCH_CLEAR_LABELS: Record<TSwitchClear, string> = {
  segments: 'Visitor and CRM re-targeting segments',
  hubspotCompanies: 'Target companies taken from HubSpot',
  hubspotEmails: 'E-mails taken from HubSpot',
  customDomainLists: 'Custom domain lists',
  adGroup: 'The ad group',
  crmPage: 'The HubSpot landing page',
};

/** The step whose choice each clears: it is no longer done (the ABM flow would let it be skipped). */
const STEP_OF: Record<TSwitchClear, TStepName> = {
  segments: 'visitors retargeting segments',
  hubspotCompanies: 'target companies',
  hubspotEmails: 'CRM retargeting segments',
  customDomainLists: 'publication lists',
  adGroup: 'ad group page',
  crmPage: 'landing page',
};

/** A change of advertiser worked out: the draft after it, what it clears, and the ad group to remove. */
export interface TAdvertiserSwitch {
  readonly draft: TCampaignDraft;
  readonly cleared: readonly TSwitchClear[];
  /** Steps to take out of the done ones. */
  readonly undone: readonly TStepName[];
  /** The campaign's ad group made for the previous advertiser: it goes, creatives and all. */
  readonly discard: TCreatedAdGroup | null;
}

/**
 * The draft with `advertiser` as its advertiser. The same advertiser (a fresh copy of it) only replaces
 * the copy. `publicLists` are the public lists (SINGLE, SPLIT) known now: a chosen list that is none of
 * them is a custom list, the previous advertiser's.
 */
export function switchAdvertiser(
  draft: TCampaignDraft,
  advertiser: TAdvertiser,
  publicLists: readonly TPublicList[],
): TAdvertiserSwitch {
  if (draft.selectedAdvertiser?.bgAdvertiserId === advertiser.bgAdvertiserId) {
    return { draft: { ...draft, selectedAdvertiser: advertiser }, cleared: [], undone: [], discard: null };
  }
  const cleared = new Set<TSwitchClear>();
  const publicIds = new Set(publicLists.map((list) => list.id));
  const publicBidderIds = new Set(
    publicLists.flatMap((list) => list.domainLists.map((bidderList) => bidderList.beeswaxListId)),
  );

  if (draft.selectedSegmentIds.length > 0) cleared.add('segments');
  const crmCompanies = draft.foundCompanyInfo !== null && !draft.foundCompanyInfo.fromFile;
  if (crmCompanies) cleared.add('hubspotCompanies');
  const crmEmails = draft.foundEmailsInfo !== null && !draft.foundEmailsInfo.fromFile;
  if (crmEmails) cleared.add('hubspotEmails');
  const listIds = draft.selectedDomainListsIds.filter((id) => publicIds.has(id));
  const bidderLists = draft.selectedDomainLists.filter((chosen) => publicBidderIds.has(chosen.beeswaxListId));
  if (listIds.length < draft.selectedDomainListsIds.length || bidderLists.length < draft.selectedDomainLists.length) {
    cleared.add('customDomainLists');
  }
  if (draft.createdAdGroup !== null || draft.selectedAdGroupTemplate !== null) cleared.add('adGroup');
  const crmPage = pageForUrl(draft.foundHubspotPages, draft.landingPage) !== undefined;
  if (crmPage) cleared.add('crmPage');

  const next: TCampaignDraft = {
    ...draft,
    selectedAdvertiser: advertiser,
    selectedSegmentIds: [],
    foundCompanyInfo: crmCompanies ? null : draft.foundCompanyInfo,
    // What the HubSpot companies were fetched by is the previous portal's, whatever the companies are now.
    companySortValues: { tier_values: [] },
    hubSpotLists: [],
    foundEmailsInfo: crmEmails ? null : draft.foundEmailsInfo,
    selectedDomainListsIds: listIds,
    selectedDomainLists: bidderLists,
    customDomainLists: [],
    createdAdGroup: null,
    selectedAdGroupTemplate: null,
    foundHubspotPages: [],
    landingPage: crmPage ? '' : draft.landingPage,
  };
  const order = SWITCH_CLEARS.filter((clear) => cleared.has(clear));
  return { draft: next, cleared: order, undone: order.map((clear) => STEP_OF[clear]), discard: draft.createdAdGroup };
}
