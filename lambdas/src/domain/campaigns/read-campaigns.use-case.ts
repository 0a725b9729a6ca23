import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import type { TDeliveryDay } from '@bidgrid/shared/reports/delivery.schema';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import type { TTimeFrame } from '@bidgrid/shared/constants';
import { microsToUsd } from '@bidgrid/shared/metrics/derive';
import { addIsoDays, isoDaysBetween } from '@bidgrid/shared/common/iso-date';
import { NotFoundError } from '../../kernel/errors';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CampaignRepository } from '../ports/campaign.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';
import type { ReportReader, TRollupGroup } from '../ports/report.port';
import { CAMPAIGN_MESSAGES, requireCampaign } from './campaign-access';
import { compareCampaignsNewestFirst } from '@bidgrid/shared/common/list-order';
import { toPublicCampaign } from './campaign-records.schema';
import type { TCampaignRecord } from './campaign-records.schema';
import { countsOfDay, countsOverTimeFrame } from '../reports/report-reader';
import type { TReportEntity } from '../reports/report-reader';
import { campaignReportOf, rangeOf, reportToday } from '../reports/report-rows';

/** Ports of the campaign reads. */
export interface CampaignReadDeps {
  campaigns: Pick<CampaignRepository, 'getCampaign' | 'listCampaignsPage' | 'getTargeting'>;
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
 * then start date, then name, so "the first campaign" the dashboard picks is the latest one. Each page is
 * in this order; the web sorts the pages it joins the same way (`compareCampaignsNewestFirst`).
 */
const byNewest = (a: TCampaignRecord, b: TCampaignRecord): number => compareCampaignsNewestFirst(a, b);

/** When each campaign's numbers were last synced (its reports' 'as of'), one batch read for the page. */
function syncTimes(
  agencyId: string,
  campaigns: readonly TCampaignRecord[],
  deps: Pick<CampaignReadDeps, 'reports'>,
): Promise<Map<string, string>> {
  return deps.reports.getCampaignsSyncedAt(
    agencyId,
    campaigns.map((c) => c.bgCampaignId),
  );
}

/** Campaigns of one advertiser with their report over a rolling time frame. */
async function withRangeReports(
  agencyId: string,
  advertiserId: string,
  campaigns: TCampaignRecord[],
  timeFrame: TRangeTimeFrame,
  deps: CampaignReadDeps,
): Promise<TCampaign[]> {
  const [counts, syncedAt] = await Promise.all([
    countsOverTimeFrame(
      campaigns.map((c) => campaignEntity(agencyId, c)),
      advertiserGroup(agencyId, advertiserId),
      timeFrame,
      reportToday(deps.now()),
      deps.reports,
    ),
    syncTimes(agencyId, campaigns, deps),
  ]);
  return campaigns.map((campaign) => {
    const sum = counts.get(campaign.bgCampaignId);
    return toPublicCampaign(
      campaign,
      sum ? [{ ...campaignReportOf(sum, { timeFrame }), syncedAt: syncedAt.get(campaign.bgCampaignId) ?? null }] : [],
    );
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

/**
 * `GET /campaign/allbyadvertiser/{advertiserId}?timeFrame`: one page of the advertiser's campaigns,
 * archived ones too, newest first within the page, each with its report over the time frame.
 */
export async function listCampaignsByAdvertiser(
  input: { agencyId: string; advertiserId: string; timeFrame: TRangeTimeFrame; page: TPageRequest },
  deps: CampaignReadDeps,
): Promise<TPagedPayload<TCampaign[]>> {
  // Keys carry the caller's agency, so the reads start together (another agency's id finds nothing).
  const [, page] = await Promise.all([
    requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers),
    deps.campaigns.listCampaignsPage(input.agencyId, input.advertiserId, input.page),
  ]);
  const campaigns = [...page.items].sort(byNewest);
  return {
    payload: await withRangeReports(input.agencyId, input.advertiserId, campaigns, input.timeFrame, deps),
    nextCursor: page.nextCursor,
  };
}

/**
 * `GET /campaign/dailyreport/{advertiserId}?date&camapign_id`: the CUSTOM_DATE twin of the list, one
 * page of campaigns each with its report covering `date`; `camapign_id` narrows it to that one campaign
 * (a single page; 404 if the advertiser has no such campaign).
 */
export async function getCampaignDailyReport(
  input: {
    agencyId: string;
    advertiserId: string;
    date: string;
    campaignId?: string | undefined;
    page: TPageRequest;
  },
  deps: CampaignReadDeps,
): Promise<TPagedPayload<TCampaign[]>> {
  let campaigns: TCampaignRecord[];
  let nextCursor: string | null = null;
  if (input.campaignId !== undefined) {
    const [, campaign] = await Promise.all([
      requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers),
      deps.campaigns.getCampaign(input.agencyId, input.campaignId),
    ]);
    if (!campaign || campaign.bgAdvertiserId !== input.advertiserId) {
      throw new NotFoundError(CAMPAIGN_MESSAGES.notFound, {
        internalMessage: `Campaign ${input.campaignId} not under advertiser ${input.advertiserId}`,
      });
    }
    campaigns = [campaign];
  } else {
    const [, page] = await Promise.all([
      requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers),
      deps.campaigns.listCampaignsPage(input.agencyId, input.advertiserId, input.page),
    ]);
    campaigns = [...page.items].sort(byNewest);
    nextCursor = page.nextCursor;
  }
  const [counts, syncedAt] = await Promise.all([
    countsOfDay(
      campaigns.map((c) => campaignEntity(input.agencyId, c)),
      input.date,
      deps.reports,
    ),
    syncTimes(input.agencyId, campaigns, deps),
  ]);
  const payload = campaigns.map((campaign) => {
    const sum = counts.get(campaign.bgCampaignId);
    return toPublicCampaign(
      campaign,
      sum
        ? [
            {
              ...campaignReportOf(sum, { timeFrame: 'CUSTOM_DATE', date: input.date }),
              syncedAt: syncedAt.get(campaign.bgCampaignId) ?? null,
            },
          ]
        : [],
    );
  });
  return { payload, nextCursor };
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
