import { Box, Button, chakra, Flex, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { lazy, Suspense, useId, useMemo, useRef, useState } from 'react';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { formatCount, formatUsd, NOT_AVAILABLE } from '@bidgrid/shared/metrics/format';
import { useNearScreen } from '@/lib/use-near-screen';
import { useDelivery } from '../api/report-queries';
import { deliveryPacing, deliveryRows, deliveryTotals, pacingSentence, type TDeliveryRow } from '../delivery';
import { DELIVERY_PLOT_HEIGHT, DELIVERY_TOKENS, type TDeliveryPlot } from '../delivery-series';
import { formatIsoDay } from '../format';
import type { TFrameSelection } from '../time-frame';

// recharts (124 KB gzip) comes in its own chunk, asked for only when the chart nears the screen.
const DeliveryPlot = lazy(() => import('./delivery-plots').then((module) => ({ default: module.DeliveryPlot })));

/** How a legend entry is drawn: a filled square (bars), a solid line or a dashed line. */
type TSwatch = 'bar' | 'line' | 'dashed';

interface TLegendEntry {
  readonly label: string;
  readonly token: string;
  readonly swatch: TSwatch;
  readonly value: string;
  readonly testId?: string;
}

function Swatch({ swatch, token }: { swatch: TSwatch; token: string }) {
  if (swatch === 'bar') return <Box as="span" display="inline-block" boxSize="3" rounded="xs" bg={token} />;
  return (
    <Box
      as="span"
      display="inline-block"
      width="5"
      borderTopWidth="2px"
      borderTopStyle={swatch === 'dashed' ? 'dashed' : 'solid'}
      borderColor={token}
    />
  );
}

/** A plot's legend: each series' mark, its name and its value over the days shown. */
function PlotLegend({ entries }: { entries: readonly TLegendEntry[] }) {
  return (
    <Flex as="ul" listStyleType="none" wrap="wrap" columnGap="5" rowGap="1" fontSize="sm">
      {entries.map((entry) => (
        <Flex as="li" key={entry.label} align="center" gap="2">
          <span aria-hidden="true">
            <Swatch swatch={entry.swatch} token={entry.token} />
          </span>
          <span>{entry.label}</span>
          <Text as="span" fontWeight="semibold" data-testid={entry.testId}>
            {entry.value}
          </Text>
        </Flex>
      ))}
    </Flex>
  );
}

/**
 * The room of one plot, always `DELIVERY_PLOT_HEIGHT` tall: a placeholder until the chart is near the
 * screen and its code has come, then the plot itself.
 */
function PlotSlot({
  plot,
  near,
  rows,
  dailyBudget,
}: {
  plot: TDeliveryPlot;
  near: boolean;
  rows: readonly TDeliveryRow[];
  dailyBudget: number;
}) {
  const placeholder = <Skeleton height="full" />;
  return (
    <Box height={`${DELIVERY_PLOT_HEIGHT}px`} data-testid={`delivery-plot-${plot}`}>
      {near ? (
        <Suspense fallback={placeholder}>
          <DeliveryPlot plot={plot} rows={rows} dailyBudget={dailyBudget} />
        </Suspense>
      ) : (
        placeholder
      )}
    </Box>
  );
}

/** The numbers of the chart as a table, for screen readers and for anyone who would rather read them. */
function DeliveryTable({ rows, id }: { rows: readonly TDeliveryRow[]; id: string }) {
  return (
    <Table.ScrollArea
      id={id}
      borderWidth="1px"
      rounded="l2"
      maxHeight="64"
      tabIndex={0}
      role="region"
      aria-label="Daily delivery numbers"
    >
      <Table.Root size="sm" stickyHeader aria-label="Daily delivery">
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Impressions</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Clicks</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Spend</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Daily Budget</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.date}>
              <Table.Cell>{formatIsoDay(row.date)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(row.impressions)}</Table.Cell>
              <Table.Cell textAlign="end">{formatCount(row.clicks)}</Table.Cell>
              <Table.Cell
                textAlign="end"
                color={row.overBudget ? 'red.700' : undefined}
                fontWeight={row.overBudget ? 'semibold' : undefined}
              >
                {formatUsd(row.spend)}
                {row.overBudget ? <chakra.span srOnly>, above the daily budget</chakra.span> : null}
              </Table.Cell>
              <Table.Cell textAlign="end">{row.budget === null ? NOT_AVAILABLE : formatUsd(row.budget)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * The delivery chart beside the tables (issue 6, issue 15): the selected campaign's daily impressions and
 * clicks, and its daily spend against the daily budget, over the dashboard's time frame; a sentence on the
 * pacing, a legend with each total, and a table of the same numbers. The plots' code loads when the chart
 * comes within 300px of the screen and the browser is idle, into room kept for it.
 */
export function DeliveryChart({ campaign, frame }: { campaign: TCampaign; frame: TFrameSelection }) {
  const delivery = useDelivery(campaign.bgCampaignId, frame);
  const [showTable, setShowTable] = useState(false);
  const figure = useRef<HTMLDivElement>(null);
  // Not before the browser is idle: the plots' code never competes with the page's first data.
  const near = useNearScreen(figure, { margin: '300px', idle: true });
  const tableId = useId();
  const titleId = useId();
  const pacingId = useId();
  const { start_date, end_date, daily_budget } = campaign;
  const rows = useMemo(
    () => deliveryRows(delivery.data ?? [], { start_date, end_date, daily_budget }),
    [delivery.data, start_date, end_date, daily_budget],
  );
  const totals = deliveryTotals(rows);
  const pacing = deliveryPacing(rows);
  const first = rows[0];
  const last = rows.at(-1);

  return (
    <Stack
      as="figure"
      ref={figure}
      aria-labelledby={titleId}
      aria-describedby={rows.length > 0 ? pacingId : undefined}
      aria-busy={delivery.loading}
      gap="3"
      borderWidth="1px"
      rounded="l2"
      p="4"
      minWidth="0"
    >
      <Heading as="h3" size="md" id={titleId}>
        Daily Delivery
        <chakra.span srOnly>{` of ${campaign.name}`}</chakra.span>
      </Heading>
      {delivery.loading && !delivery.data ? (
        <Skeleton height={`${2 * DELIVERY_PLOT_HEIGHT + 96}px`} />
      ) : rows.length === 0 ? (
        <Text color="fg.muted">No delivery in this time frame.</Text>
      ) : (
        <>
          <Text id={pacingId} fontSize="sm" data-testid="delivery-pacing">
            {pacingSentence(pacing, campaign)}
          </Text>
          <Stack gap="1">
            <PlotLegend
              entries={[
                {
                  label: 'Impressions',
                  token: DELIVERY_TOKENS.impressions,
                  swatch: 'bar',
                  value: formatCount(totals.impressions),
                  testId: 'delivery-total-impressions',
                },
                {
                  label: 'Clicks',
                  token: DELIVERY_TOKENS.clicks,
                  swatch: 'line',
                  value: formatCount(totals.clicks),
                  testId: 'delivery-total-clicks',
                },
              ]}
            />
            <PlotSlot plot="traffic" near={near} rows={rows} dailyBudget={daily_budget} />
          </Stack>
          <Stack gap="1">
            <PlotLegend
              entries={[
                {
                  label: 'Spend',
                  token: DELIVERY_TOKENS.spend,
                  swatch: 'bar',
                  value: formatUsd(totals.spend),
                  testId: 'delivery-total-spend',
                },
                {
                  label: 'Daily budget',
                  token: DELIVERY_TOKENS.budget,
                  swatch: 'dashed',
                  value: formatUsd(daily_budget),
                },
                ...(pacing.overDays.length > 0
                  ? [
                      {
                        label: 'Above the daily budget',
                        token: DELIVERY_TOKENS.overBudget,
                        swatch: 'bar' as const,
                        value: pacing.overDays.length === 1 ? '1 day' : `${pacing.overDays.length} days`,
                      },
                    ]
                  : []),
              ]}
            />
            <PlotSlot plot="spend" near={near} rows={rows} dailyBudget={daily_budget} />
          </Stack>
          <Text srOnly>
            {rows.length === 1
              ? `1 day, ${formatIsoDay(first?.date)}.`
              : `${rows.length} days from ${formatIsoDay(first?.date)} to ${formatIsoDay(last?.date)}.`}
          </Text>
          <Box>
            <Button
              size="xs"
              variant="outline"
              aria-expanded={showTable}
              aria-controls={showTable ? tableId : undefined}
              onClick={() => setShowTable((shown) => !shown)}
            >
              {showTable ? 'Hide the numbers' : 'Show the numbers'}
            </Button>
          </Box>
          {showTable ? <DeliveryTable rows={rows} id={tableId} /> : null}
        </>
      )}
    </Stack>
  );
}
