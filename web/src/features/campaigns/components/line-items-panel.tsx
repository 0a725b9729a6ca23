import {
  Box,
  Button,
  Checkbox,
  Flex,
  Heading,
  HStack,
  Popover,
  Portal,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { TRUNCATE } from '@bidgrid/shared/constants';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { LINE_ITEM_METRICS, type TLineItem, type TLineItemMetric } from '@bidgrid/shared/campaigns/line-item.schema';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { LoadingMore } from '@/components/loading-more';
import { exportCsv } from '@/lib/csv-export';
import { useUpdateLineItemStatus } from '../api/campaign-calls';
import { useLineItemsReport } from '../api/report-queries';
import { LINE_ITEM_STATUS_QUESTION, METRICS_TOOLBAR, SELECT_METRICS } from '../campaign-messages';
import { NameCell } from '../campaign-columns';
import { formatLineItemMetric, statusText } from '../format';
import {
  hubspotIdText,
  lineItemExportColumns,
  lineItemRows,
  metricValue,
  orderedMetrics,
  sourceText,
  type TLineItemRow,
} from '../line-item-columns';
import { lineItemLabel } from '../line-item-labels';
import { useMetricChoice } from '../metric-choice';
import type { TFrameSelection } from '../time-frame';

/**
 * 'Select Metrics' (000 §2): every metric with a checkbox under its human label; the default ones start
 * checked, and the user's own choice is kept for their next visit.
 */
function MetricsChooser({
  chosen,
  onChange,
}: {
  chosen: ReadonlySet<TLineItemMetric>;
  onChange: (next: ReadonlySet<TLineItemMetric>) => void;
}) {
  return (
    <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount>
      <Popover.Trigger asChild>
        <Button size="sm" variant="outline">
          {SELECT_METRICS}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs">
            <Popover.Header>
              <Popover.Title fontWeight="semibold">{SELECT_METRICS}</Popover.Title>
            </Popover.Header>
            <Popover.Body maxHeight="80" overflowY="auto">
              <Stack gap="2">
                {LINE_ITEM_METRICS.map((metric) => (
                  <Checkbox.Root
                    key={metric}
                    size="sm"
                    colorPalette="blue"
                    checked={chosen.has(metric)}
                    onCheckedChange={(details) => {
                      const next = new Set(chosen);
                      if (details.checked === true) next.add(metric);
                      else next.delete(metric);
                      onChange(next);
                    }}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{lineItemLabel(metric)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            </Popover.Body>
            <Popover.CloseTrigger />
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

/** The status cell: a switch that asks before it changes anything, and the status as text. */
function StatusCell({ lineItem, onToggle }: { lineItem: TLineItem; onToggle: (lineItem: TLineItem) => void }) {
  return (
    <HStack gap="2">
      <Switch.Root size="sm" colorPalette="blue" checked={lineItem.active} onCheckedChange={() => onToggle(lineItem)}>
        <Switch.HiddenInput
          aria-label={`Status of ${lineItem.line_item_name}`}
          // Nothing changes until the question is answered: the native box would flip on the click and,
          // the switch being controlled, stay flipped after No. Kept in place (not remounted), so the
          // dialog can give the focus back to it.
          onClick={(event) => event.preventDefault()}
        />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
      </Switch.Root>
      <Text as="span" fontSize="xs" fontWeight="semibold" color={lineItem.active ? 'fg.success' : 'fg.muted'}>
        {statusText(lineItem.active)}
      </Text>
    </HStack>
  );
}

/**
 * The line-item report (000 §2): toolbar 'Campaign Metrics' with 'Select Metrics' and an export; fixed
 * columns Status (with its toggle), Name (25 characters), Source and HS Company Id, then the chosen
 * metrics ('N/A' when missing). Toggling asks 'Are you sure you want to update this line item's status?';
 * Yes sends the inverted status and reloads the reports (000 §4). Failures are only logged (000 §8).
 */
export function LineItemsPanel({ campaign, frame }: { campaign: TCampaign; frame: TFrameSelection }) {
  const report = useLineItemsReport(campaign.bgCampaignId, frame);
  const { mutate: updateStatus } = useUpdateLineItemStatus();
  const [chosen, setChosen] = useMetricChoice();
  const [pending, setPending] = useState<TLineItem | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = (): void => setPending(null);

  const rows = useMemo(
    () => (report.data ? lineItemRows(report.data.lineItems, report.data.lineItemReports) : []),
    [report.data],
  );
  const metrics = orderedMetrics(chosen);

  const columns: Array<DataTableColumn<TLineItemRow>> = [
    {
      id: 'status',
      header: 'Status',
      cell: (row) => <StatusCell lineItem={row.lineItem} onToggle={setPending} />,
      sortValue: (row) => statusText(row.lineItem.active),
    },
    {
      id: 'name',
      header: 'Name',
      cell: (row) => <NameCell name={row.lineItem.line_item_name} max={TRUNCATE.lineItem} />,
      sortValue: (row) => row.lineItem.line_item_name,
    },
    {
      id: 'source',
      header: 'Source',
      cell: (row) => sourceText(row.lineItem),
      sortValue: (row) => sourceText(row.lineItem),
    },
    {
      id: 'hubspotCompanyId',
      header: 'HS Company Id',
      cell: (row) => hubspotIdText(row.lineItem),
      sortValue: (row) => row.lineItem.hubspotCompanyId,
    },
    ...metrics.map<DataTableColumn<TLineItemRow>>((metric) => ({
      id: metric,
      header: lineItemLabel(metric),
      cell: (row) => formatLineItemMetric(metric, metricValue(row, metric)),
      sortValue: (row) => metricValue(row, metric),
      align: 'end',
    })),
  ];

  const confirm = async (lineItem: TLineItem): Promise<void> => {
    setBusy(true);
    try {
      // Resolves once the line-item reports are reloaded (the call's effects).
      await updateStatus({ body: { beeswaxLineItemId: lineItem.beeswaxLineItemId, active: !lineItem.active } });
    } catch (error) {
      console.error('The line item status was not updated', error);
    } finally {
      setBusy(false);
      settle();
    }
  };

  return (
    <Stack as="section" aria-labelledby="line-items-heading" gap="3" minWidth="0">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h3" id="line-items-heading" size="md">
          {METRICS_TOOLBAR}
        </Heading>
        <HStack gap="2">
          <MetricsChooser chosen={chosen} onChange={setChosen} />
          <Button
            size="sm"
            variant="outline"
            // The export waits for every page of line items (issue 9 §6).
            disabled={rows.length === 0 || !report.progress.done}
            onClick={() => exportCsv(rows, lineItemExportColumns(metrics))}
          >
            Export
          </Button>
        </HStack>
      </Flex>
      {report.loading && !report.data ? (
        <Box aria-busy="true" role="status" aria-label="Loading the line items">
          <Skeleton height="40" />
        </Box>
      ) : (
        <>
          <DataTable
            label="Line items"
            columns={columns}
            rows={rows}
            getRowId={(row) => String(row.lineItem.beeswaxLineItemId)}
            emptyText="There are no line items to show."
            fixedHeight="30rem"
          />
          <LoadingMore progress={report.progress} failed={report.failed} onRetry={report.retry} what="line items" />
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={LINE_ITEM_STATUS_QUESTION}
        busy={busy}
        onCancel={settle}
        onConfirm={() => pending && void confirm(pending)}
      >
        {pending ? `${pending.line_item_name} will be ${pending.active ? 'deactivated' : 'activated'}.` : null}
      </ConfirmDialog>
    </Stack>
  );
}
