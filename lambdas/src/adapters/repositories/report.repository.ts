import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ZRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import { METRIC_COUNT_KEYS, ZMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCountKey } from '@bidgrid/shared/metrics/counts.schema';
import type {
  ReportRepository,
  TDailyRowWrite,
  TReportSubject,
  TRollupGroup,
  TRollupWrite,
  TStoredRollup,
} from '../../domain/ports/report.port';
import { ZCampaignSyncState } from '../../domain/reports/report-records.schema';
import type { TCampaignSyncState, TRollup, TStoredDailyRow } from '../../domain/reports/report-records.schema';
import { batchWrite, ddb, getConsistentItem, queryAll, tables } from '../dynamodb';
import type { Item } from '../dynamodb';
import { campaignSpendKeys } from './campaign-spend.repository';

/**
 * Keys of the reports table (DATA-MODEL): daily rows per campaign, line item and creative
 * (`DAY#{yyyy-mm-dd}`, counts only, spend in micros: the billing job reads the campaign rows), and
 * rollups the sync keeps so a dashboard reads one query per table instead of one per entity and day.
 *
 * Rollups improve on DATA-MODEL's `RANGE#{range}#{asOfDay}` per entity: they live in the partition
 * of what the dashboard lists together (the line items and creatives of a campaign under the
 * campaign's partition, the campaigns of an advertiser under the advertiser's), one item per range
 * and entity carrying its `asOfDay`, overwritten by each sync instead of piling up one per day.
 */
const reportKeys = {
  campaignDays: (agencyId: string, campaignId: string) => campaignSpendKeys.campaignDays(agencyId, campaignId),
  lineItemDays: (agencyId: string, beeswaxLineItemId: number) => `AGENCY#${agencyId}#LI#${beeswaxLineItemId}`,
  creativeDays: (agencyId: string, creativeId: string) => `AGENCY#${agencyId}#CR#${creativeId}`,
  day: (isoDay: string) => campaignSpendKeys.day(isoDay),
  /** Rollups of an advertiser's campaigns. */
  advertiserRollups: (agencyId: string, advertiserId: string) => `AGENCY#${agencyId}#ADV#${advertiserId}`,
  campaignRollup: (timeFrame: TRangeTimeFrame, campaignId: string) => `RANGE#${timeFrame}#CAMP#${campaignId}`,
  /** Rollups of a campaign's line items and creatives live in the campaign's partition. */
  lineItemRollup: (timeFrame: TRangeTimeFrame, beeswaxLineItemId: number) =>
    `RANGE#${timeFrame}#LI#${beeswaxLineItemId}`,
  creativeRollup: (timeFrame: TRangeTimeFrame, creativeId: string) => `RANGE#${timeFrame}#CR#${creativeId}`,
  /** Where the sync of one campaign got to. */
  campaignSync: (agencyId: string, campaignId: string) => ({
    pk: campaignSpendKeys.campaignDays(agencyId, campaignId),
    sk: 'SYNC',
  }),
} as const;

/** The partition of a subject's daily rows. */
function daysPk(subject: TReportSubject): string {
  switch (subject.kind) {
    case 'campaign':
      return reportKeys.campaignDays(subject.agencyId, subject.campaignId);
    case 'lineItem':
      return reportKeys.lineItemDays(subject.agencyId, subject.beeswaxLineItemId);
    case 'creative':
      return reportKeys.creativeDays(subject.agencyId, subject.creativeId);
  }
}

/** The partition of a rollup group. */
function rollupPk(group: TRollupGroup): string {
  return group.kind === 'advertiser'
    ? reportKeys.advertiserRollups(group.agencyId, group.advertiserId)
    : reportKeys.campaignDays(group.agencyId, group.campaignId);
}

/** The sort key of a subject's rollup of one range. */
function rollupSk(subject: TReportSubject, timeFrame: TRangeTimeFrame): string {
  switch (subject.kind) {
    case 'campaign':
      return reportKeys.campaignRollup(timeFrame, subject.campaignId);
    case 'lineItem':
      return reportKeys.lineItemRollup(timeFrame, subject.beeswaxLineItemId);
    case 'creative':
      return reportKeys.creativeRollup(timeFrame, subject.creativeId);
  }
}

/** The subject a rollup's sort key names (`RANGE#{tf}#CAMP#{id}`, `...#LI#{n}`, `...#CR#{id}`); null for anything else. */
function subjectOfRollup(agencyId: string, sk: string): TReportSubject | null {
  const match = /^RANGE#[^#]+#(CAMP|LI|CR)#(.+)$/.exec(sk);
  if (!match) return null;
  const [, kind, id] = match as unknown as [string, string, string];
  if (kind === 'CAMP') return { kind: 'campaign', agencyId, campaignId: id };
  if (kind === 'CR') return { kind: 'creative', agencyId, creativeId: id };
  const lineItemId = Number(id);
  return Number.isSafeInteger(lineItemId) ? { kind: 'lineItem', agencyId, beeswaxLineItemId: lineItemId } : null;
}

