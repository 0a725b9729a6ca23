import { useMemo } from 'react';
import { deleteAdGroup, listAdGroupTemplates } from '@bidgrid/shared/ad-groups/ad-group.operations';
import {
  createCreative,
  deleteCreative,
  getCreativeUploadUrl,
  listCreativesByAdGroup,
  listCreativeTemplatesByAdGroupTemplate,
  uploadCreative,
} from '@bidgrid/shared/ad-groups/creative.operations';
import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TCreative, TCreativeTemplate } from '@bidgrid/shared/ad-groups/creative.schema';
import { compareByName, compareNewestFirst } from '@bidgrid/shared/common/list-order';
import type { TCreativeCalls } from '@/lib/creative-upload/creative-makers';
import type { TAdGroupRemovalCalls } from '@/lib/creative-upload/discard-ad-group';
import { useOperationMutation } from './use-operation-mutation';
import { sortedJoin, useOperationPages, useReadAllPages } from './use-operation-pages';
import { skipToken } from './use-operation-query';

// The ad-group calls both the Ad Group screen (features/creatives) and the ad-group replacement
// (features/campaigns) make; each feature's api/ re-exports them. The lists come a page at a time
// (issue 9 §6); each is read whole, joined in the order the server sorts each page by (newest first;
// creative templates by name).
export const AD_GROUP_TEMPLATES_JOIN = sortedJoin<TAdGroupTemplate>(compareNewestFirst);
export const CREATIVE_TEMPLATES_JOIN = sortedJoin<TCreativeTemplate>(compareByName);
export const CREATIVES_JOIN = sortedJoin<TCreative>(compareNewestFirst);

/** 001 §7 GET /adgroups/templates/{advertiserId}: an advertiser's ad-group templates; none while null. */
export const useAdGroupTemplates = (advertiserId: string | null) =>
  useOperationPages(listAdGroupTemplates, advertiserId ? { params: { advertiserId } } : skipToken, {
    join: AD_GROUP_TEMPLATES_JOIN,
  });

/** 001 §7 GET /creatives/templates/creativesbyadgroupid/{id}: a template's creatives; none while null. */
export const useCreativeTemplates = (adGroupTemplateId: string | null) =>
  useOperationPages(
    listCreativeTemplatesByAdGroupTemplate,
    adGroupTemplateId ? { params: { id: adGroupTemplateId } } : skipToken,
    { join: CREATIVE_TEMPLATES_JOIN },
  );

/**
 * The calls that make the creatives of a new ad group, for the makers (`creative-makers.ts`). They change
 * nothing on screen by themselves: the flow that uses them reloads what it changed once it is done.
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
 * The calls that remove a campaign's ad group with its creatives (`discardAdGroup`): the Ad Group step's
 * and the wizard's after a change of advertiser. Every creative's id is read at that moment, not cached.
 */
export function useAdGroupRemovalCalls(): TAdGroupRemovalCalls {
  const { mutate: removeAdGroup } = useOperationMutation(deleteAdGroup);
  const { mutate: removeCreative } = useOperationMutation(deleteCreative);
  const readCreatives = useReadAllPages(listCreativesByAdGroup, { join: CREATIVES_JOIN });
  return useMemo(
    () => ({
      listCreatives: (id) => readCreatives({ params: { id } }),
      deleteAdGroup: (adGroupId) => removeAdGroup({ body: { adGroupId } }),
      deleteCreative: ({ bgCreativeId, beeswaxCreativeId }) =>
        removeCreative({ body: { bgCreativeId, beeswaxCreativeId } }),
    }),
    [readCreatives, removeAdGroup, removeCreative],
  );
}
