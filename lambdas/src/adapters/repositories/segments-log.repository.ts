import { ZSegmentsLogEntry } from '@bidgrid/shared/entities/billing.schema';
import type { TSegmentsLogEntry } from '@bidgrid/shared/entities/billing.schema';
import type { TPage, TPageRequest } from '../../domain/ports/page.port';
import { mapPage } from '../../domain/ports/page.port';
import type { SegmentsLogRepository, TStoredSegmentsLogEntry } from '../../domain/ports/segments-log.port';
import { batchPut, queryPage, tables } from '../dynamodb';

/**
 * Keys of segments log entries (DATA-MODEL): one partition per month (`SEGLOG#2026-11`), sorted by
 * the entry's ISO date. Company matching is a platform service, so the log is not an agency's data:
 * internal staff read it.
 */
export const segmentsLogKeys = {
  entry: (date: string, id: string) => ({ pk: `SEGLOG#${date.slice(0, 7)}`, sk: `${date}#${id}` }),
  month: (yearMonth: string) => `SEGLOG#${yearMonth}`,
} as const;

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

/** The DynamoDB implementation used by the handler, company matching and the seed. */
export const segmentsLogRepository: SegmentsLogRepository = { listByMonths, putEntries };
