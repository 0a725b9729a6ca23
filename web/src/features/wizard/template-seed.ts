import type { TAdvertiser } from '@bidgrid/shared/entities/advertiser.schema';
import { newCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/entities/campaign-draft.schema';
import type { TCampaignTemplate } from '@bidgrid/shared/entities/campaign-template.schema';
import type { TCampaignStep } from '@bidgrid/shared/entities/playbook.schema';
import { estimatedBudget } from '@bidgrid/shared/validation/campaign-details.schema';
import { stepsWithLayers } from './wizard-flow';

/**
 * Create-from-template (001 §4): the wizard starts with the template's steps and its data pre-filled.
 * The template keeps its advertiser's ids only, so the advertiser is the agency's current record of
 * it (an advertiser deleted since is left for the user to choose again). Dates are kept only while
 * they are still valid choices; the campaign gets a new `bg-campaign-` id.
 */
export function draftFromTemplate(
  template: TCampaignTemplate,
  advertisers: readonly TAdvertiser[],
  today: string,
): { draft: TCampaignDraft; steps: TCampaignStep[] } {
  const fresh = newCampaignDraft();
  const advertiser = advertisers.find((candidate) => candidate.bgAdvertiserId === template.bgAdvertiserId) ?? null;
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
    foundEmailsInfo: template.foundEmailsInfo,
    selectedDomainListsIds: template.selectedDomainListsIds,
    selectedGeoTargetOptions: template.selectedGeoTargetOptions,
    selectedZipCodes: template.selectedZipCodes,
    selectedSegmentIds: template.selectedSegmentIds,
    // The template keeps role keys only; the Role/Title step fills in their segments from the catalogue.
    campaignCookieSets: Object.fromEntries(
      template.roleTitles.map((choice) => [`${choice.roleTypeId}:${choice.roleId}`, []]),
    ),
    campaignSteps: steps,
    campaignTemplateName: template.templateName,
    campaignTemplate: { id: template.id, templateSteps: template.templateSteps },
  };
  return { draft, steps };
}
