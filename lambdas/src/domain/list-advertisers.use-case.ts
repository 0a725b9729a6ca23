import type { TAdvertiser } from '@bidgrid/shared/entities/advertiser.schema';
import { toPublicAdvertiser } from './advertiser-record.schema';
import type { AdvertiserRepository } from './ports/advertiser.port';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * `GET /advertiser/agency/{agencyId}`: the caller's agency's advertisers sorted by name (000 §2),
 * case-insensitively, then by id so equal names keep a stable order. The path's agency id is
 * ignored: the agency is the token's.
 */
export async function listAdvertisers(
  input: { agencyId: string },
  deps: { advertisers: Pick<AdvertiserRepository, 'listAdvertisers'> },
): Promise<TAdvertiser[]> {
  const records = await deps.advertisers.listAdvertisers(input.agencyId);
  return records
    .map(toPublicAdvertiser)
    .sort((a, b) => byName.compare(a.name, b.name) || a.bgAdvertiserId.localeCompare(b.bgAdvertiserId));
}
