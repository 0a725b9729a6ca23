import { memo } from 'react';
import { TRUNCATE } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { compareSortValues } from '@/components/data-table';
import { PlainSelect } from '@/components/plain-select';
import { truncate } from '@/lib/truncate';

/**
 * The header's advertiser dropdown (000 §2): picking another advertiser replaces the URL (no new
 * history entry), so Back leaves the advertiser pages instead of walking through every switch. Memoised
 * (the page passes the same list and callback while they are unchanged).
 */
export const AdvertiserSwitcher = memo(function AdvertiserSwitcher({
  advertisers,
  currentId,
  onSwitch,
}: {
  advertisers: readonly TAdvertiser[];
  currentId: string;
  onSwitch: (advertiserId: string) => void;
}) {
  const options = [...advertisers].sort((a, b) => compareSortValues(a.name, b.name));
  // The current advertiser is always an option, even before the list has loaded.
  const known = options.some((advertiser) => advertiser.bgAdvertiserId === currentId);
  return (
    <PlainSelect
      width={{ base: 'full', md: '72' }}
      aria-label="Switch advertiser"
      value={currentId}
      onChange={(event) => {
        if (event.currentTarget.value !== currentId) onSwitch(event.currentTarget.value);
      }}
    >
      {known ? null : <option value={currentId}>{currentId}</option>}
      {options.map((advertiser) => (
        <option key={advertiser.bgAdvertiserId} value={advertiser.bgAdvertiserId}>
          {truncate(advertiser.name, TRUNCATE.advertiser)}
        </option>
      ))}
    </PlainSelect>
  );
});
