import { useCallback } from 'react';
import { createAdGroup, deleteAdGroup, listAdGroupsByCampaign } from '@bidgrid/shared/ad-groups/ad-group.operations';
import {
  deleteCreative,
  listCreativesByAdGroup,
  listCreativeTemplatesByAdGroupTemplate,
  updateCreativesLandingPage,
} from '@bidgrid/shared/ad-groups/creative.operations';
import { getCreativesDailyReport, getCreativesReport } from '@bidgrid/shared/reports/report.operations';
import type { TAdGroup } from '@bidgrid/shared/ad-groups/ad-group.schema';
import { compareNewestFirst } from '@bidgrid/shared/common/list-order';
import { CREATIVE_TEMPLATES_JOIN, CREATIVES_JOIN } from '@/lib/api/ad-group-calls';
import { useRefreshOperations, type CacheEffects } from '@/lib/api/cache-effects';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { sortedJoin, useOperationPages, useReadAllPages } from '@/lib/api/use-operation-pages';
import { adGroupsInput } from './dashboard-inputs';
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

// The lists come a page at a time (issue 9 §6); each is read whole, joined in the order the server sorts
// each page by (newest first).
const AD_GROUPS_JOIN = sortedJoin<TAdGroup>(compareNewestFirst);

/** 000 §7 GET /adGroups/adgroupbybgcampaignid/{id}: the campaign's ad groups, newest first. */
export const useAdGroups = (bgCampaignId: string) =>
  useOperationPages(listAdGroupsByCampaign, adGroupsInput(bgCampaignId), { join: AD_GROUPS_JOIN });

export { useAdGroupTemplates, useCreativeCalls, useCreativeTemplates } from '@/lib/api/ad-group-calls';

/**
 * Every creative template of an ad-group template, read when the user replaces an ad group with it (the
 * replacement must make all of them, whatever the dialog had loaded).
 */
export const useReadCreativeTemplates = () =>
  useReadAllPages(listCreativeTemplatesByAdGroupTemplate, { join: CREATIVE_TEMPLATES_JOIN });

/** 000 §7 PUT /creatives/updateLandingPage: the landing page of every creative of an ad group. */
export const useUpdateLandingPage = () => useOperationMutation(updateCreativesLandingPage, LANDING_PAGE_CHANGED);

/**
 * Replaces a campaign's ad group and creatives (`replaceAdGroup`, 000 §4, 001 §4) over the API, then
 * reloads the ad groups and creative reports once. Rejects like `replaceAdGroup` (after its clean-up).
 */
export function useReplaceAdGroup(): (
  input: Parameters<typeof replaceAdGroup>[0],
  onStep: (step: TReplacementStep) => void,
) => Promise<void> {
  const { mutate: create } = useOperationMutation(createAdGroup);
  // A read the flow needs at that moment (the old creatives, listed before anything changes, every page of
  // them: the replacement deletes each one): not cached.
  const listCreatives = useReadAllPages(listCreativesByAdGroup, { join: CREATIVES_JOIN });
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
