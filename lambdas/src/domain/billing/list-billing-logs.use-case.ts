import type { TBillingLog } from '@bidgrid/shared/billing/billing.schema';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { BillingRepository } from '../ports/billing.port';
import { pagedPayload } from '../ports/page.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';

/** Reads an agency's billing logs, newest first, a page at a time. */
type BillingLogReader = Pick<BillingRepository, 'listBillingLogs'>;

/** `POST /billingLogs/all`: one page of every billing log of the caller's agency ('All Billing Logs'). */
export async function listAllBillingLogs(
  input: { agencyId: string; page: TPageRequest },
  deps: { billing: BillingLogReader },
): Promise<TPagedPayload<TBillingLog[]>> {
  return pagedPayload(await deps.billing.listBillingLogs(input.agencyId, {}, input.page));
}

/**
 * `POST /billingLogs/byusername`: the billing logs of the campaigns the caller created (a charge
 * failure, which belongs to no campaign, counts for the advertiser's creator). The body's user name
 * is ignored: the caller is the token's.
 */
export async function listBillingLogsByUsername(
  input: { agencyId: string; username: string; page: TPageRequest },
  deps: { billing: BillingLogReader },
): Promise<TPagedPayload<TBillingLog[]>> {
  return pagedPayload(await deps.billing.listBillingLogs(input.agencyId, { createdBy: input.username }, input.page));
}

/** `GET /advertiser/billinglog/{advertiserId}`: the logs of one of the caller's advertisers (404 otherwise). */
export async function listAdvertiserBillingLogs(
  input: { agencyId: string; advertiserId: string; page: TPageRequest },
  deps: { billing: BillingLogReader; advertisers: AdvertiserReader },
): Promise<TPagedPayload<TBillingLog[]>> {
  await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  return pagedPayload(
    await deps.billing.listBillingLogs(input.agencyId, { advertiserId: input.advertiserId }, input.page),
  );
}
