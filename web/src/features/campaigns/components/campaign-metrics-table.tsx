import { Stack, Text } from '@chakra-ui/react';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { DataTable } from '@/components/data-table';
import { CAMPAIGN_METRIC_COLUMNS, currentReport } from '../campaign-columns';
import { formatSyncedAt } from '../format';

/**
 * How fresh the numbers are: the time the report sync last pulled the campaign from the bidder
 * (issue 10), or that it has not yet. Nothing while there is no report to qualify.
 */
export function syncedAtText(campaign: TCampaign, timeZone?: string): string | null {
  const report = currentReport(campaign);
  if (!report) return null;
  return report.syncedAt ? `Numbers as of ${formatSyncedAt(report.syncedAt, timeZone)}` : 'Not synced yet';
}

/** The campaign metrics table (000 §2): the selected campaign's row over the dashboard's time frame. */
export function CampaignMetricsTable({ campaign }: { campaign: TCampaign }) {
  const freshness = syncedAtText(campaign);
  return (
    <Stack gap="2">
      <DataTable
        label="Campaign metrics"
        columns={CAMPAIGN_METRIC_COLUMNS}
        rows={[campaign]}
        getRowId={(row) => row.bgCampaignId}
      />
      {freshness && (
        <Text fontSize="sm" color="fg.muted" data-testid="campaign-synced-at">
          {freshness}
        </Text>
      )}
    </Stack>
  );
}
