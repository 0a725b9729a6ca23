import { now } from '@bidgrid/shared/clock';
import { createHash } from 'node:crypto';
import { matchCsvCompanies as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { companyMatchingDeps } from '../adapters/wiring';
import { matchCompanies, matchingRunKey } from '../domain/targeting/match-companies.use-case';
import { httpHandler } from '../entry/http';

/**
 * `POST /api/campaign/csv-kickfire-matches {csvCompanies}` (001 §7), the REST twin of the realtime
 * `getCSVKickfireMatches`, on the same use case. A request is one run: an `Idempotency-Key` header
 * names it; without one, the same caller sending the same list the same day is the same run, so a
 * retried request logs its matches once.
 */
export const { handler, raw } = httpHandler(operation, ({ caller, body, request }) => {
  const key = request.headers['idempotency-key'];
  const day = now().toISOString().slice(0, 10);
  const list = createHash('sha256').update(body.csvCompanies.join('\n')).digest('base64url');
  return matchCompanies(
    {
      entries: body.csvCompanies,
      runKey: matchingRunKey(['rest', caller.agencyId, caller.username, key ? `key:${key}` : `${day}:${list}`]),
    },
    companyMatchingDeps(),
  );
});
