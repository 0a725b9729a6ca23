import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { newCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TCampaignTemplate } from '@bidgrid/shared/templates/campaign-template.schema';
import type { TCampaignStep } from '@bidgrid/shared/agency/playbook.schema';
import { estimatedBudget } from '@bidgrid/shared/campaigns/campaign-details.schema';
import { stepsWithLayers } from './wizard-flow';

/**
 * Create-from-template and Template edit (001 §4): the wizard starts with the template's steps and its
 * data pre-filled, every targeting layer as saved. The template keeps its advertiser's and its
 * ad-group template's ids only, so they are the agency's current records of them: `advertisers` (one
 * deleted since is left for the user to choose again) and `adGroupTemplate`, the record of
 * `template.selectedAdGroupTemplate` as `GET /adgroups/template/{id}` answers it ('fetches the ad
 * group by selected template id'; one of another advertiser or media type, or none, is left unchosen).
 * Dates are kept only while they are still valid choices; the campaign gets a new `bg-campaign-` id.
 *
 * Roles: the template keeps role keys (001 §3 `roleTitles`: roleTypeId and roleId, the same list
 * `GET /roleTitle/campaignTemplate/{id}` answers); they become the draft's `campaignCookieSets` keys,
 * which the Role/Title step shows checked, and their segments are the catalogue's, filled in when the
 * step loads it (`reconcileSelections`), so a role's segments are today's rather than those of the
 * day the template was saved.
 */
export function draftFromTemplate(
  template: TCampaignTemplate,
  advertisers: readonly TAdvertiser[],
  today: string,
  adGroupTemplate: TAdGroupTemplate | null = null,
): { draft: TCampaignDraft; steps: TCampaignStep[] } {
  const fresh = newCampaignDraft();
  const advertiser = advertisers.find((candidate) => candidate.bgAdvertiserId === template.bgAdvertiserId) ?? null;
  const savedAdGroup =
    adGroupTemplate !== null &&
    adGroupTemplate.id === template.selectedAdGroupTemplate &&
    adGroupTemplate.bgAdvertiserId === template.bgAdvertiserId &&
    (adGroupTemplate.adGroupType === 'video') === template.isVideoCampaign
      ? adGroupTemplate
      : null;
  // A template outlives its days: a start date in the past would only fail the details step.
  const startDate = template.startDate !== null && template.startDate >= today ? template.startDate : null;
  const endDate = startDate !== null ? template.endDate : null;
  const steps = stepsWithLayers('fromTemplate', template.templateSteps);
  const draft: TCampaignDraft = {
    ...fresh,
    selectedAdvertiser: advertiser,
    basicDetails: {
      ...fresh.basicDetails,
      name: template.name,
      description: template.description,
      dailyBudget: template.dailyBudget,
      maxBid: template.maxBid,
      startDate,
      endDate,
      estimatedBudget: startDate && endDate ? estimatedBudget(template.dailyBudget, startDate, endDate) : 0,
      showInHubspot: template.showInHubspot,
      maxCompanies: template.maxCompanies,
      isVideoCampaign: template.isVideoCampaign,
      mediaType: template.isVideoCampaign ? 'video' : 'display',
    },
    landingPage: template.landingPage,
    foundCompanyInfo: template.foundCompanyInfo,
    companySortValues: template.companySortValues,
    hubSpotLists: template.hubSpotLists,
    foundEmailsInfo: template.foundEmailsInfo,
    selectedDomainListsIds: template.selectedDomainListsIds,
    // The Publication Lists step completes lists missing here from the ids (at the default CPM).
    selectedDomainLists: template.selectedDomainLists,
    selectedGeoTargetOptions: template.selectedGeoTargetOptions,
    selectedZipCodes: template.selectedZipCodes,
    selectedSegmentIds: template.selectedSegmentIds,
    campaignCookieSets: Object.fromEntries(
      template.roleTitles.map((choice) => [`${choice.roleTypeId}:${choice.roleId}`, []]),
    ),
    selectedAdGroupTemplate: savedAdGroup,
    campaignSteps: steps,
    campaignTemplateName: template.templateName,
    campaignTemplate: { id: template.id, templateSteps: template.templateSteps, updatedAt: template.updatedAt },
  };
  return { draft, steps };
}
