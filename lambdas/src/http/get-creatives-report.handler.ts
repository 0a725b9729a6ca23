import { now } from '@bidgrid/shared/clock';
import { getCreativesReport as operation } from '@bidgrid/shared/reports/report.operations';
import { creativeStorage } from '../adapters/creative-storage';
import { adGroupRepository } from '../adapters/repositories/ad-group.repository';
import { reportRepository } from '../adapters/repositories/report.repository';
import { getCreativesReport } from '../domain/reports/creative-reports.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/report/creatives?adGroupId&timeFrame`: the ad group's creatives with their report. */
export const { handler, raw } = httpHandler(operation, ({ caller, query, page }) =>
  getCreativesReport(
    { agencyId: caller.agencyId, adGroupId: query.adGroupId, timeFrame: query.timeFrame, page },
    { adGroups: adGroupRepository, reports: reportRepository, storage: creativeStorage, now },
  ),
);
