import { createCampaign as operation } from '@bidgrid/shared/campaigns/campaign.operations';
import { CSV_MATCH_REST_MAX_DOMAINS } from '@bidgrid/shared/constants';
import { campaignCreationDeps } from '../adapters/wiring';
import { createCampaignFromRequest } from '../domain/campaigns/create-campaign-request.use-case';
import { httpHandler } from '../entry/http';

/**
 * `POST /api/campaign/create`: the creation payload's campaign, made at the bidder and stored (the
 * `createCampaign` event's twin for API callers). A concurrent request for the same id is waited for
 * within API Gateway's 29 s.
 */
export const { handler, raw } = httpHandler(operation, ({ caller, body, log }) =>
  createCampaignFromRequest(
    {
      agencyId: caller.agencyId,
      username: caller.username,
      request: body,
      waitMs: 20_000,
      // Within the 29 s REST Lambda (stage config `restTimeoutSeconds`): the bidder work stops at 18 s
      // and is undone, so nothing is ever cut off half made.
      limits: { maxCompanies: CSV_MATCH_REST_MAX_DOMAINS, bidderWorkMs: 18_000 },
    },
    campaignCreationDeps(log),
  ),
);
