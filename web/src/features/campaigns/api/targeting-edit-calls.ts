import { useCallback } from 'react';
import {
  getCampaignTargetingEdit,
  getCampaignTargetingSelections,
  listCampaignActivity,
  listCampaignsByAdvertiser,
} from '@bidgrid/shared/campaigns/campaign.operations';
import { listGeoOptions } from '@bidgrid/shared/targeting/geo.operations';
import { getLineItemsDailyReport, getLineItemsReport } from '@bidgrid/shared/reports/report.operations';
import type { TCampaignTargetingChangeResult } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import type { RealtimeRequestOf } from '@bidgrid/shared/realtime/event';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { useRefreshOperations } from '@/lib/api/cache-effects';
import { useOperationPages } from '@/lib/api/use-operation-pages';
import { skipToken, useOperationQuery } from '@/lib/api/use-operation-query';
import { useRealtimeCall } from '@/lib/realtime/use-realtime-call';
import { campaignIdInput } from './dashboard-inputs';

// Targeting that stays editable after launch (issue 12, ours): the editor's reads, the change over the
// realtime channel (progress in bidder changes) and the activity log.

/** What a stored targeting change makes stale: the panel, the editor, the activity, the line items, the counts. */
const TARGETING_CHANGED = [
  getCampaignTargetingSelections,
  getCampaignTargetingEdit,
  listCampaignActivity,
  getLineItemsReport,
  getLineItemsDailyReport,
  listCampaignsByAdvertiser,
] as const;

/** GET /campaign/targetingEdit/{id}: the targeting, its revision and the companies (read when the editor opens). */
export const useCampaignTargetingEdit = (bgCampaignId: string | null) =>
  useOperationQuery(getCampaignTargetingEdit, bgCampaignId ? { params: { id: bgCampaignId } } : skipToken, {
    fetchPolicy: 'network-only',
  });

/**
 * GET /geo/options: the regions the editor offers (the State/Province step's); the targeting panel reads
 * them to tell a country chosen whole. None asked while `needed` is false.
 */
export const useEditableRegions = (needed = true) => useOperationQuery(listGeoOptions, needed ? {} : skipToken);

/** GET /campaign/activity/{id}: the activity log, every page, newest first. */
export const useCampaignActivity = (bgCampaignId: string) =>
  useOperationPages(listCampaignActivity, campaignIdInput(bgCampaignId));

/**
 * `updateCampaignTargeting`: sends a change and, once stored, reloads what shows it. Resolves with the
 * result; rejects with the RealtimeError whose message the editor shows.
 */
export function useUpdateCampaignTargeting() {
  const realtime = useRealtimeCall(realtimeEventsByName.updateCampaignTargeting);
  const refresh = useRefreshOperations(TARGETING_CHANGED);
  const { call } = realtime;
  const save = useCallback(
    async (
      change: RealtimeRequestOf<typeof realtimeEventsByName.updateCampaignTargeting>,
    ): Promise<TCampaignTargetingChangeResult> => {
      const result = await call(change);
      if (result.changed) await refresh();
      return result;
    },
    [call, refresh],
  );
  return { save, pending: realtime.pending, progress: realtime.progress, error: realtime.error };
}
