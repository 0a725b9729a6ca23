import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { NotFoundError } from '../../kernel/errors';
import { toPublicAdvertiser } from './advertiser-record.schema';
import type { TAdvertiserRecord } from './advertiser-record.schema';
import type { AdvertiserReader } from '../ports/advertiser.port';

export const ADVERTISER_NOT_FOUND = 'Advertiser not found.';

/**
 * The advertiser `advertiserId` of the agency, or a 404. The look-up is keyed by the caller's agency,
 * so another agency's advertiser is simply not found: the same answer as an id that does not exist.
 */
export async function requireAdvertiser(
  agencyId: string,
  advertiserId: string,
  advertisers: AdvertiserReader,
): Promise<TAdvertiserRecord> {
  const record = await advertisers.getAdvertiser(agencyId, advertiserId);
  if (!record) {
    throw new NotFoundError(ADVERTISER_NOT_FOUND, {
      internalMessage: `Advertiser ${advertiserId} not in agency ${agencyId}`,
    });
  }
  return record;
}

/** `GET /advertiser/{id}`: one advertiser of the caller's agency. */
export async function getAdvertiser(
  input: { agencyId: string; advertiserId: string },
  deps: { advertisers: AdvertiserReader },
): Promise<TAdvertiser> {
  return toPublicAdvertiser(await requireAdvertiser(input.agencyId, input.advertiserId, deps.advertisers));
}
