import { VIDEO_MIME_TYPES } from '@bidgrid/shared/constants';
import type { TRangeTimeFrame } from '@bidgrid/shared/entities/common.schema';
import type { TCreative } from '@bidgrid/shared/entities/creative.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { publicCreative, requireAdGroup } from '../ad-groups/ad-groups.use-case';
import type { TCreativeRecord } from '../campaigns/campaign-records.schema';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { CreativeStorage } from '../ports/creative-storage.port';
import type { ReportReader } from '../ports/report.port';
import { countsOfDay, countsOverTimeFrame } from './report-reader';
import type { TReportEntity } from './report-reader';
import { creativeReportOf, reportToday } from './report-rows';
import type { TReportPeriod } from './report-rows';

/** Ports of the creative reports. */
export interface CreativeReportDeps {
  adGroups: Pick<AdGroupRepository, 'getAdGroup' | 'listCreatives'>;
  reports: ReportReader;
  storage: Pick<CreativeStorage, 'presignGet'>;
  now: () => Date;
}

const entityOf = (agencyId: string, creative: TCreativeRecord): TReportEntity => ({
  key: creative.bgCreativeId,
  subject: { kind: 'creative', agencyId, creativeId: creative.bgCreativeId },
});

const isVideo = (creative: TCreativeRecord): boolean =>
  (VIDEO_MIME_TYPES as readonly string[]).includes(creative.creativeType);

async function assemble(
  creatives: TCreativeRecord[],
  counts: Map<string, TMetricCounts>,
  period: TReportPeriod,
  storage: CreativeReportDeps['storage'],
): Promise<TCreative[]> {
  const sorted = [...creatives].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return Promise.all(
    sorted.map((creative) => {
      const sum = counts.get(creative.bgCreativeId);
      return publicCreative(creative, storage, sum ? [creativeReportOf(sum, isVideo(creative), period)] : []);
    }),
  );
}

/** `GET /report/creatives?adGroupId&timeFrame`: the ad group's creatives with their report. */
export async function getCreativesReport(
  input: { agencyId: string; adGroupId: string; timeFrame: TRangeTimeFrame },
  deps: CreativeReportDeps,
): Promise<TCreative[]> {
  const adGroup = await requireAdGroup(input.agencyId, input.adGroupId, deps.adGroups);
  const creatives = await deps.adGroups.listCreatives(input.agencyId, adGroup.bgCampaignId, adGroup.adGroupId);
  const counts = await countsOverTimeFrame(
    creatives.map((c) => entityOf(input.agencyId, c)),
    { kind: 'campaign', agencyId: input.agencyId, campaignId: adGroup.bgCampaignId },
    input.timeFrame,
    reportToday(deps.now()),
    deps.reports,
  );
  return assemble(creatives, counts, { timeFrame: input.timeFrame }, deps.storage);
}

/** `GET /report/creatives/dailyreport?adGroupId&date`: the ad group's creatives on one day. */
export async function getCreativesDailyReport(
  input: { agencyId: string; adGroupId: string; date: string },
  deps: CreativeReportDeps,
): Promise<TCreative[]> {
  const adGroup = await requireAdGroup(input.agencyId, input.adGroupId, deps.adGroups);
  const creatives = await deps.adGroups.listCreatives(input.agencyId, adGroup.bgCampaignId, adGroup.adGroupId);
  const counts = await countsOfDay(
    creatives.map((c) => entityOf(input.agencyId, c)),
    input.date,
    deps.reports,
  );
  return assemble(creatives, counts, { timeFrame: 'CUSTOM_DATE', date: input.date }, deps.storage);
}
