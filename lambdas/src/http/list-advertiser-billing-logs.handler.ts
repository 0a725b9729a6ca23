import { listAdvertiserBillingLogs as operation } from '@bidgrid/shared/advertisers/advertiser.operations';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { billingRepository } from '../adapters/repositories/billing.repository';
import { listAdvertiserBillingLogs } from '../domain/billing/list-billing-logs.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/advertiser/billinglog/{advertiserId}`: billing logs of one of the caller's advertisers. */
export const { handler, raw } = httpHandler(operation, ({ caller, params, page }) =>
  listAdvertiserBillingLogs(
    { agencyId: caller.agencyId, advertiserId: params.advertiserId, page },
    { billing: billingRepository, advertisers: advertiserRepository },
  ),
);
