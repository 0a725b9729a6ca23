import { Box, chakra, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  Rectangle,
  ReferenceLine,
  Tooltip,
  XAxis,
  YAxis,
  type BarShapeProps,
  type TooltipContentProps,
} from 'recharts';
import { formatCount, formatUsd, NOT_AVAILABLE } from '@bidgrid/shared/metrics/format';
import type { TDeliveryRow } from '../delivery';
import { DELIVERY_PLOT_HEIGHT, DELIVERY_TOKENS, tokenColor, type TDeliveryPlot } from '../delivery-series';
import { formatAxisCount, formatAxisDay, formatAxisUsd, formatIsoDay } from '../format';

/*
 * The only module that imports recharts: it is loaded when the chart comes near the screen
 * (delivery-chart.tsx), so no other page and no part of this one waits for the charting code.
 */

const color = Object.fromEntries(
  Object.entries(DELIVERY_TOKENS).map(([name, token]) => [name, tokenColor(token)]),
) as Record<keyof typeof DELIVERY_TOKENS, string>;

const TICK = { fill: color.axis, fontSize: 12 };
const MARGIN = { top: 8, right: 4, bottom: 0, left: 4 };

/** One line of the tooltip: a name and its value, as a description list pair. */
function TooltipValue({ name, value }: { name: string; value: string }) {
  return (
    <>
      <chakra.dt color="fg.muted">{name}</chakra.dt>
      <chakra.dd textAlign="end" fontVariantNumeric="tabular-nums">
        {value}
      </chakra.dd>
    </>
  );
}

/**
 * The tooltip of a day, the same in both plots (mouse, touch or the arrow keys): the date, impressions,
 * clicks, spend and the daily budget, and a note when spend went above it. A polite live region, so a
 * screen reader hears each day as the arrow keys reach it.
 */
function DayTooltip({
  active,
  label,
  rows,
}: {
  active: boolean;
  label: unknown;
  rows: ReadonlyMap<string, TDeliveryRow>;
}) {
  const row = active && typeof label === 'string' ? rows.get(label) : undefined;
  if (!row) return null;
  return (
    <Box
      role="status"
      bg="bg.panel"
      color="fg"
      borderWidth="1px"
      rounded="l2"
      shadow="md"
      px="3"
      py="2"
      fontSize="xs"
      minWidth="44"
      data-testid="delivery-tooltip"
    >
      <Text fontWeight="semibold">{formatIsoDay(row.date)}</Text>
      <chakra.dl display="grid" gridTemplateColumns="auto auto" columnGap="4" rowGap="0.5" mt="1">
        <TooltipValue name="Impressions" value={formatCount(row.impressions)} />
        <TooltipValue name="Clicks" value={formatCount(row.clicks)} />
        <TooltipValue name="Spend" value={formatUsd(row.spend)} />
        <TooltipValue name="Daily budget" value={row.budget === null ? NOT_AVAILABLE : formatUsd(row.budget)} />
      </chakra.dl>
      {row.overBudget ? (
        <Text mt="1" color="red.700" fontWeight="semibold">
          Above the daily budget
        </Text>
      ) : null}
    </Box>
  );
}

/**
 * Where the dashed daily-budget line runs: the whole width when every day shown is within the campaign's
 * dates, from the first to the last such day when only some are, nowhere when none is.
 */
function budgetLine(rows: readonly TDeliveryRow[], budget: number) {
  const budgeted = rows.filter((row) => row.budget !== null);
  const first = budgeted[0];
  const last = budgeted.at(-1);
  if (!first || !last) return null;
  const dashed = { stroke: color.budget, strokeDasharray: '6 4', strokeWidth: 2, ifOverflow: 'extendDomain' } as const;
  if (budgeted.length === rows.length) return <ReferenceLine y={budget} {...dashed} />;
  return (
    <ReferenceLine
      segment={[
        { x: first.date, y: budget },
        { x: last.date, y: budget },
      ]}
      {...dashed}
    />
  );
}

/**
 * One plot of the delivery chart, as wide as its box and `DELIVERY_PLOT_HEIGHT` tall. 'traffic': impressions
 * as bars on the left axis, clicks as a line on the right one (they differ by orders of magnitude). 'spend':
 * spend per day as bars, the days above the daily budget in red, against the dashed daily budget. Dates run
 * under the bars, thinned so their labels never touch; the surface takes focus and the arrow keys walk the
 * days with the tooltip (recharts' accessibility layer).
 */
export function DeliveryPlot({
  plot,
  rows,
  dailyBudget,
}: {
  plot: TDeliveryPlot;
  rows: readonly TDeliveryRow[];
  dailyBudget: number;
}) {
  const byDate = useMemo(() => new Map(rows.map((row) => [row.date, row])), [rows]);
  const data = useMemo(() => [...rows], [rows]);
  const first = rows[0]?.date ?? '';
  const acrossYears = first.slice(0, 4) !== (rows.at(-1)?.date ?? first).slice(0, 4);
  const tooltip = (
    <Tooltip
      isAnimationActive={false}
      cursor={{ fill: color.cursor }}
      content={(props: TooltipContentProps) => <DayTooltip active={props.active} label={props.label} rows={byDate} />}
    />
  );
  const xAxis = (
    <XAxis
      dataKey="date"
      tickFormatter={(day: string) => formatAxisDay(day, acrossYears)}
      tick={TICK}
      stroke={color.axis}
      interval="preserveStartEnd"
      minTickGap={16}
    />
  );
  const grid = <CartesianGrid vertical={false} stroke={color.grid} />;

  if (plot === 'traffic') {
    return (
      <ComposedChart
        responsive
        data={data}
        margin={MARGIN}
        style={{ width: '100%', height: DELIVERY_PLOT_HEIGHT }}
        aria-label="Impressions and clicks per day. Arrow keys move from day to day."
      >
        {grid}
        {xAxis}
        <YAxis
          yAxisId="impressions"
          width="auto"
          allowDecimals={false}
          tickFormatter={formatAxisCount}
          tick={TICK}
          stroke={color.axis}
        />
        <YAxis
          yAxisId="clicks"
          orientation="right"
          width="auto"
          allowDecimals={false}
          tickFormatter={formatAxisCount}
          tick={TICK}
          stroke={color.axis}
        />
        {tooltip}
        <Bar
          yAxisId="impressions"
          dataKey="impressions"
          name="Impressions"
          fill={color.impressions}
          maxBarSize={48}
          isAnimationActive={false}
        />
        <Line
          yAxisId="clicks"
          dataKey="clicks"
          name="Clicks"
          type="linear"
          stroke={color.clicks}
          strokeWidth={2}
          dot={rows.length <= 31 ? { r: 2.5, fill: color.clicks } : false}
          isAnimationActive={false}
        />
      </ComposedChart>
    );
  }

  return (
    <ComposedChart
      responsive
      data={data}
      margin={MARGIN}
      style={{ width: '100%', height: DELIVERY_PLOT_HEIGHT }}
      aria-label="Spend per day against the daily budget. Arrow keys move from day to day."
    >
      {grid}
      {xAxis}
      <YAxis width="auto" tickFormatter={formatAxisUsd} tick={TICK} stroke={color.axis} />
      {tooltip}
      <Bar
        dataKey="spend"
        name="Spend"
        maxBarSize={48}
        isAnimationActive={false}
        shape={(bar: BarShapeProps) => (
          <Rectangle {...bar} fill={rows[bar.index]?.overBudget ? color.overBudget : color.spend} />
        )}
      />
      {budgetLine(rows, dailyBudget)}
    </ComposedChart>
  );
}
