import { getAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.operations';
import { getAdvertiser, listAdvertisersByAgency } from '@bidgrid/shared/advertisers/advertiser.operations';
import { listCampaignsByAdvertiser, recordCampaignEvent } from '@bidgrid/shared/campaigns/campaign.operations';
import { updateCreativesLandingPage } from '@bidgrid/shared/ad-groups/creative.operations';
import { listHubspotPages } from '@bidgrid/shared/crm/crm.operations';
import { listPublicDomainLists } from '@bidgrid/shared/lists/domain-list.operations';
import { getCampaignTemplateRoleTitles } from '@bidgrid/shared/targeting/role-title.operations';
import {
  createCampaignTemplate,
  deleteCampaignTemplate,
  listCampaignTemplatesByUser,
  updateCampaignTemplate,
} from '@bidgrid/shared/templates/template.operations';
import { HUBSPOT_PAGE_KINDS } from '@bidgrid/shared/constants';
import type { CacheEffects } from '@/lib/api/cache-effects';
import { useRefreshOperations } from '@/lib/api/cache-effects';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { useOperationPages } from '@/lib/api/use-operation-pages';
import { skipToken, useOperationQuery } from '@/lib/api/use-operation-query';

export { useAdGroupRemovalCalls } from '@/lib/api/ad-group-calls';

/** The wizard's calls (001 §7): each screen reads and writes through these hooks only. */

/** The agency's advertisers for Select Advertiser (000 §7 GET /advertiser/agency/{agencyId}), every page. */
export const useWizardAdvertisers = (agencyId: string | null) =>
  useOperationPages(listAdvertisersByAgency, agencyId ? { params: { agencyId } } : skipToken);

/**
 * 000 §7 GET /advertiser/{id}: the draft's advertiser as it is now (a card or a CRM connection may have
 * been added since it was picked), asked of the server each time the wizard shows it, never the cache's
 * copy; none while null.
 */
export const useCurrentAdvertiser = (advertiserId: string | null) =>
  useOperationQuery(getAdvertiser, advertiserId ? { params: { id: advertiserId } } : skipToken, {
    fetchPolicy: 'network-only',
  });

/**
 * 001 §7 GET /domainlist/public: the public lists, which tell a draft's chosen public lists from its
 * advertiser's custom ones when the advertiser changes; none asked while `needed` is false.
 */
export const usePublicListsKnown = (needed: boolean) =>
  useOperationQuery(listPublicDomainLists, needed ? {} : skipToken);

/**
 * 001 §7 PUT /creatives/updateLandingPage: the click URL of every creative of the draft's ad group, set
 * to the draft's landing page before the campaign is created.
 */
export const useApplyLandingPage = () => useOperationMutation(updateCreativesLandingPage);

/**
 * 001 §7 GET /hubspot/pages/{id}?types=landing_page,site_page,blogPosts: the connected advertiser's
 * landing pages, site pages and blog posts, every page; none while null (no CRM connection).
 */
export const useHubspotPages = (advertiserId: string | null) =>
  useOperationPages(
    listHubspotPages,
    advertiserId ? { params: { id: advertiserId }, query: { types: HUBSPOT_PAGE_KINDS.join(',') } } : skipToken,
  );

/** 001 §7 GET /campaign/templates/{userId}: the signed-in user's campaign templates, every page. */
export const useCampaignTemplates = (userName: string | null) =>
  useOperationPages(listCampaignTemplatesByUser, userName ? { params: { id: userName } } : skipToken);

/**
 * A template made, changed or deleted: the user's template lists (the manage page, Create from template)
 * load again, so neither shows a template as it was.
 */
const TEMPLATES_CHANGED = { refreshes: [listCampaignTemplatesByUser] } as const satisfies CacheEffects;

/** 001 §7 POST /campaign/templates: saves the wizard's template ('Create Template'). */
export const useCreateCampaignTemplate = () => useOperationMutation(createCampaignTemplate, TEMPLATES_CHANGED);

/** 001 §7 PUT /campaign/templates/{id}: saves the edited template ('Save'). */
export const useUpdateCampaignTemplate = () => useOperationMutation(updateCampaignTemplate, TEMPLATES_CHANGED);

/** 001 §7 DELETE /campaign/templates {id}: deletes one of the user's templates. */
export const useDeleteCampaignTemplate = () => useOperationMutation(deleteCampaignTemplate, TEMPLATES_CHANGED);

/**
 * 001 §4 "Template edit": opening a template 'fetches the ad group by selected template id and the role
 * titles for the template id'. Reads made when the user acts (Continue, Get Started), so they are calls.
 */
export const useTemplateAdGroupCall = () => useOperationMutation(getAdGroupTemplate);
export const useTemplateRoleTitlesCall = () => useOperationMutation(getCampaignTemplateRoleTitles);

/** 001 §7 POST /campaign/event: tells the server the wizard finished creating a campaign. */
export const useRecordCampaignEvent = () => useOperationMutation(recordCampaignEvent);

const CAMPAIGN_LISTS = [listCampaignsByAdvertiser] as const;

/**
 * Reloads the advertisers' campaign lists once a campaign was created over the realtime channel (the
 * new campaign shows on its advertiser's dashboard).
 */
export const useRefreshCampaignLists = () => useRefreshOperations(CAMPAIGN_LISTS);
