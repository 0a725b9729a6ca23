import { now } from '@bidgrid/shared/clock';
import { listSegmentsLogs as operation } from '@bidgrid/shared/segments/segments-log.operations';
import { segmentsLogRepository } from '../adapters/repositories/segments-log.repository';
import { config } from '../kernel/config';
import { listSegmentsLogs } from '../domain/segments/list-segments-logs.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/segmentsLogs/all`: the segments log for internal staff (403 for everyone else). */
export const { handler, raw } = httpHandler(operation, ({ caller, page }) =>
  listSegmentsLogs(
    { username: caller.username, page },
    { segmentsLog: segmentsLogRepository, internalUsers: config().INTERNAL_USERS, now },
  ),
);
