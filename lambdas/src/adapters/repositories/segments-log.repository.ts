import { ZSegmentsLogEntry } from '@bidgrid/shared/billing/billing.schema';
import type { TSegmentsLogEntry } from '@bidgrid/shared/billing/billing.schema';
import type { TPage, TPageRequest } from '../../domain/ports/page.port';
import { mapPage } from '../../domain/ports/page.port';
import type { SegmentsLogRepository, TStoredSegmentsLogEntry } from '../../domain/ports/segments-log.port';
import { batchPut, conditionalPut, getConsistentItem, queryPage, tables } from '../dynamodb';

/**
 * Keys of segments log entries (DATA-MODEL): one partition per month (`SEGLOG#2026-11`), sorted by
 * the entry's ISO date. Company matching is a platform service, so the log is not an agency's data:
 * internal staff read it.
 */
export const segmentsLogKeys = {
  entry: (date: string, id: string) => ({ pk: `SEGLOG#${date.slice(0, 7)}`, sk: `${date}#${id}` }),
  month: (yearMonth: string) => `SEGLOG#${yearMonth}`,
  /** The date of one matching run, so its chunks and retries write entries under the same keys. */
  run: (runKey: string) => ({ pk: `SEGLOGRUN#${runKey}`, sk: 'RUN' }),
} as const;

/** A run's date is kept a day: long enough for any retry of its chunks, then TTL removes it. */
export const SEGMENTS_LOG_RUN_TTL_SECONDS = 24 * 3600;

async function listByMonths(yearMonths: readonly string[], page: TPageRequest): Promise<TPage<TSegmentsLogEntry>> {
  // The months are read one after the other, in the order given; a page may span several.
  const items = await queryPage(
    { list: 'segmentsLog', partitions: yearMonths.map(segmentsLogKeys.month), skPrefix: '' },
    page,
    (pk) => ({
      TableName: tables().app,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
    }),
  );
  return mapPage(items, (item) => ZSegmentsLogEntry.parse(item));
}

async function putEntries(entries: readonly TStoredSegmentsLogEntry[]): Promise<void> {
  await batchPut(
    tables().app,
    entries.map((entry) => ({ ...segmentsLogKeys.entry(entry.date, entry.id), entity: 'segmentsLog', ...entry })),
  );
}

async function runDate(runKey: string, now: Date): Promise<string> {
  const key = segmentsLogKeys.run(runKey);
  const date = now.toISOString();
  const stored = await conditionalPut({
    TableName: tables().app,
    Item: {
      ...key,
      entity: 'segmentsLogRun',
      date,
      expiresAt: Math.floor(now.getTime() / 1000) + SEGMENTS_LOG_RUN_TTL_SECONDS,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  if (stored) return date;
  const existing = (await getConsistentItem(key))?.['date'];
  if (typeof existing !== 'string') throw new Error(`Segments log run ${runKey} has no date`);
  return existing;
}

/** The DynamoDB implementation used by the handler, company matching and the seed. */
export const segmentsLogRepository: SegmentsLogRepository = { listByMonths, putEntries, runDate };