const COUNT_PROJECTION = ['#date', ...METRIC_COUNT_KEYS].join(', ');

function toStoredRow(item: Item): TStoredDailyRow {
  return { ...ZMetricCounts.parse(item), date: String(item['date']) };
}

async function listDailyRows(
  subject: TReportSubject,
  fromDay: string | null,
  toDay: string | null,
): Promise<TStoredDailyRow[]> {
  // `DAY#` sorts before every day and `DAY#~` after every one, so open ends need no second query.
  const from = fromDay === null ? 'DAY#' : reportKeys.day(fromDay);
  const to = toDay === null ? 'DAY#~' : reportKeys.day(toDay);
  const items = await queryAll({
    TableName: tables().reports,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': daysPk(subject), ':from': from, ':to': to },
    ExpressionAttributeNames: { '#date': 'date' },
    ProjectionExpression: COUNT_PROJECTION,
  });
  return items.map(toStoredRow);
}

const BATCH_GET_SIZE = 100;
const MAX_BATCH_GET_ATTEMPTS = 6;

/**
 * Reads items of the reports table by key, 100 a request (the BatchGetItem limit), the requests of one
 * call at once, retrying what DynamoDB leaves unprocessed with a short exponential back-off.
 */
async function batchGet(
  keys: ReadonlyArray<{ pk: string; sk: string }>,
  projection: { ProjectionExpression: string; ExpressionAttributeNames?: Record<string, string> },
  what: string,
): Promise<Item[]> {
  const table = tables().reports;
  const chunks: Array<Array<Record<string, unknown>>> = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_SIZE) chunks.push(keys.slice(i, i + BATCH_GET_SIZE));
  const found = await Promise.all(
    chunks.map(async (chunk) => {
      const items: Item[] = [];
      let pending = chunk;
      for (let attempt = 1; pending.length > 0; attempt++) {
        if (attempt > MAX_BATCH_GET_ATTEMPTS) throw new Error(`${what}: ${pending.length} keys unprocessed`);
        if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** (attempt - 2)));
        const out = await ddb().send(
          new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ...projection } } }),
        );
        items.push(...((out.Responses?.[table] ?? []) as Item[]));
        pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
      }
      return items;
    }),
  );
  return found.flat();
}

async function getDailyRowsOfDay(
  subjects: readonly TReportSubject[],
  day: string,
): Promise<Array<TStoredDailyRow | null>> {
  const pks = subjects.map(daysPk);
  const unique = [...new Set(pks)];
  const items = await batchGet(
    unique.map((pk) => ({ pk, sk: reportKeys.day(day) })),
    { ProjectionExpression: `pk, ${COUNT_PROJECTION}`, ExpressionAttributeNames: { '#date': 'date' } },
    'getDailyRowsOfDay',
  );
  const found = new Map(items.map((item) => [String(item['pk']), toStoredRow(item)]));
  return pks.map((pk) => found.get(pk) ?? null);
}

/**
 * Requests in flight when the sync writes rows and rollups. Measured against DynamoDB Local on two
 * cores (`npm run bench -- sync`): 8 reaches its ceiling; more only queues behind it.
 */
const WRITE_CONCURRENCY = 8;

/**
 * A daily row as DynamoDB stores it, built directly (the sync writes tens of thousands: the document
 * client's generic conversion was a measurable share of a sync).
 */
function dailyRowItem(row: TDailyRowWrite): Record<string, AttributeValue> {
  const item: Record<string, AttributeValue> = {
    pk: { S: daysPk(row.subject) },
    sk: { S: reportKeys.day(row.date) },
    date: { S: row.date },
  };
  for (const key of METRIC_COUNT_KEYS) item[key] = { N: String(row.counts[key]) };
  return item;
}

async function putDailyRows(rows: readonly TDailyRowWrite[]): Promise<void> {
  await batchWrite(tables().reports, rows.map(dailyRowItem), { concurrency: WRITE_CONCURRENCY });
}

/**
 * A rollup's counts travel as one text attribute (`counts`, the values in METRIC_COUNT_KEYS order):
 * a dashboard reads hundreds of rollups at once, and one attribute an item instead of 23 makes the
 * query and its unmarshalling several times cheaper. Daily rows keep one attribute per count (billing
 * projects `spend_micros`).
 */
function encodeCounts(rollup: TRollup): string {
  return METRIC_COUNT_KEYS.map((key) => rollup[key]).join(',');
}

