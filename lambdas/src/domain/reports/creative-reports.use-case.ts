import { VIDEO_MIME_TYPES } from '@bidgrid/shared/constants';
import type { TRangeTimeFrame } from '@bidgrid/shared/entities/common.schema';
import type { TCreative } from '@bidgrid/shared/entities/creative.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { AdGroupRepository } from '../../adapters/repositories/ad-group.repository';
import { reportKeys } from '../../adapters/repositories/report.repository';
import type { CreativeStorage } from '../../adapters/creative-storage';
import { publicCreative, requireAdGroup } from '../ad-groups/ad-groups.use-case';
import type { TCreativeRecord } from '../campaigns/campaign-records.schema';
import { countsOfDay, countsOverTimeFrame } from './report-reader';
import type { ReportReader, TReportEntity } from './report-reader';
import { creativeReportOf, reportToday } from './report-rows';
import type { TReportPeriod } from './report-rows';

/** Ports of the creative reports. */
export interface CreativeReportDeps {
  adGroups: Pick<AdGroupRepository, 'getAdGroup' | 'listCreatives'>;
  reports: ReportReader;
  storage: Pick<CreativeStorage, 'presignGet'>;
  now: () => Date;
}

const entityOf = (agencyId: string, creative: TCreativeRecord, timeFrame: TRangeTimeFrame): TReportEntity => ({
  key: creative.bgCreativeId,
  daysPk: reportKeys.creativeDays(agencyId, creative.bgCreativeId),
  rollupSk: reportKeys.creativeRollup(timeFrame, creative.bgCreativeId),
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
    creatives.map((c) => entityOf(input.agencyId, c, input.timeFrame)),
    reportKeys.campaignDays(input.agencyId, adGroup.bgCampaignId),
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
    creatives.map((c) => entityOf(input.agencyId, c, 'ALL_TIME')),
    input.date,
    deps.reports,
  );
  return assemble(creatives, counts, { timeFrame: 'CUSTOM_DATE', date: input.date }, deps.storage);
}
