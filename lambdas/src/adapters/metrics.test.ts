import '../test-env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLogger } from '../domain/test-fakes';
import { createPowertoolsMetrics } from './metrics';

/** What Powertools writes to stdout while `act` runs, one parsed JSON object per line. */
function emfLines(act: () => void): Array<Record<string, unknown>> {
  const written: string[] = [];
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
  try {
    act();
  } finally {
    spy.mockRestore();
  }
  return written
    .join('')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The CloudWatch directive of an EMF line: namespace, dimension sets and metric definitions. */
const directive = (line: Record<string, unknown> | undefined) =>
  (line?.['_aws'] as { CloudWatchMetrics: Array<Record<string, unknown>> }).CloudWatchMetrics[0];

describe('Powertools metrics adapter (Embedded Metric Format)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-25T15:00:00Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("writes one line of the invocation's figures in the BidGrid namespace with service and stage", () => {
    // Prepare
    const metrics = createPowertoolsMetrics({ stage: 'prod', log: memoryLogger() });
    metrics.campaignCreated(4_200, 12);
    metrics.campaignCreated(800, 1);
    metrics.reportRowsSynced(100);
    metrics.reportSyncLag(3_600);

    // Act
    const lines = emfLines(() => metrics.publish());

    // Assess
    expect(lines).toHaveLength(1);
    expect(lines[0]).toEqual({
      _aws: {
        Timestamp: Date.parse('2026-11-25T15:00:00Z'),
        CloudWatchMetrics: [
          {
            Namespace: 'BidGrid',
            Dimensions: [['service', 'stage']],
            Metrics: [
              { Name: 'CampaignCreationDuration', Unit: 'Milliseconds' },
              { Name: 'CampaignLineItems', Unit: 'Count' },
              { Name: 'CampaignsCreated', Unit: 'Count' },
              { Name: 'ReportRowsSynced', Unit: 'Count' },
              { Name: 'ReportSyncLag', Unit: 'Seconds' },
            ],
          },
        ],
      },
      service: 'bidgrid',
      stage: 'prod',
      CampaignCreationDuration: [4_200, 800],
      CampaignLineItems: [12, 1],
      CampaignsCreated: [1, 1],
      ReportRowsSynced: 100,
      ReportSyncLag: 3_600,
    });
  });

  it('adds up counts by their own dimension into one line per value, the detail as a property', () => {
    // Prepare
    const metrics = createPowertoolsMetrics({ stage: 'dev', log: memoryLogger() });
    metrics.bidderError('GET /rest/v2/campaigns/{id}', 503);
    metrics.bidderError('GET /rest/v2/campaigns/{id}', 503);
    metrics.bidderError('POST /rest/v2/line_items', 'timeout');
    metrics.billingOutcome('charged');
    metrics.billingOutcome('charged');
    metrics.billingOutcome('declined');

    // Act
    const lines = emfLines(() => metrics.publish());

    // Assess
    expect(lines.map((line) => directive(line)?.['Dimensions'])).toEqual([
      [['service', 'stage', 'route']],
      [['service', 'stage', 'route']],
      [['service', 'stage', 'outcome']],
      [['service', 'stage', 'outcome']],
    ]);
    expect(lines.map(({ _aws, ...rest }) => rest)).toEqual([
      { service: 'bidgrid', stage: 'dev', route: 'GET /rest/v2/campaigns/{id}', bidderStatus: '503', BidderErrors: 2 },
      { service: 'bidgrid', stage: 'dev', route: 'POST /rest/v2/line_items', bidderStatus: 'timeout', BidderErrors: 1 },
      { service: 'bidgrid', stage: 'dev', outcome: 'charged', BillingOutcomes: 2 },
      { service: 'bidgrid', stage: 'dev', outcome: 'declined', BillingOutcomes: 1 },
    ]);
    expect(directive(lines[0])?.['Metrics']).toEqual([{ Name: 'BidderErrors', Unit: 'Count' }]);
  });

  it('writes nothing when nothing was recorded, and forgets what it published', () => {
    // Prepare
    const log = memoryLogger();
    const metrics = createPowertoolsMetrics({ stage: 'dev', log });
    metrics.billingOutcome('skipped');
    metrics.reportRowsSynced(3);
    emfLines(() => metrics.publish());

    // Act
    const again = emfLines(() => metrics.publish());

    // Assess: not even Powertools' "no metrics" warning.
    expect(again).toEqual([]);
    expect(log.lines).toEqual([]);
  });

  it('drops a figure that is not a count or a time, with a warning, and keeps the others', () => {
    // Prepare
    const log = memoryLogger();
    const metrics = createPowertoolsMetrics({ stage: 'dev', log });

    // Act
    metrics.reportSyncLag(Number.NaN);
    metrics.reportRowsSynced(-1);
    metrics.reportRowsSynced(7);
    const lines = emfLines(() => metrics.publish());

    // Assess
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ ReportRowsSynced: 7 });
    expect(lines[0]).not.toHaveProperty('ReportSyncLag');
    expect(log.lines.map((line) => [line['level'], line['message']])).toEqual([
      ['warn', 'metric ReportSyncLag not recorded'],
      ['warn', 'metric ReportRowsSynced not recorded'],
    ]);
  });
});
