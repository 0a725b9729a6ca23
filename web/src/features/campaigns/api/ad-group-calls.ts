import { useCallback, useMemo } from 'react';
import {
  createAdGroup,
  deleteAdGroup,
  listAdGroupsByCampaign,
  listAdGroupTemplates,
} from '@bidgrid/shared/api/operations/adgroup.operations';
import {
  createCreative,
  deleteCreative,
  getCreativeUploadUrl,
  listCreativesByAdGroup,
  listCreativeTemplatesByAdGroupTemplate,
  updateCreativesLandingPage,
  uploadCreative,
} from '@bidgrid/shared/api/operations/creative.operations';
import { getCreativesDailyReport, getCreativesReport } from '@bidgrid/shared/api/operations/report.operations';
import { useRefreshOperations, type CacheEffects } from '@/lib/api/cache-effects';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { skipToken, useOperationQuery } from '@/lib/api/use-operation-query';
import type { TCreativeCalls } from '../creative-makers';
import { replaceAdGroup, type TReplacementDeps, type TReplacementStep } from '../replace-ad-group';

/**
 * The creative list's calls (000 §7, 001 §7). A landing-page edit shows in the creative reports; a
 * replacement also changes the campaign's ad groups.
 */
export const LANDING_PAGE_CHANGED = {
  refreshes: [getCreativesReport, getCreativesDailyReport],
} as const satisfies CacheEffects;

export const AD_GROUP_REPLACED = {
  refreshes: [listAdGroupsByCampaign, getCreativesReport, getCreativesDailyReport],
} as const satisfies CacheEffects;

/** 000 §7 GET /adGroups/adgroupbybgcampaignid/{id}: the campaign's ad groups. */
export const useAdGroups = (bgCampaignId: string) =>
  useOperationQuery(listAdGroupsByCampaign, { params: { id: bgCampaignId } });

/** 001 §7 GET /adgroups/templates/{advertiserId}: the templates the replacement modal offers; none while null. */
export const useAdGroupTemplates = (advertiserId: string | null) =>
  useOperationQuery(listAdGroupTemplates, advertiserId ? { params: { advertiserId } } : skipToken);

/** 001 §7 GET /creatives/templates/creativesbyadgroupid/{id}: a template's creatives; none while null. */
export const useCreativeTemplates = (adGroupTemplateId: string | null) =>
  useOperationQuery(
    listCreativeTemplatesByAdGroupTemplate,
    adGroupTemplateId ? { params: { id: adGroupTemplateId } } : skipToken,
  );

/** 000 §7 PUT /creatives/updateLandingPage: the landing page of every creative of an ad group. */
export const useUpdateLandingPage = () => useOperationMutation(updateCreativesLandingPage, LANDING_PAGE_CHANGED);

/**
 * The calls that make the creatives of a new ad group, for the makers (`creative-makers.ts`). They change
 * nothing on screen by themselves: the replacement reloads once it is done.
 */
export function useCreativeCalls(): TCreativeCalls {
  const { mutate: uploadUrl } = useOperationMutation(getCreativeUploadUrl);
  const { mutate: upload } = useOperationMutation(uploadCreative);
  const { mutate: create } = useOperationMutation(createCreative);
  return useMemo(
    () => ({
      uploadUrl: (query) => uploadUrl({ query }),
      uploadCreative: (body) => upload({ body }),
      createCreative: (body) => create({ body }),
    }),
    [uploadUrl, upload, create],
  );
}

/**
 * Replaces a campaign's ad group and creatives (`replaceAdGroup`, 000 §4, 001 §4) over the API, then
 * reloads the ad groups and creative reports once. Rejects like `replaceAdGroup` (after its clean-up).
 */
export function useReplaceAdGroup(): (
  input: Parameters<typeof replaceAdGroup>[0],
  onStep: (step: TReplacementStep) => void,
) => Promise<void> {
  const { mutate: create } = useOperationMutation(createAdGroup);
  // A read the flow needs at that moment (the old creatives, listed before anything changes): not cached.
  const { mutate: listCreatives } = useOperationMutation(listCreativesByAdGroup);
  const { mutate: removeAdGroup } = useOperationMutation(deleteAdGroup);
  const { mutate: removeCreative } = useOperationMutation(deleteCreative);
  const refresh = useRefreshOperations(AD_GROUP_REPLACED.refreshes);
  return useCallback(
    async (input, onStep) => {
      const deps: TReplacementDeps = {
        createAdGroup: (body) => create({ body }),
        listCreatives: (id) => listCreatives({ params: { id } }),
        deleteAdGroup: (adGroupId) => removeAdGroup({ body: { adGroupId } }),
        deleteCreative: ({ bgCreativeId, beeswaxCreativeId }) =>
          removeCreative({ body: { bgCreativeId, beeswaxCreativeId } }),
      };
      await replaceAdGroup(input, deps, onStep);
      await refresh();
    },
    [create, listCreatives, removeAdGroup, removeCreative, refresh],
  );
}
