import { now } from '@bidgrid/shared/clock';
import { getCreativesDailyReport as operation } from '@bidgrid/shared/reports/report.operations';
import { creativeStorage } from '../adapters/creative-storage';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { reportRepository } from '../adapters/repositories/report.repository';
import { getCreativesDailyReport } from '../domain/reports/creative-reports.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/report/creatives/dailyreport?adGroupId&date`: the ad group's creatives on one day. */
export const { handler, raw } = httpHandler(operation, ({ caller, query, page }) =>
  getCreativesDailyReport(
    { agencyId: caller.agencyId, adGroupId: query.adGroupId, date: query.date, page },
    { adGroups: adGroupRepository, reports: reportRepository, storage: creativeStorage, now },
  ),
);
