import { Field, NativeSelect } from '@chakra-ui/react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';

/** The advertiser select of the segments pages (their segments belong to one advertiser). */
export function AdvertiserChoice({
  advertisers,
  value,
  onChange,
}: {
  advertisers: readonly TAdvertiser[];
  value: TAdvertiser | null;
  onChange: (advertiser: TAdvertiser | null) => void;
}) {
  return (
    <Field.Root maxW="sm">
      <Field.Label>Advertiser</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value?.bgAdvertiserId ?? ''}
          onChange={(event) =>
            onChange(advertisers.find((a) => a.bgAdvertiserId === event.currentTarget.value) ?? null)
          }
        >
          <AdvertiserOptions advertisers={advertisers} />
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The options of an advertiser select: an empty 'Select an advertiser' first, then each advertiser by name. */
export function AdvertiserOptions({ advertisers }: { advertisers: readonly TAdvertiser[] }) {
  return (
    <>
      <option value="">Select an advertiser</option>
      {advertisers.map((advertiser) => (
        <option key={advertiser.bgAdvertiserId} value={advertiser.bgAdvertiserId}>
          {advertiser.name}
        </option>
      ))}
    </>
  );
}
