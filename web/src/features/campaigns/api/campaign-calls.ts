import { useCallback } from 'react';
import {
  archiveCampaign,
  getCampaignDailyReport,
  getCampaignTargetingSelections,
  listCampaignsByAdvertiser,
  updateCampaignDetails,
  updateCampaignStatus,
} from '@bidgrid/shared/campaigns/campaign.operations';
import { updateLineItemStatus } from '@bidgrid/shared/campaigns/line-item.operations';
import {
  getCampaignDelivery,
  getLineItemsDailyReport,
  getLineItemsReport,
} from '@bidgrid/shared/reports/report.operations';
import { useRefreshOperations, type CacheEffects } from '@/lib/api/cache-effects';
import { useOperationMutation } from '@/lib/api/use-operation-mutation';
import { useOperationQuery } from '@/lib/api/use-operation-query';
import type { TFlagCall } from '../campaign-flags';
import { campaignIdInput } from './dashboard-inputs';

/**
 * The campaign and line-item calls of the dashboard (000 §7), each with what it makes stale. A campaign
 * change (archive, status, details) shows in the campaign lists of every frame, the one-day lists and the
 * delivery chart; a line-item switch in the line-item reports.
 */
export const CAMPAIGN_CHANGED = {
  refreshes: [listCampaignsByAdvertiser, getCampaignDailyReport, getCampaignDelivery],
} as const satisfies CacheEffects;

export const LINE_ITEM_CHANGED = {
  refreshes: [getLineItemsReport, getLineItemsDailyReport],
} as const satisfies CacheEffects;

/** 000 §7 PUT /campaign/archive: archives (or unarchives) a campaign. */
export const useArchiveCampaign = () => useOperationMutation(archiveCampaign, CAMPAIGN_CHANGED);

/** 000 §7 PUT /campaign/new/details: the edit dialog's save. */
export const useUpdateCampaignDetails = () => useOperationMutation(updateCampaignDetails, CAMPAIGN_CHANGED);

/** 000 §7 PUT /lineitem/status: the line-item switch. */
export const useUpdateLineItemStatus = () => useOperationMutation(updateLineItemStatus, LINE_ITEM_CHANGED);

/** 000 §7 GET /campaign/targetingSelections/{id}: the targeting panel. */
export const useTargetingSelections = (bgCampaignId: string) =>
  useOperationQuery(getCampaignTargetingSelections, campaignIdInput(bgCampaignId));

/**
 * The all-campaigns dialog's Save (000 §4): the staged status and archive calls one after another, in the
 * order given, then one reload of what they change (not one per call). A failed call is logged (000 §8: the
 * API client showed its toast) and the others still go. Resolves with whether any failed.
 */
export function useSaveCampaignFlags(): (calls: readonly TFlagCall[]) => Promise<{ failed: boolean }> {
  // No effects on the single calls: the refresh runs once, after the last of them.
  const { mutate: setStatus } = useOperationMutation(updateCampaignStatus);
  const { mutate: setArchived } = useOperationMutation(archiveCampaign);
  const refresh = useRefreshOperations(CAMPAIGN_CHANGED.refreshes);
  return useCallback(
    async (calls) => {
      let failed = false;
      for (const call of calls) {
        try {
          if (call.kind === 'status') {
            await setStatus({
              body: {
                bgCampaignId: call.campaign.bgCampaignId,
                beeswaxCampaignId: call.campaign.beeswaxCampaignId,
                updateBody: { active: call.active },
              },
            });
          } else {
            await setArchived({
              body: { bgCampaignId: call.campaign.bgCampaignId, updateBody: { archived: call.archived } },
            });
          }
        } catch (error) {
          console.error(`The ${call.kind} change of ${call.campaign.bgCampaignId} failed`, error);
          failed = true;
        }
      }
      await refresh();
      return { failed };
    },
    [setStatus, setArchived, refresh],
  );
}
