import type { TCampaign } from '@bidgrid/shared/entities/campaign.schema';
import { DataTable } from '@/components/data-table';
import { CAMPAIGN_METRIC_COLUMNS } from '../campaign-columns';

/** The campaign metrics table (000 §2): the selected campaign's row over the dashboard's time frame. */
export function CampaignMetricsTable({ campaign }: { campaign: TCampaign }) {
  return (
    <DataTable
      label="Campaign metrics"
      columns={CAMPAIGN_METRIC_COLUMNS}
      rows={[campaign]}
      getRowId={(row) => row.bgCampaignId}
    />
  );
}
