import { BUDGET_TYPE, SELECT_ALL_SUFFIX, type TStepName } from '@bidgrid/shared/constants';
import type { TCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type {
  TCampaignTemplateInput,
  TCampaignTemplateUpdateInput,
} from '@bidgrid/shared/templates/campaign-template.schema';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import type { TCampaignType } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { destinationPageGate } from '@bidgrid/shared/campaigns/step-gates';
import { clearDroppedStepData } from '@bidgrid/shared/templates/template-steps';

/**
 * What the Summary sends (001 §3 "Campaign creation payload", "Campaign template"), built from the
 * draft, and the figures it shows before the user confirms. Pure, so each mapping is tested.
 */

/** Why the draft cannot be sent yet: the step to go back to. */
export class DraftIncompleteError extends Error {
  constructor(
    message: string,
    readonly step: TStepName,
  ) {
    super(message);
  }
}

/** The companies that become line items: included and matched (ARCHITECTURE "line items"). */
export const includedCompanies = (draft: TCampaignDraft): TCompanyRow[] =>
  (draft.foundCompanyInfo?.uniqueSegments ?? []).filter((row) => row.include && Boolean(row.domainInfo));

/** What the Summary shows besides the choices: the cost and what the server will create. */
export interface TSummaryFigures {
  /** The daily budget: the most the campaign spends a day. */
  readonly costPerDay: number;
  /** The estimated budget: daily budget x days. */
  readonly costInAll: number;
  readonly days: number;
  /** Matched, included companies ('Matched Accounts'). */
  readonly accounts: number;
  /** One per account, or one for a campaign without a company layer. */
  readonly lineItems: number;
}

/** The Summary's figures of a draft. */
export function summaryFigures(draft: TCampaignDraft): TSummaryFigures {
  const { dailyBudget, estimatedBudget } = draft.basicDetails;
  const costPerDay = dailyBudget ?? 0;
  const accounts = includedCompanies(draft).length;
  const hasCompanyLayer = draft.foundCompanyInfo !== null;
  return {
    costPerDay,
    costInAll: estimatedBudget,
    days: costPerDay > 0 ? Math.round(estimatedBudget / costPerDay) : 0,
    accounts,
    lineItems: hasCompanyLayer ? accounts : 1,
  };
}

/**
 * The targeting layers of the draft as the payload's `targetingInfo` (001 §3). Regions and countries
 * come from the selected geo keys (the per-country "select all" keys are never sent; countries are
 * those of the chosen regions, 001 §2); roles from the cookie sets kept per `roleTypeId:roleId`.
 */
export function targetingInfo(draft: TCampaignDraft): TTargetingSelections {
  const byKey = new Map(draft.geoTargetOptions.map((option) => [option.key, option]));
  const regions = draft.selectedGeoTargetOptions
    .filter((key) => !key.endsWith(SELECT_ALL_SUFFIX))
    .flatMap((key) => {
      const option = byKey.get(key);
      return option ? [option] : [];
    });
  const roleNames = new Map(
    draft.roleTitleList.flatMap((type) => type.roleSet.map((role) => [`${type.roleTypeId}:${role.roleId}`, role.role])),
  );
  return {
    domain_list: draft.selectedDomainLists,
    geo_country: [...new Set(regions.map((region) => region.country_code_3))],
    geo_state: regions.map((region) => ({
      country_code_3: region.country_code_3,
      region_name: region.region_name,
      key: region.key,
    })),
    geo_zip: draft.selectedZipCodes,
    role_title_segments: Object.entries(draft.campaignCookieSets)
      .filter(([key]) => !key.endsWith(SELECT_ALL_SUFFIX))
      .flatMap(([key, sets]) => {
        const [roleTypeId, roleId] = key.split(':');
        return sets.map((set) => ({
          role_name: roleNames.get(key) ?? set.segment_name ?? set.segment_key,
          segment_key: set.segment_key,
          ...(roleTypeId ? { roleTypeId } : {}),
          ...(roleId ? { roleId } : {}),
        }));
      }),
    retargeting_segments: draft.selectedSegmentIds.map((segment_key) => ({ segment_key })),
  };
}

/**
 * The chosen public lists (the payload's `publicDomainLists`, 001 §3): each with its bidder lists and,
 * for a SPLIT list, the CPM bid chosen per domain in `selectedDomainLists`.
 */
export function publicListSelections(draft: TCampaignDraft): TCampaignCreate['publicDomainLists'] {
  const bids = new Map(draft.selectedDomainLists.map((chosen) => [chosen.beeswaxListId, chosen.cpmBid]));
  return draft.publicDomainLists
    .filter((list) => draft.selectedDomainListsIds.includes(list.id))
    .map((list) => ({
      id: list.id,
      listType: list.listType,
      name: list.name,
      domainLists: list.domainLists.map((bidderList) => {
        const cpmBid = bids.get(bidderList.beeswaxListId);
        return {
          beeswaxListId: bidderList.beeswaxListId,
          name: bidderList.name,
          ...(list.listType === 'SPLIT' && cpmBid !== undefined ? { cpmBid } : {}),
        };
      }),
    }));
}

/** The dates, budget and name a campaign (not a template) cannot do without. */
function requireDetails(draft: TCampaignDraft) {
  const details = draft.basicDetails;
  const { startDate, endDate, dailyBudget, maxBid, mediaType } = details;
  if (!startDate || !endDate || dailyBudget === null || maxBid === null || mediaType === null || !details.name) {
    throw new DraftIncompleteError('Please, complete the campaign details.', 'campaign details');
  }
  return { ...details, startDate, endDate, dailyBudget, maxBid, mediaType };
}

/**
 * The creation payload (001 §3) of a finished draft: the bidder campaign inactive with budget type 2,
 * the ad group's creatives, the targeting layers, the included companies. The server takes the agency
 * and creator from the token; they are sent as the spec's client sends them.
 */
export function creationPayload(
  draft: TCampaignDraft,
  context: { campaignType: TCampaignType; agencyId: string; userName: string },
): TCampaignCreate {
  const advertiser = draft.selectedAdvertiser;
  if (!advertiser) throw new DraftIncompleteError('Please, select advertiser.', 'select advertiser');
  const details = requireDetails(draft);
  // Every creative is sent this landing page before the campaign is made (the Summary): there must be one.
  const landingPageGate = destinationPageGate(draft.landingPage);
  if (landingPageGate) throw new DraftIncompleteError(landingPageGate, 'landing page');
  const adGroup = draft.createdAdGroup;
  if (!adGroup) throw new DraftIncompleteError('Please, upload creative assets to continue.', 'ad group page');
  const companies = includedCompanies(draft);
  return {
    bgCampaignId: details.bgCampaignId,
    agencyId: context.agencyId,
    beeswaxCampaign: {
      active: false,
      advertiser_id: advertiser.beeswaxAdvertiserId,
      budget_type: BUDGET_TYPE,
      campaign_budget: details.estimatedBudget,
      dailyBudget: details.dailyBudget,
      campaign_name: details.name,
      start_date: details.startDate,
      end_date: details.endDate,
    },
    max_bid: details.maxBid,
    bgAdvertiserId: advertiser.bgAdvertiserId,
    createdBy: context.userName,
    creativeIds: adGroup.creativeIds,
    description: details.description,
    name: details.name,
    targetingInfo: targetingInfo(draft),
    ...(draft.foundCompanyInfo ? { foundCompanyInfo: { companies, fromFile: draft.foundCompanyInfo.fromFile } } : {}),
    publicDomainLists: publicListSelections(draft),
    ...(draft.foundEmailsInfo ? { foundEmailsInfo: draft.foundEmailsInfo } : {}),
    matches: companies.length,
    isVideoCampaign: details.mediaType === 'video',
    showInHubspot: details.showInHubspot,
    maxCompanies: details.showInHubspot ? details.maxCompanies : null,
    campaignType: context.campaignType,
  };
}

/**
 * The body of `POST /campaign/templates` (001 §3 "Campaign template") from a template flow's draft:
 * `templateSteps` are the optional layers chosen; the ad group is the saved ad-group template chosen
 * or made on the Ad Group step.
 */
export function templatePayload(
  draft: TCampaignDraft,
  context: { templateSteps: readonly TStepName[]; agencyId: string; userName: string },
): TCampaignTemplateInput {
  const advertiser = draft.selectedAdvertiser;
  if (!advertiser) throw new DraftIncompleteError('Please, select advertiser.', 'select advertiser');
  const details = draft.basicDetails;
  const { dailyBudget, maxBid, mediaType } = details;
  if (dailyBudget === null || maxBid === null || mediaType === null || !details.name || !draft.campaignTemplateName) {
    throw new DraftIncompleteError('Please, complete the campaign template details.', 'campaign template details');
  }
  return {
    agencyId: context.agencyId,
    createdBy: context.userName,
    templateName: draft.campaignTemplateName,
    selectedAdvertiser: {
      bgAdvertiserId: advertiser.bgAdvertiserId,
      beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
      name: advertiser.name,
    },
    templateSteps: [...context.templateSteps],
    advertiser_id: advertiser.beeswaxAdvertiserId,
    estimatedBudget: details.estimatedBudget,
    dailyBudget,
    campaign_name: details.name,
    landingPage: draft.landingPage,
    startDate: details.startDate,
    endDate: details.endDate,
    maxBid,
    bgAdvertiserId: advertiser.bgAdvertiserId,
    selectedAdGroupTemplate: draft.createdAdGroup?.adGroupTemplateId ?? draft.selectedAdGroupTemplate?.id ?? null,
    description: details.description,
    name: details.name,
    roleTitles: Object.keys(draft.campaignCookieSets)
      .filter((key) => !key.endsWith(SELECT_ALL_SUFFIX))
      .flatMap((key) => {
        const [roleTypeId, roleId] = key.split(':');
        return roleTypeId && roleId ? [{ roleTypeId, roleId }] : [];
      }),
    foundCompanyInfo: draft.foundCompanyInfo,
    foundEmailsInfo: draft.foundEmailsInfo,
    matches: includedCompanies(draft).length,
    isVideoCampaign: mediaType === 'video',
    showInHubspot: details.showInHubspot,
    maxCompanies: details.showInHubspot ? details.maxCompanies : null,
    isCustomCampaign: true,
    selectedDomainListsIds: draft.selectedDomainListsIds,
    selectedDomainLists: draft.selectedDomainLists,
    companySortValues: draft.companySortValues,
    hubSpotLists: draft.hubSpotLists,
    selectedGeoTargetOptions: draft.selectedGeoTargetOptions.filter((key) => !key.endsWith(SELECT_ALL_SUFFIX)),
    selectedZipCodes: draft.selectedZipCodes,
    selectedSegmentIds: draft.selectedSegmentIds,
  };
}

/**
 * The body of `PUT /campaign/templates/{id}` ('Save' of an edited template, 001 §4) from a draft seeded
 * from that template (`draftFromTemplate`): the template payload with the update rule applied against
 * the steps the template was saved with (the data of a step no longer chosen is cleared, as the
 * server also does), and the version it was seeded from, which the server checks (409 when the
 * template was saved elsewhere since).
 */
export function templateUpdatePayload(
  draft: TCampaignDraft,
  context: { templateSteps: readonly TStepName[]; agencyId: string; userName: string },
): { id: string; body: TCampaignTemplateUpdateInput } {
  const saved = draft.campaignTemplate;
  if (!saved?.updatedAt) {
    throw new DraftIncompleteError('Please, open the template to edit again.', 'campaign template details');
  }
  const payload = templatePayload(draft, context);
  return {
    id: saved.id,
    body: { ...clearDroppedStepData(payload, saved.templateSteps, payload.templateSteps), updatedAt: saved.updatedAt },
  };
}
