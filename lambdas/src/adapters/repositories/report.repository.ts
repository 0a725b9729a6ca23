import { BatchGetCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ZRangeTimeFrame } from '@bidgrid/shared/entities/common.schema';
import type { TRangeTimeFrame } from '@bidgrid/shared/entities/common.schema';
import { METRIC_COUNT_KEYS, ZMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { TMetricCountKey, TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { batchPut, ddb, queryAll, tables } from '../dynamodb';
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
export const reportKeys = {
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
  /** Where the last run of the sync job stopped. */
  jobCursor: { pk: 'SYNC#report-sync', sk: 'CURSOR' },
} as const;

/** A daily row to store: the entity's partition, the day and its counts. */
export interface TDailyRowWrite {
  pk: string;
  date: string;
  counts: TMetricCounts;
}

/** A stored daily row. */
export interface TStoredDailyRow extends TMetricCounts {
  date: string;
}

/**
 * A rollup: the counts of one entity over one rolling range as of `asOfDay`. `final` rollups belong
 * to campaigns over long enough that no range can change any more (every rolling range is past their
 * last day), so they stay right on any later day.
 */
export const ZRollup = ZMetricCounts.extend({
  timeFrame: ZRangeTimeFrame,
  asOfDay: z.string(),
  final: z.boolean().default(false),
});
export type TRollup = z.infer<typeof ZRollup>;

/** A rollup to store under `pk` / `sk`. */
export interface TRollupWrite {
  pk: string;
  sk: string;
  rollup: TRollup;
}

/** The sync's record of one campaign: the last day it pulled, and when it was pulled. */
export const ZCampaignSyncState = z.object({
  syncedThrough: z.string(),
  syncedAt: z.string(),
  /** The day its rollups were last recomputed. */
  rolledUpOn: z.string().nullable().default(null),
  /**
   * The last pull's days and a hash of its rows: the same rows pulled again (the bidder's numbers
   * move by the hour) are not written again, nor are the rollups recomputed.
   */
  pulledWindow: z.object({ from: z.string(), to: z.string(), hash: z.string() }).nullable().default(null),
});
export type TCampaignSyncState = z.infer<typeof ZCampaignSyncState>;

/** The job's cursor: where an interrupted run stopped, and when a run last went through everything. */
export const ZJobCursor = z.object({
  resumeAfter: z.string().nullable().default(null),
  lastCompletedAt: z.string().nullable().default(null),
  lastRunAt: z.string().nullable().default(null),
});
export type TJobCursor = z.infer<typeof ZJobCursor>;

/** Reads and writes of the reports table. */
export interface ReportRepository {
  /** Daily rows of one entity, oldest first, between two days (inclusive; null = unbounded). */
  listDailyRows(pk: string, fromDay: string | null, toDay: string | null): Promise<TStoredDailyRow[]>;
  /** The row of `day` of each partition that has one (partition -> row). */
  getDailyRowsOfDay(pks: readonly string[], day: string): Promise<Map<string, TStoredDailyRow>>;
  /** Puts daily rows keyed by partition and day: writing the same rows twice changes nothing. */
  putDailyRows(rows: readonly TDailyRowWrite[]): Promise<void>;
  /** Rollups of one range in a partition, by sort key. */
  listRollups(pk: string, timeFrame: TRangeTimeFrame): Promise<Map<string, TRollup>>;
  putRollups(rollups: readonly TRollupWrite[]): Promise<void>;
  getCampaignSync(agencyId: string, campaignId: string): Promise<TCampaignSyncState | null>;
  putCampaignSync(agencyId: string, campaignId: string, state: TCampaignSyncState): Promise<void>;
  getJobCursor(): Promise<TJobCursor>;
  putJobCursor(cursor: TJobCursor): Promise<void>;
}

const COUNT_PROJECTION = ['#date', ...METRIC_COUNT_KEYS].join(', ');

function toStoredRow(item: Item): TStoredDailyRow {
  return { ...ZMetricCounts.parse(item), date: String(item['date']) };
}

async function listDailyRows(pk: string, fromDay: string | null, toDay: string | null): Promise<TStoredDailyRow[]> {
  // `DAY#` sorts before every day and `DAY#~` after every one, so open ends need no second query.
  const from = fromDay === null ? 'DAY#' : reportKeys.day(fromDay);
  const to = toDay === null ? 'DAY#~' : reportKeys.day(toDay);
  const items = await queryAll({
    TableName: tables().reports,
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': pk, ':from': from, ':to': to },
    ExpressionAttributeNames: { '#date': 'date' },
    ProjectionExpression: COUNT_PROJECTION,
  });
  return items.map(toStoredRow);
}

const BATCH_GET_SIZE = 100;
const MAX_BATCH_GET_ATTEMPTS = 6;

async function getDailyRowsOfDay(pks: readonly string[], day: string): Promise<Map<string, TStoredDailyRow>> {
  const table = tables().reports;
  const found = new Map<string, TStoredDailyRow>();
  const unique = [...new Set(pks)];
  for (let i = 0; i < unique.length; i += BATCH_GET_SIZE) {
    let keys: Array<Record<string, unknown>> = unique
      .slice(i, i + BATCH_GET_SIZE)
      .map((pk) => ({ pk, sk: reportKeys.day(day) }));
    for (let attempt = 1; keys.length > 0; attempt++) {
      if (attempt > MAX_BATCH_GET_ATTEMPTS) throw new Error(`getDailyRowsOfDay: ${keys.length} keys unprocessed`);
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** (attempt - 2)));
      const out = await ddb().send(
        new BatchGetCommand({
          RequestItems: {
            [table]: {
              Keys: keys,
              ProjectionExpression: `pk, ${COUNT_PROJECTION}`,
              ExpressionAttributeNames: { '#date': 'date' },
            },
          },
        }),
      );
      for (const item of (out.Responses?.[table] ?? []) as Item[]) found.set(String(item['pk']), toStoredRow(item));
      keys = out.UnprocessedKeys?.[table]?.Keys ?? [];
    }
  }
  return found;
}

