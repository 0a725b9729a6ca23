import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { toPublicAdvertiser } from './advertiser-record.schema';
import type { AdvertiserRepository } from '../ports/advertiser.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * `GET /advertiser/agency/{agencyId}`: one page of the caller's agency's advertisers, sorted by name
 * (000 §2), case-insensitively, then by id so equal names keep a stable order. Pages come in the store's
 * order (a name-ordered key would need an index for a list of tens of advertisers), so a client that shows
 * the whole list sorts what it loaded, as the web's table does. The path's agency id is ignored: the
 * agency is the token's.
 */
export async function listAdvertisers(
  input: { agencyId: string; page: TPageRequest },
  deps: { advertisers: Pick<AdvertiserRepository, 'listAdvertisers'> },
): Promise<TPagedPayload<TAdvertiser[]>> {
  const page = await deps.advertisers.listAdvertisers(input.agencyId, input.page);
  const payload = page.items
    .map(toPublicAdvertiser)
    .sort((a, b) => byName.compare(a.name, b.name) || a.bgAdvertiserId.localeCompare(b.bgAdvertiserId));
  return { payload, nextCursor: page.nextCursor };
}
