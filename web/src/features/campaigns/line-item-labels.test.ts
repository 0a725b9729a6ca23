import { describe, expect, it } from 'vitest';
import { LINE_ITEM_DEFAULT_METRICS, LINE_ITEM_METRICS } from '@bidgrid/shared/campaigns/line-item.schema';
import { toCsv } from '@/lib/csv-export';
import { lineItemExportColumns } from './line-item-columns';
import { LINE_ITEM_LABELS, lineItemExportHeader, lineItemLabel } from './line-item-labels';

describe('line-item metric labels', () => {
  it('gives every metric its own human label, never a report key', () => {
    // Act
    const labels = LINE_ITEM_METRICS.map(lineItemLabel);

    // Assess
    expect(Object.keys(LINE_ITEM_LABELS).sort()).toEqual([...LINE_ITEM_METRICS].sort());
    expect(new Set(labels).size).toBe(LINE_ITEM_METRICS.length);
    expect(labels.filter((label) => label.includes('_'))).toEqual([]);
    expect(LINE_ITEM_METRICS.filter((metric) => lineItemLabel(metric) === metric)).toEqual([]);
  });

  it("heads the default columns as the spec's 'Spent USD' and readable names", () => {
    // Act
    const headers = LINE_ITEM_DEFAULT_METRICS.map(lineItemLabel);

    // Assess
    expect(headers).toEqual(['Impressions', 'Clicks', 'Conversions', 'Spent USD', 'Segment Count']);
    expect([lineItemLabel('cpc_usd'), lineItemLabel('video_q1'), lineItemLabel('viewability_percent')]).toEqual([
      'CPC (USD)',
      'Video 25% (Q1)',
      'Viewability %',
    ]);
  });

  it("keeps the spec's names in the export's header row", () => {
    // Act
    const csv = toCsv([], lineItemExportColumns(LINE_ITEM_METRICS));

    // Assess: the header row, pinned, so a change of labels never renames an exported column.
    expect(csv).toBe(
      '\uFEFF' +
        [
          'Status',
          'Name',
          'Source',
          'HS Company Id',
          'impressions',
          'clicks',
          'conversions',
          'Spent USD',
          'segment_count_nam',
          'cpc_usd',
          'cpm_usd',
          'ctr',
          'click_through_conversions',
          'average_viewable_seconds',
          'conversion_orders',
          'conversions_value',
          'invalid_impression_percent',
          'invalid_impressions',
          'measurable_impression_percent',
          'measurable_impressions',
          'measurable_invalid_impressions',
          'postback_conversions',
          'spend_per_conversion',
          'video_companion_ctr',
          'video_companion_clicks',
          'video_companion_views',
          'video_complete_percent',
          'video_completes',
          'video_midpoints',
          'video_plays',
          'video_q1',
          'video_q3',
          'video_skips',
          'viewability_percent',
          'viewability_measurability_percent',
          'viewable_impressions',
          'viewable_seconds',
          'viewthrough_conversions',
          'vcpm',
          'reach',
        ]
          .map((header) => `"${header}"`)
          .join(';') +
        '\r\n',
    );
    expect(lineItemExportHeader('segment_count_nam')).toBe('segment_count_nam');
  });
});