async function putDailyRows(rows: readonly TDailyRowWrite[]): Promise<void> {
  await batchPut(
    tables().reports,
    rows.map((row) => ({ pk: row.pk, sk: reportKeys.day(row.date), date: row.date, ...row.counts })),
  );
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

async function listRollups(pk: string, timeFrame: TRangeTimeFrame): Promise<Map<string, TRollup>> {
  const items = await queryAll({
    TableName: tables().reports,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': `RANGE#${timeFrame}#` },
    ProjectionExpression: 'sk, timeFrame, asOfDay, #final, #counts',
    ExpressionAttributeNames: { '#final': 'final', '#counts': 'counts' },
  });
  // An item without `counts` predates this encoding: left out, its entity is summed from its rows.
  const rollups = new Map<string, TRollup>();
  for (const item of items) {
    const rollup = typeof item['counts'] === 'string' ? decodeRollup(item) : null;
    if (rollup) rollups.set(String(item['sk']), rollup);
  }
  return rollups;
}

async function putRollups(rollups: readonly TRollupWrite[]): Promise<void> {
  await batchPut(
    tables().reports,
    rollups.map((r) => ({
      pk: r.pk,
      sk: r.sk,
      timeFrame: r.rollup.timeFrame,
      asOfDay: r.rollup.asOfDay,
      final: r.rollup.final,
      counts: encodeCounts(r.rollup),
    })),
  );
}

async function getItem(key: { pk: string; sk: string }): Promise<Item | undefined> {
  const out = await ddb().send(new GetCommand({ TableName: tables().reports, Key: key, ConsistentRead: true }));
  return out.Item as Item | undefined;
}

async function getCampaignSync(agencyId: string, campaignId: string): Promise<TCampaignSyncState | null> {
  const parsed = ZCampaignSyncState.safeParse(await getItem(reportKeys.campaignSync(agencyId, campaignId)));
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

async function getJobCursor(): Promise<TJobCursor> {
  return ZJobCursor.parse((await getItem(reportKeys.jobCursor)) ?? {});
}

async function putJobCursor(cursor: TJobCursor): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tables().reports, Item: { ...reportKeys.jobCursor, ...cursor } }));
}

/** The DynamoDB implementation. */
export const reportRepository: ReportRepository = {
  listDailyRows,
  getDailyRowsOfDay,
  putDailyRows,
  listRollups,
  putRollups,
  getCampaignSync,
  putCampaignSync,
  getJobCursor,
  putJobCursor,
};
