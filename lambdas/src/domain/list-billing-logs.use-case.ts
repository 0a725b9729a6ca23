import type { TBillingLog } from '@bidgrid/shared/entities/billing.schema';
import { requireAdvertiser } from './get-advertiser.use-case';
import type { AdvertiserReader } from './ports/advertiser.port';
import type { BillingRepository } from './ports/billing.port';

/** Reads an agency's billing logs, newest first. */
type BillingLogReader = Pick<BillingRepository, 'listBillingLogs'>;

/** `POST /billingLogs/all`: every billing log of the caller's agency ('All Billing Logs'). */
export function listAllBillingLogs(
  input: { agencyId: string },
  deps: { billing: BillingLogReader },
): Promise<TBillingLog[]> {
  return deps.billing.listBillingLogs(input.agencyId);
}

/**
 * `POST /billingLogs/byusername`: the billing logs of the campaigns the caller created (a charge
 * failure, which belongs to no campaign, counts for the advertiser's creator). The body's user name
 * is ignored: the caller is the token's.
 */
export function listBillingLogsByUsername(
  input: { agencyId: string; username: string },
  deps: { billing: BillingLogReader },
): Promise<TBillingLog[]> {
  return deps.billing.listBillingLogs(input.agencyId, { createdBy: input.username });
}

/** `GET /advertiser/billinglog/{advertiserId}`: the logs of one of the caller's advertisers (404 otherwise). */
export async function listAdvertiserBillingLogs(
  input: { agencyId: string; advertiserId: string },
  deps: { billing: BillingLogReader; advertisers: AdvertiserReader },
): Promise<TBillingLog[]> {
  await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers);
  return deps.billing.listBillingLogs(input.agencyId, { advertiserId: input.advertiserId });
}
