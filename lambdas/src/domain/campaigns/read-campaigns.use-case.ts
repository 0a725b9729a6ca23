import type { TCampaign } from '@bidgrid/shared/entities/campaign.schema';
import type { TRangeTimeFrame } from '@bidgrid/shared/entities/common.schema';
import type { TDeliveryDay } from '@bidgrid/shared/entities/delivery.schema';
import { ZTargetingSelections } from '@bidgrid/shared/entities/targeting.schema';
import type { TTargetingSelections } from '@bidgrid/shared/entities/targeting.schema';
import type { TTimeFrame } from '@bidgrid/shared/constants';
import { microsToUsd } from '@bidgrid/shared/metrics/derive';
import { addIsoDays, isoDaysBetween } from '@bidgrid/shared/validation/iso-date';
import { NotFoundError } from '../../lib/errors';
import { requireAdvertiser } from '../get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CampaignRepository } from '../ports/campaign.port';
import type { ReportReader, TRollupGroup, TStoredRollup } from '../ports/report.port';
import { CAMPAIGN_MESSAGES, requireCampaign } from './campaign-access';
import { toPublicCampaign } from './campaign-records.schema';
import type { TCampaignRecord } from './campaign-records.schema';
import { countsOfDay, countsOverTimeFrame } from '../reports/report-reader';
import type { TReportEntity } from '../reports/report-reader';
import { campaignReportOf, rangeOf, reportToday } from '../reports/report-rows';

/** Ports of the campaign reads. */
export interface CampaignReadDeps {
  campaigns: Pick<CampaignRepository, 'getCampaign' | 'listCampaigns' | 'getTargeting'>;
  advertisers: AdvertiserReader;
  reports: ReportReader;
  now: () => Date;
}

const campaignEntity = (agencyId: string, campaign: TCampaignRecord): TReportEntity => ({
  key: campaign.bgCampaignId,
  subject: { kind: 'campaign', agencyId, campaignId: campaign.bgCampaignId },
});

/** The rollups of an advertiser's campaigns are read together. */
const advertiserGroup = (agencyId: string, advertiserId: string): TRollupGroup => ({
  kind: 'advertiser',
  agencyId,
  advertiserId,
});

/**
 * The order of the dashboard's campaign list (the spec does not give one): newest first by creation,
 * then start date, then name, so "the first campaign" the dashboard picks is the latest one.
 */
function byNewest(a: TCampaignRecord, b: TCampaignRecord): number {
  return (
    (b.createdAt ?? '').localeCompare(a.createdAt ?? '') ||
    b.start_date.localeCompare(a.start_date) ||
    a.name.localeCompare(b.name)
  );
}

/** Campaigns of one advertiser with their report over a rolling time frame. */
async function withRangeReports(
  agencyId: string,
  advertiserId: string,
  campaigns: TCampaignRecord[],
  timeFrame: TRangeTimeFrame,
  deps: CampaignReadDeps,
  rollups?: Promise<TStoredRollup[]>,
): Promise<TCampaign[]> {
  const counts = await countsOverTimeFrame(
    campaigns.map((c) => campaignEntity(agencyId, c)),
    advertiserGroup(agencyId, advertiserId),
    timeFrame,
    reportToday(deps.now()),
    deps.reports,
    rollups,
  );
  return campaigns.map((campaign) => {
    const sum = counts.get(campaign.bgCampaignId);
    return toPublicCampaign(campaign, sum ? [campaignReportOf(sum, { timeFrame })] : []);
  });
}

/** `GET /campaign/{id}`: one campaign of the caller's agency with its all-time report. */
export async function getCampaign(
  input: { agencyId: string; campaignId: string },
  deps: CampaignReadDeps,
): Promise<TCampaign> {
  const campaign = await requireCampaign(input.agencyId, input.campaignId, deps.campaigns);
  const [result] = await withRangeReports(input.agencyId, campaign.bgAdvertiserId, [campaign], 'ALL_TIME', deps);
  return result as TCampaign;
}

/** `GET /campaign/allbyadvertiser/{advertiserId}?timeFrame`: every campaign, archived ones too. */
export async function listCampaignsByAdvertiser(
  input: { agencyId: string; advertiserId: string; timeFrame: TRangeTimeFrame },
  deps: CampaignReadDeps,
): Promise<TCampaign[]> {
  // Keys carry the caller's agency, so the reads start together (another agency's id finds nothing).
  const rollups = deps.reports.listRollups(advertiserGroup(input.agencyId, input.advertiserId), input.timeFrame);
  const [, campaigns] = await Promise.all([
    requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers),
    deps.campaigns.listCampaigns(input.agencyId, input.advertiserId),
    rollups,
  ]);
  return withRangeReports(input.agencyId, input.advertiserId, campaigns.sort(byNewest), input.timeFrame, deps, rollups);
}

