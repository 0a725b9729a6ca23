import { useMemo } from 'react';
import { listAdvertisersByAgency } from '@bidgrid/shared/advertisers/advertiser.operations';
import {
  createAdGroup,
  createAdGroupTemplate,
  listAdGroupTemplates,
} from '@bidgrid/shared/ad-groups/ad-group.operations';
import {
  createCreativeTemplate,
  listCreativeTemplatesByAdGroupTemplate,
} from '@bidgrid/shared/ad-groups/creative.operations';
import { CREATIVE_TEMPLATES_JOIN, useAdGroupRemovalCalls, useCreativeCalls } from '@/lib/api/ad-group-calls';
import { ApiError } from '@/lib/api/api-client';
import type { CacheEffects } from '@/lib/api/cache-effects';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { useOperationPages, useReadAllPages } from '@/lib/api/use-operation-pages';
import { skipToken } from '@/lib/api/use-operation-query';
import type { TPipelineCalls } from '../ad-group-pipeline';

/** A new ad-group template (and its creative templates) shows in the Saved AdGroups tab. */
export const TEMPLATE_SAVED = {
  refreshes: [listAdGroupTemplates, listCreativeTemplatesByAdGroupTemplate],
} as const satisfies CacheEffects;

/** 000 §7 GET /advertiser/agency/{agencyId}: the agency's advertisers for the Advertiser select; none while null. */
export const useAdvertiserChoices = (agencyId: string | null) =>
  useOperationPages(listAdvertisersByAgency, agencyId ? { params: { agencyId } } : skipToken);

export { useAdGroupTemplates, useCreativeTemplates } from '@/lib/api/ad-group-calls';

/**
 * The calls of the ad-group pipeline (`runAdGroupPipeline`). Whole lists are read at the moment the
 * pipeline needs them (every creative's id; every creative template of a saved template), not cached.
 */
export function usePipelineCalls(): TPipelineCalls {
  const { mutate: makeAdGroup } = useOperationMutation(createAdGroup);
  const { mutate: makeTemplate } = useOperationMutation(createAdGroupTemplate, TEMPLATE_SAVED);
  const { mutate: makeCreativeTemplate } = useOperationMutation(createCreativeTemplate, TEMPLATE_SAVED);
  const creativeCalls = useCreativeCalls();
  const removalCalls = useAdGroupRemovalCalls();
  const readCreativeTemplates = useReadAllPages(listCreativeTemplatesByAdGroupTemplate, {
    join: CREATIVE_TEMPLATES_JOIN,
  });
  return useMemo(
    () => ({
      createAdGroup: (body) => makeAdGroup({ body }),
      createAdGroupTemplate: (body) => makeTemplate({ body }),
      createCreativeTemplate: (body) => makeCreativeTemplate({ body }),
      ...creativeCalls,
      ...removalCalls,
      listCreativeTemplates: (id) => readCreativeTemplates({ params: { id } }),
    }),
    [makeAdGroup, makeTemplate, makeCreativeTemplate, creativeCalls, removalCalls, readCreativeTemplates],
  );
}

/** Whether the API client already showed this failure as its 5.5 s toast (001 §7), so a screen says it once. */
export const wasShownByApi = (error: unknown): boolean => error instanceof ApiError;
