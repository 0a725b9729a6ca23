/** Report metric math: daily count rows, time frames, sums, ratios from sums, and formatting. */
export * from './counts.schema';
export * from './time-frame';
export * from './derive';
export * from './format';
