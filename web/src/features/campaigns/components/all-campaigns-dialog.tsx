import { Button, CloseButton, Dialog, Flex, HStack, Portal, Skeleton, Stack, Switch } from '@chakra-ui/react';
import { useState } from 'react';
import { EXPORT_FILE, TOAST_MS } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadingMore } from '@/components/loading-more';
import { exportCsv } from '@/lib/csv-export';
import { toaster } from '@/lib/toaster';
import {
  CAMPAIGN_EXPORT_COLUMNS,
  DIALOG_LEADING_FIELDS,
  DIALOG_TRAILING_FIELDS,
  type CampaignField,
} from '../campaign-columns';
import { flagsOf, plannedCalls, stageFlag, toggleRules, type TStagedFlags } from '../campaign-flags';
import { allCampaignsTitle, CAMPAIGNS_UPDATED, NO_CHANGES, SELECT_TO_EXPORT } from '../campaign-messages';
import { useSaveCampaignFlags } from '../api/campaign-calls';
import { useCampaignsReport } from '../api/report-queries';
import { initialFrame, type TFrameSelection } from '../time-frame';
import { TimeFrameSelect } from './time-frame-select';

function FlagSwitch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Switch.Root
      size="sm"
      colorPalette="blue"
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => onChange(details.checked)}
    >
      <Switch.HiddenInput aria-label={label} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}

const fieldColumn = (field: CampaignField): DataTableColumn<TCampaign> => ({
  id: field.id,
  header: field.header,
  cell: field.text,
  sortValue: field.sortValue,
  align: field.align,
});

/**
 * The all-campaigns dialog (000 §2, §4), full screen: '"{advertiser}" Advertiser Campaigns', its own
 * time frame, every campaign (archived ones too) with staged Active/Archived toggles, Save and Export.
 * Save sends only the staged rows ('There are no changes in rows to save.' when none), then 'Campaigns
 * are successfully updated!' (4 s) once the lists are reloaded. Export writes the ticked rows with ',' to the
 * campaigns file ('Please, select campaigns to export' when none is ticked).
 */
export function AllCampaignsDialog({
  advertiser,
  onClose,
  onSaved,
}: {
  advertiser: TAdvertiser;
  onClose: () => void;
  /** Told after a save, once the lists are reloaded. */
  onSaved?: () => Promise<void> | void;
}) {
  const [frame, setFrame] = useState<TFrameSelection>(() => initialFrame());
  const report = useCampaignsReport(advertiser.bgAdvertiserId, frame);
  const [staged, setStaged] = useState<TStagedFlags>(() => new Map());
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [saving, setSaving] = useState(false);
  const saveFlags = useSaveCampaignFlags();
  const campaigns = report.data ?? [];

  const columns: Array<DataTableColumn<TCampaign>> = [
    ...DIALOG_LEADING_FIELDS.map(fieldColumn),
    {
      id: 'active',
      header: 'Active',
      cell: (campaign) => {
        const flags = flagsOf(campaign, staged);
        return (
          <FlagSwitch
            label={`Active: ${campaign.name}`}
            checked={flags.active}
            disabled={saving || toggleRules(campaign, flags).activeDisabled}
            onChange={(value) => setStaged((current) => stageFlag(current, campaign, 'active', value))}
          />
        );
      },
    },
    {
      id: 'archived',
      header: 'Archived',
      cell: (campaign) => {
        const flags = flagsOf(campaign, staged);
        return (
          <FlagSwitch
            label={`Archived: ${campaign.name}`}
            checked={flags.archived}
            disabled={saving || toggleRules(campaign, flags).archivedDisabled}
            onChange={(value) => setStaged((current) => stageFlag(current, campaign, 'archived', value))}
          />
        );
      },
    },
    ...DIALOG_TRAILING_FIELDS.map(fieldColumn),
  ];

  const save = async (): Promise<void> => {
    const calls = plannedCalls(campaigns, staged);
    if (calls.length === 0) {
      toaster.create({ type: 'info', title: NO_CHANGES, duration: TOAST_MS.default, closable: true });
      return;
    }
    setSaving(true);
    // 000 §8: archive and status failures are only logged (the API client showed its toast).
    const { failed } = await saveFlags(calls);
    if (!failed) {
      toaster.create({ type: 'success', title: CAMPAIGNS_UPDATED, duration: TOAST_MS.campaignsSaved, closable: true });
    }
    setStaged(new Map());
    await onSaved?.();
    setSaving(false);
  };

  const exportSelected = (): void => {
    const rows = campaigns.filter((campaign) => selected.has(campaign.bgCampaignId));
    if (rows.length === 0) {
      toaster.create({ type: 'warning', title: SELECT_TO_EXPORT, duration: TOAST_MS.default, closable: true });
      return;
    }
    exportCsv(rows, CAMPAIGN_EXPORT_COLUMNS, {
      fileName: EXPORT_FILE.campaigns,
      delimiter: EXPORT_FILE.campaignsDelimiter,
    });
  };

  const title = allCampaignsTitle(advertiser.name);
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && !saving && onClose()}
      closeOnEscape={!saving}
      size="full"
      motionPreset="slide-in-bottom"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Flex justify="space-between" align="flex-end" gap="3" wrap="wrap">
                  <TimeFrameSelect value={frame} onChange={setFrame} />
                  <HStack gap="2">
                    {/* The export waits for every page of campaigns (issue 9 §6). */}
                    <Button variant="outline" size="sm" disabled={!report.progress.done} onClick={exportSelected}>
                      Export
                    </Button>
                    <Button
                      colorPalette="blue"
                      size="sm"
                      loading={saving}
                      loadingText="Saving"
                      onClick={() => void save()}
                    >
                      Save
                    </Button>
                  </HStack>
                </Flex>
                {report.loading && !report.data ? (
                  <Skeleton height="48" aria-busy="true" role="status" aria-label="Loading the campaigns" />
                ) : (
                  <DataTable
                    label={title}
                    columns={columns}
                    rows={campaigns}
                    getRowId={(campaign) => campaign.bgCampaignId}
                    selection={{
                      selected,
                      onChange: setSelected,
                      rowLabel: (campaign) => `Export ${campaign.name}`,
                      allLabel: 'Export All',
                    }}
                    emptyText="This advertiser has no campaigns yet."
                  />
                )}
                <LoadingMore
                  progress={report.progress}
                  failed={report.failed}
                  onRetry={report.retry}
                  what="campaigns"
                />
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={saving} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
