import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { TCampaignSyncState, TRollup, TStoredDailyRow } from '../reports/report-records.schema';

/** Whose daily rows: a campaign, a line item (by its bidder id) or a creative, always of one agency. */
export type TReportSubject =
  | { kind: 'campaign'; agencyId: string; campaignId: string }
  | { kind: 'lineItem'; agencyId: string; beeswaxLineItemId: number }
  | { kind: 'creative'; agencyId: string; creativeId: string };

/**
 * Which rollups are read together: an advertiser's campaigns (the campaign list), or a campaign's
 * line items and creatives (its tables).
 */
export type TRollupGroup =
  | { kind: 'advertiser'; agencyId: string; advertiserId: string }
  | { kind: 'campaign'; agencyId: string; campaignId: string };

/** A daily row to store. */
export interface TDailyRowWrite {
  subject: TReportSubject;
  date: string;
  counts: TMetricCounts;
}

/** A rollup as stored in its group. */
export interface TStoredRollup {
  subject: TReportSubject;
  rollup: TRollup;
}

/** A rollup to store: the group it is read with, whose it is, and its counts. */
export interface TRollupWrite extends TStoredRollup {
  group: TRollupGroup;
}

/** The reports store: daily rows per campaign, line item and creative, their rollups, the sync's state. */
export interface ReportRepository {
  /** Daily rows of one subject, oldest first, between two days (inclusive; null = unbounded). */
  listDailyRows(subject: TReportSubject, fromDay: string | null, toDay: string | null): Promise<TStoredDailyRow[]>;
  /** The row of `day` of each subject, in the order asked (null where it has none). */
  getDailyRowsOfDay(subjects: readonly TReportSubject[], day: string): Promise<Array<TStoredDailyRow | null>>;
  /** Puts daily rows keyed by subject and day: writing the same rows twice changes nothing. */
  putDailyRows(rows: readonly TDailyRowWrite[]): Promise<void>;
  /** The rollups of one range in a group. */
  listRollups(group: TRollupGroup, timeFrame: TRangeTimeFrame): Promise<TStoredRollup[]>;
  /**
   * The rollups of one range of some subjects of a group (a page of a list: its line items, creatives or
   * campaigns), read by key; subjects without one are left out.
   */
  getRollups(
    group: TRollupGroup,
    timeFrame: TRangeTimeFrame,
    subjects: readonly TReportSubject[],
  ): Promise<TStoredRollup[]>;
  putRollups(rollups: readonly TRollupWrite[]): Promise<void>;
  getCampaignSync(agencyId: string, campaignId: string): Promise<TCampaignSyncState | null>;
  putCampaignSync(agencyId: string, campaignId: string, state: TCampaignSyncState): Promise<void>;
  /**
   * When each campaign's numbers were last synced (the dashboard's 'as of'), by campaign id; campaigns
   * never synced are left out.
   */
  getCampaignsSyncedAt(agencyId: string, campaignIds: readonly string[]): Promise<Map<string, string>>;
}

/** What reading reports needs. */
export type ReportReader = Pick<
  ReportRepository,
  'listDailyRows' | 'getDailyRowsOfDay' | 'getRollups' | 'getCampaignsSyncedAt'
>;

/** One name per subject, for maps of the domain (never a storage key). */
export function reportSubjectKey(subject: TReportSubject): string {
  switch (subject.kind) {
    case 'campaign':
      return `${subject.agencyId}/campaign/${subject.campaignId}`;
    case 'lineItem':
      return `${subject.agencyId}/lineItem/${subject.beeswaxLineItemId}`;
    case 'creative':
      return `${subject.agencyId}/creative/${subject.creativeId}`;
  }
}
