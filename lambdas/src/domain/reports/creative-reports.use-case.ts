import { VIDEO_MIME_TYPES } from '@bidgrid/shared/constants';
import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import type { TCreative } from '@bidgrid/shared/ad-groups/creative.schema';
import { compareNewestFirst } from '@bidgrid/shared/common/list-order';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { creativesPageOf, publicCreative } from '../ad-groups/ad-groups.use-case';
import type { TCreativeRecord } from '../campaigns/campaign-records.schema';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { CreativeStorage } from '../ports/creative-storage.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';
import type { ReportReader } from '../ports/report.port';
import { countsOfDay, countsOverTimeFrame } from './report-reader';
import type { TReportEntity } from './report-reader';
import { creativeReportOf, reportToday } from './report-rows';
import type { TReportPeriod } from './report-rows';

/** Ports of the creative reports. */
export interface CreativeReportDeps {
  adGroups: Pick<AdGroupRepository, 'getAdGroup' | 'listCreativesPage'>;
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
  const sorted = [...creatives].sort(compareNewestFirst);
  return Promise.all(
    sorted.map((creative) => {
      const sum = counts.get(creative.bgCreativeId);
      return publicCreative(creative, storage, sum ? [creativeReportOf(sum, isVideo(creative), period)] : []);
    }),
  );
}

/** `GET /report/creatives?adGroupId&timeFrame`: one page of the ad group's creatives with their report. */
export async function getCreativesReport(
  input: { agencyId: string; adGroupId: string; timeFrame: TRangeTimeFrame; page: TPageRequest },
  deps: CreativeReportDeps,
): Promise<TPagedPayload<TCreative[]>> {
  const { adGroup, page } = await creativesPageOf(input.agencyId, input.adGroupId, input.page, deps.adGroups);
  const counts = await countsOverTimeFrame(
    page.items.map((c) => entityOf(input.agencyId, c)),
    { kind: 'campaign', agencyId: input.agencyId, campaignId: adGroup.bgCampaignId },
    input.timeFrame,
    reportToday(deps.now()),
    deps.reports,
  );
  return {
    payload: await assemble(page.items, counts, { timeFrame: input.timeFrame }, deps.storage),
    nextCursor: page.nextCursor,
  };
}

/** `GET /report/creatives/dailyreport?adGroupId&date`: one page of the ad group's creatives on one day. */
export async function getCreativesDailyReport(
  input: { agencyId: string; adGroupId: string; date: string; page: TPageRequest },
  deps: CreativeReportDeps,
): Promise<TPagedPayload<TCreative[]>> {
  const { page } = await creativesPageOf(input.agencyId, input.adGroupId, input.page, deps.adGroups);
  const counts = await countsOfDay(
    page.items.map((c) => entityOf(input.agencyId, c)),
    input.date,
    deps.reports,
  );
  return {
    payload: await assemble(page.items, counts, { timeFrame: 'CUSTOM_DATE', date: input.date }, deps.storage),
    nextCursor: page.nextCursor,
  };
}
