import { Box, Button, chakra, Flex, Heading, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { TDeliveryDay } from '@bidgrid/shared/entities/delivery.schema';
import { formatCount, formatUsd } from '@bidgrid/shared/metrics/format';
import { deliveryTotals, seriesBars, type TDeliverySeries } from '../delivery';
import { formatAxisDay, formatIsoDay } from '../format';
import { useDelivery } from '../api/report-queries';
import type { TFrameSelection } from '../time-frame';

const SERIES: ReadonlyArray<{ key: TDeliverySeries; label: string; color: string; format: (n: number) => string }> = [
  { key: 'impressions', label: 'Impressions', color: 'blue.600', format: formatCount },
  { key: 'clicks', label: 'Clicks', color: 'teal.700', format: formatCount },
  { key: 'spend', label: 'Spend', color: 'orange.700', format: formatUsd },
];

/** One series as a bar chart: its total, its largest day, the bars (each with a hover title). */
function SeriesChart({ days, series }: { days: readonly TDeliveryDay[]; series: (typeof SERIES)[number] }) {
  const bars = seriesBars(days, series.key);
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const total = deliveryTotals(days)[series.key];
  return (
    <Box>
      <Flex justify="space-between" align="baseline" gap="2">
        <Text fontSize="sm" fontWeight="semibold">
          {series.label}
        </Text>
        <Text fontSize="xs" color="fg.muted" marginInlineStart="auto">
          {`peak ${series.format(max)}`}
        </Text>
        <Text fontSize="sm" data-testid={`delivery-total-${series.key}`}>
          {series.format(total)}
        </Text>
      </Flex>
      <Box color={series.color} borderBottomWidth="1px" borderColor="border.emphasized">
        {/* Purely visual: the same numbers are in the totals above and in the table below. */}
        <chakra.svg
          viewBox="0 0 1 1"
          preserveAspectRatio="none"
          width="100%"
          height="16"
          display="block"
          aria-hidden="true"
          focusable="false"
        >
          {bars.map((bar) => (
            <rect key={bar.date} x={bar.x} width={bar.width} y={1 - bar.height} height={bar.height} fill="currentColor">
              <title>{`${formatIsoDay(bar.date)}: ${series.format(bar.value)}`}</title>
            </rect>
          ))}
        </chakra.svg>
      </Box>
    </Box>
  );
}

/** The numbers of the chart as a table, for screen readers and for anyone who would rather read them. */
function DeliveryTable({ days, id }: { days: readonly TDeliveryDay[]; id: string }) {
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
            {SERIES.map((series) => (
              <Table.ColumnHeader key={series.key} textAlign="end">
                {series.label}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {days.map((day) => (
            <Table.Row key={day.date}>
              <Table.Cell>{formatIsoDay(day.date)}</Table.Cell>
              {SERIES.map((series) => (
                <Table.Cell key={series.key} textAlign="end">
                  {series.format(day[series.key])}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/**
 * The delivery chart beside the tables (issue 6): the selected campaign's daily impressions, clicks and
 * spend over the dashboard's time frame, one small bar chart per series (they differ by orders of
 * magnitude, so each has its own scale), with the totals and a table of the same numbers.
 */
export function DeliveryChart({
  bgCampaignId,
  campaignName,
  frame,
}: {
  bgCampaignId: string;
  campaignName: string;
  frame: TFrameSelection;
}) {
  const delivery = useDelivery(bgCampaignId, frame);
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const titleId = useId();
  const days = delivery.data ?? [];
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <Stack
      as="figure"
      aria-labelledby={titleId}
      aria-busy={delivery.loading}
      gap="3"
      borderWidth="1px"
      rounded="l2"
      p="4"
      minWidth="0"
    >
      <Heading as="h3" size="md" id={titleId}>
        Daily Delivery
        <chakra.span srOnly>{` of ${campaignName}`}</chakra.span>
      </Heading>
      {delivery.loading && !delivery.data ? (
        <Skeleton height="48" />
      ) : days.length === 0 ? (
        <Text color="fg.muted">No delivery in this time frame.</Text>
      ) : (
        <>
          {SERIES.map((series) => (
            <SeriesChart key={series.key} days={days} series={series} />
          ))}
          <HStack justify="space-between" fontSize="xs" color="fg.muted" aria-hidden="true">
            <span>{first ? formatAxisDay(first.date) : ''}</span>
            <span>{last && last !== first ? formatAxisDay(last.date) : ''}</span>
          </HStack>
          <Text srOnly>{`${days.length} days from ${formatIsoDay(first?.date)} to ${formatIsoDay(last?.date)}.`}</Text>
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
          {showTable ? <DeliveryTable days={days} id={tableId} /> : null}
        </>
      )}
    </Stack>
  );
}
