/**
 * The delivery chart's colours, as Chakra tokens: the legends (Chakra props) and the plots (recharts, which
 * takes CSS colours) name the same ones. Blue and orange stay apart for the common colour blindnesses;
 * each is at least 3:1 against the panel, as graphics must be.
 */
export const DELIVERY_TOKENS = {
  impressions: 'blue.600',
  clicks: 'orange.600',
  spend: 'teal.600',
  overBudget: 'red.600',
  budget: 'gray.700',
  axis: 'fg.muted',
  grid: 'border.muted',
  cursor: 'bg.muted',
} as const;

/**
 * A token's CSS variable ('var(--chakra-colors-blue-600)'), for SVG attributes. Written out rather than
 * asked of the theme's `system`: importing it here reshuffled the shared chunks and added 0.6 KB gzip to
 * the login route; delivery-series.test.ts holds the names to Chakra's own.
 */
export const tokenColor = (token: (typeof DELIVERY_TOKENS)[keyof typeof DELIVERY_TOKENS]): string =>
  `var(--chakra-colors-${token.replace('.', '-')})`;

/** The height of each plot, kept by its placeholder while the charting code loads, so nothing moves. */
export const DELIVERY_PLOT_HEIGHT = 220;

/** The two plots: traffic (impressions and clicks) and spend against the daily budget. */
export type TDeliveryPlot = 'traffic' | 'spend';
