import { useMemo } from 'react';
import { listAdvertisersByAgency } from '@bidgrid/shared/api/operations/advertiser.operations';
import {
  createAdGroup,
  createAdGroupTemplate,
  deleteAdGroup,
  listAdGroupTemplates,
} from '@bidgrid/shared/api/operations/adgroup.operations';
import {
  createCreative,
  createCreativeTemplate,
  deleteCreative,
  getCreativeUploadUrl,
  listCreativesByAdGroup,
  listCreativeTemplatesByAdGroupTemplate,
  uploadCreative,
} from '@bidgrid/shared/api/operations/creative.operations';
import type { TAdGroupTemplate } from '@bidgrid/shared/entities/ad-group.schema';
import type { TCreative, TCreativeTemplate } from '@bidgrid/shared/entities/creative.schema';
import { compareByName, compareNewestFirst } from '@bidgrid/shared/entities/list-order';
import { ApiError } from '@/lib/api/api-client';
import type { CacheEffects } from '@/lib/api/cache-effects';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { sortedJoin, useOperationPages, useReadAllPages } from '@/lib/api/use-operation-pages';
import { skipToken } from '@/lib/api/use-operation-query';
import type { TPipelineCalls } from '../ad-group-pipeline';

/** A new ad-group template (and its creative templates) shows in the Saved AdGroups tab. */
export const TEMPLATE_SAVED = {
  refreshes: [listAdGroupTemplates, listCreativeTemplatesByAdGroupTemplate],
} as const satisfies CacheEffects;

// The lists come a page at a time (issue 9 §6); each is read whole, joined in the order the server sorts
// each page by (newest first; creative templates by name).
const TEMPLATES_JOIN = sortedJoin<TAdGroupTemplate>(compareNewestFirst);
const CREATIVE_TEMPLATES_JOIN = sortedJoin<TCreativeTemplate>(compareByName);
const CREATIVES_JOIN = sortedJoin<TCreative>(compareNewestFirst);

/** 000 §7 GET /advertiser/agency/{agencyId}: the agency's advertisers for the Advertiser select; none while null. */
export const useAdvertiserChoices = (agencyId: string | null) =>
  useOperationPages(listAdvertisersByAgency, agencyId ? { params: { agencyId } } : skipToken);

/** 001 §7 GET /adgroups/templates/{advertiserId}: the Saved AdGroups table; none while null. */
export const useAdGroupTemplates = (advertiserId: string | null) =>
  useOperationPages(listAdGroupTemplates, advertiserId ? { params: { advertiserId } } : skipToken, {
    join: TEMPLATES_JOIN,
  });

/** 001 §7 GET /creatives/templates/creativesbyadgroupid/{id}: an expanded row's creatives; none while null. */
export const useCreativeTemplates = (adGroupTemplateId: string | null) =>
  useOperationPages(
    listCreativeTemplatesByAdGroupTemplate,
    adGroupTemplateId ? { params: { id: adGroupTemplateId } } : skipToken,
    { join: CREATIVE_TEMPLATES_JOIN },
  );

/**
 * The calls of the ad-group pipeline (`runAdGroupPipeline`). Whole lists are read at the moment the
 * pipeline needs them (every creative's id; every creative template of a saved template), not cached.
 */
export function usePipelineCalls(): TPipelineCalls {
  const { mutate: makeAdGroup } = useOperationMutation(createAdGroup);
  const { mutate: makeTemplate } = useOperationMutation(createAdGroupTemplate, TEMPLATE_SAVED);
  const { mutate: makeCreativeTemplate } = useOperationMutation(createCreativeTemplate, TEMPLATE_SAVED);
  const { mutate: uploadUrl } = useOperationMutation(getCreativeUploadUrl);
  const { mutate: upload } = useOperationMutation(uploadCreative);
  const { mutate: copy } = useOperationMutation(createCreative);
  const { mutate: removeAdGroup } = useOperationMutation(deleteAdGroup);
  const { mutate: removeCreative } = useOperationMutation(deleteCreative);
  const readCreatives = useReadAllPages(listCreativesByAdGroup, { join: CREATIVES_JOIN });
  const readCreativeTemplates = useReadAllPages(listCreativeTemplatesByAdGroupTemplate, {
    join: CREATIVE_TEMPLATES_JOIN,
  });
  return useMemo(
    () => ({
      createAdGroup: (body) => makeAdGroup({ body }),
      createAdGroupTemplate: (body) => makeTemplate({ body }),
      createCreativeTemplate: (body) => makeCreativeTemplate({ body }),
      uploadUrl: (query) => uploadUrl({ query }),
      uploadCreative: (body) => upload({ body }),
      createCreative: (body) => copy({ body }),
      listCreatives: (id) => readCreatives({ params: { id } }),
      listCreativeTemplates: (id) => readCreativeTemplates({ params: { id } }),
      deleteAdGroup: (adGroupId) => removeAdGroup({ body: { adGroupId } }),
      deleteCreative: ({ bgCreativeId, beeswaxCreativeId }) =>
        removeCreative({ body: { bgCreativeId, beeswaxCreativeId } }),
    }),
    [
      makeAdGroup,
      makeTemplate,
      makeCreativeTemplate,
      uploadUrl,
      upload,
      copy,
      readCreatives,
      readCreativeTemplates,
      removeAdGroup,
      removeCreative,
    ],
  );
}

/** Whether the API client already showed this failure as its 5.5 s toast (001 §7), so a screen says it once. */
export const wasShownByApi = (error: unknown): boolean => error instanceof ApiError;