/**
 * `GET /campaign/dailyreport/{advertiserId}?date&camapign_id`: the CUSTOM_DATE twin of the list,
 * each campaign's report covering `date`; `camapign_id` narrows it to one campaign (404 if the
 * advertiser has no such campaign).
 */
export async function getCampaignDailyReport(
  input: { agencyId: string; advertiserId: string; date: string; campaignId?: string | undefined },
  deps: CampaignReadDeps,
): Promise<TCampaign[]> {
  const [, listed] = await Promise.all([
    requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers),
    deps.campaigns.listCampaigns(input.agencyId, input.advertiserId),
  ]);
  let campaigns = listed.sort(byNewest);
  if (input.campaignId !== undefined) {
    campaigns = campaigns.filter((c) => c.bgCampaignId === input.campaignId);
    if (campaigns.length === 0) {
      throw new NotFoundError(CAMPAIGN_MESSAGES.notFound, {
        internalMessage: `Campaign ${input.campaignId} not under advertiser ${input.advertiserId}`,
      });
    }
  }
  const counts = await countsOfDay(
    campaigns.map((c) => campaignEntity(input.agencyId, c)),
    input.date,
    deps.reports,
  );
  return campaigns.map((campaign) => {
    const sum = counts.get(campaign.bgCampaignId);
    return toPublicCampaign(
      campaign,
      sum ? [campaignReportOf(sum, { timeFrame: 'CUSTOM_DATE', date: input.date })] : [],
    );
  });
}

/** `GET /campaign/targetingSelections/{id}`: the campaign's layers; those it does not use are empty. */
export async function getCampaignTargetingSelections(
  input: { agencyId: string; campaignId: string },
  deps: Pick<CampaignReadDeps, 'campaigns'>,
): Promise<TTargetingSelections> {
  await requireCampaign(input.agencyId, input.campaignId, deps.campaigns);
  return (await deps.campaigns.getTargeting(input.agencyId, input.campaignId)) ?? ZTargetingSelections.parse({});
}

/** The longest chart: a year and a half of days is more than any campaign the dashboard shows. */
const MAX_CHART_DAYS = 550;

/**
 * `GET /report/campaign/delivery`: the campaign's daily impressions, clicks and spend over a time
 * frame, every day of the range with zeros where nothing was delivered. ALL_TIME runs from the start
 * date to the end date or today, whichever is earlier (the last 550 days at most).
 */
export async function getCampaignDelivery(
  input: { agencyId: string; campaignId: string; timeFrame: TTimeFrame; date?: string | undefined },
  deps: Pick<CampaignReadDeps, 'campaigns' | 'reports' | 'now'>,
): Promise<TDeliveryDay[]> {
  const campaign = await requireCampaign(input.agencyId, input.campaignId, deps.campaigns);
  const today = reportToday(deps.now());
  let from: string;
  let to: string;
  if (input.timeFrame === 'CUSTOM_DATE') {
    if (!input.date) throw new Error('CUSTOM_DATE without a date passed validation');
    from = input.date;
    to = input.date;
  } else if (input.timeFrame === 'ALL_TIME') {
    to = campaign.end_date < today ? campaign.end_date : today;
    from = campaign.start_date;
    if (isoDaysBetween(from, to) >= MAX_CHART_DAYS) from = addIsoDays(to, 1 - MAX_CHART_DAYS);
  } else {
    const range = rangeOf(input.timeFrame, today);
    if (!range) throw new Error(`${input.timeFrame} has no range`);
    ({ from, to } = range);
  }
  if (to < from) return [];
  const rows = await deps.reports.listDailyRows(
    { kind: 'campaign', agencyId: input.agencyId, campaignId: campaign.bgCampaignId },
    from,
    to,
  );
  const byDay = new Map(rows.map((row) => [row.date, row]));
  const days: TDeliveryDay[] = [];
  for (let day = from; day <= to; day = addIsoDays(day, 1)) {
    const row = byDay.get(day);
    days.push({
      date: day,
      impressions: row?.impressions ?? 0,
      clicks: row?.clicks ?? 0,
      spend: microsToUsd(row?.spend_micros ?? 0),
    });
  }
  return days;
}