/** Reads a rollup item; null when it is not one (a foreign or damaged item is left out, never trusted). */
function decodeRollup(item: Item): TRollup | null {
  const timeFrame = ZRangeTimeFrame.safeParse(item['timeFrame']);
  const values = String(item['counts']).split(',');
  if (!timeFrame.success || typeof item['asOfDay'] !== 'string' || values.length !== METRIC_COUNT_KEYS.length) {
    return null;
  }
  // Hundreds of these per dashboard call: a plain loop, not a schema parse per item.
  const rollup = { timeFrame: timeFrame.data, asOfDay: item['asOfDay'], final: item['final'] === true } as TRollup;
  for (let i = 0; i < METRIC_COUNT_KEYS.length; i++) {
    const value = Number(values[i]);
    if (!Number.isSafeInteger(value) || value < 0) return null;
    rollup[METRIC_COUNT_KEYS[i] as TMetricCountKey] = value;
  }
  return rollup;
}

/** What a read of stored rollups fetches: the key, the range and the encoded counts. */
const ROLLUP_PROJECTION = {
  ProjectionExpression: 'sk, timeFrame, asOfDay, #final, #counts',
  ExpressionAttributeNames: { '#final': 'final', '#counts': 'counts' },
};

/** The rollups of a group's items, each with its subject. */
function storedRollups(group: TRollupGroup, items: readonly Item[]): TStoredRollup[] {
  const rollups: TStoredRollup[] = [];
  for (const item of items) {
    // An item without `counts` predates this encoding: left out, its entity is summed from its rows.
    const rollup = typeof item['counts'] === 'string' ? decodeRollup(item) : null;
    const subject = subjectOfRollup(group.agencyId, String(item['sk']));
    if (rollup && subject) rollups.push({ subject, rollup });
  }
  return rollups;
}

async function listRollups(group: TRollupGroup, timeFrame: TRangeTimeFrame): Promise<TStoredRollup[]> {
  const items = await queryAll({
    TableName: tables().reports,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': rollupPk(group), ':prefix': `RANGE#${timeFrame}#` },
    ...ROLLUP_PROJECTION,
  });
  return storedRollups(group, items);
}

async function getRollups(
  group: TRollupGroup,
  timeFrame: TRangeTimeFrame,
  subjects: readonly TReportSubject[],
): Promise<TStoredRollup[]> {
  const pk = rollupPk(group);
  const sks = [...new Set(subjects.map((subject) => rollupSk(subject, timeFrame)))];
  const items = await batchGet(
    sks.map((sk) => ({ pk, sk })),
    ROLLUP_PROJECTION,
    'getRollups',
  );
  return storedRollups(group, items);
}

async function putRollups(rollups: readonly TRollupWrite[]): Promise<void> {
  await batchWrite(
    tables().reports,
    rollups.map((r) => ({
      pk: { S: rollupPk(r.group) },
      sk: { S: rollupSk(r.subject, r.rollup.timeFrame) },
      timeFrame: { S: r.rollup.timeFrame },
      asOfDay: { S: r.rollup.asOfDay },
      final: { BOOL: r.rollup.final },
      counts: { S: encodeCounts(r.rollup) },
    })),
    { concurrency: WRITE_CONCURRENCY },
  );
}

async function getCampaignSync(agencyId: string, campaignId: string): Promise<TCampaignSyncState | null> {
  const parsed = ZCampaignSyncState.safeParse(
    await getConsistentItem(reportKeys.campaignSync(agencyId, campaignId), tables().reports),
  );
  return parsed.success ? parsed.data : null;
}

async function putCampaignSync(agencyId: string, campaignId: string, state: TCampaignSyncState): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: tables().reports,
      Item: { ...reportKeys.campaignSync(agencyId, campaignId), ...state },
    }),
  );
}

async function getCampaignsSyncedAt(agencyId: string, campaignIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(campaignIds)];
  if (unique.length === 0) return new Map();
  const items = await batchGet(
    unique.map((id) => reportKeys.campaignSync(agencyId, id)),
    // DynamoDB refuses an empty ExpressionAttributeNames: neither name is reserved.
    { ProjectionExpression: 'pk, syncedAt' },
    'getCampaignsSyncedAt',
  );
  const byPk = new Map(unique.map((id) => [reportKeys.campaignSync(agencyId, id).pk, id]));
  const found = new Map<string, string>();
  for (const item of items) {
    const id = byPk.get(String(item['pk']));
    if (id !== undefined && typeof item['syncedAt'] === 'string') found.set(id, item['syncedAt']);
  }
  return found;
}

/** The DynamoDB implementation. */
export const reportRepository: ReportRepository = {
  listDailyRows,
  getDailyRowsOfDay,
  putDailyRows,
  listRollups,
  getRollups,
  putRollups,
  getCampaignSync,
  putCampaignSync,
  getCampaignsSyncedAt,
};
